"""`/game mine` as a player with tables in two servers uses it: in a server and in a DM with
the bot, the tables that wait for them first, a link to each board, paged when long."""
from __future__ import annotations

import random

import drawn_ids as ids
from simdriver import controls, open_table, take_turn

from games import registry

SUTOSUTE = registry.get("sutosute").names["en"]


def link_buttons(message) -> list[str]:
    return [c["url"] for c in controls_with_links(message) if c.get("style") == 5]


def controls_with_links(message) -> list[dict]:
    from simdriver import payload_components, walk
    return [c for c in walk(payload_components(message)) if c.get("type") == 2]


async def second_server(world):
    """Another server where alice and carol play (the bot is there too)."""
    guild = world.env.create_guild("Night Owls")
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(world.alice.user)
    carol = guild.add_member(world.carol.user)
    return guild, channel, alice, carol


async def test_mine_lists_your_tables_in_every_server_waiting_ones_first_with_links(world):
    here, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    guild, channel, alice_there, carol_there = await second_server(world)
    opened = await alice_there.slash(channel, "game new", game="sutosute")
    lobby = opened.response
    joined = await carol_there.click(lobby, custom_id=next(c["custom_id"] for c in controls(lobby)
                                                           if c["custom_id"].endswith(":join")))
    assert joined.acknowledged
    there = ids.parse(controls(lobby)[0]["custom_id"]).table
    started = await alice_there.click(lobby, custom_id=next(c["custom_id"] for c in controls(lobby)
                                                            if c["custom_id"].endswith(":start")))
    assert started.acknowledged
    # alice answers at the first table (Sutosute: both place a card), so only the second waits for her
    await take_turn(world, world.alice, random.Random(1))

    shown = await world.alice.slash(world.channel, "game mine")
    assert shown.acknowledged and shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title == "Your tables"
    fields = [(f.name, f.value) for f in embed.fields]
    assert [name for name, _ in fields] == [f"🎯 {SUTOSUTE} #{there}", f"{SUTOSUTE} #{here}"], fields
    assert "Night Owls" in fields[0][1] and f"<#{channel.id}>" in fields[0][1] and "your turn" in fields[0][1]
    assert "Card Club" in fields[1][1] and "waiting for bob" in fields[1][1]
    links = link_buttons(shown.response)
    board_there = (await world.bot.service.get(there)).board_message_id
    assert links[0] == f"https://discord.com/channels/{guild.id}/{channel.id}/{board_there}"
    assert links[1].startswith(f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/")

    in_dm = await world.alice.user.slash("game mine")  # the same list in a DM with the bot
    assert in_dm.acknowledged
    assert [f.name for f in in_dm.response.embeds[0].fields] == [name for name, _ in fields]

    bobs = await world.bob.slash(world.channel, "game mine")  # bob sees only his own table
    assert [f.name for f in bobs.response.embeds[0].fields] == [f"🎯 {SUTOSUTE} #{here}"]


async def test_mine_in_japanese_and_when_you_have_no_table(world):
    await world.outsider.slash(world.channel, "game language", language="ja")
    shown = await world.outsider.slash(world.channel, "game mine")
    embed = shown.response.embeds[0]
    assert embed.title == "参加中の卓" and "参加中の卓はありません" in embed.description
    assert link_buttons(shown.response) == []


async def test_a_long_list_pages(world):
    world.bot.service.max_open_tables_per_user = 20
    channels = [world.guild.create_text_channel(f"t{n}") for n in range(7)]
    for channel in channels:
        assert (await world.alice.slash(channel, "game new", game="sutosute")).acknowledged
    first = await world.alice.slash(world.channel, "game mine")
    embed = first.response.embeds[0]
    assert len(embed.fields) == 5 and embed.footer.text == "Page 1 of 2"
    assert "Open tables: 7" in embed.description
    turn = next(c for c in controls_with_links(first.response) if c.get("custom_id", "").endswith(":M:1"))
    second = await world.alice.click(first.response, custom_id=turn["custom_id"])
    assert second.acknowledged
    page_two = second.response.embeds[0]
    assert len(page_two.fields) == 2 and page_two.footer.text == "Page 2 of 2"
    seen = {f.name for f in embed.fields} | {f.name for f in page_two.fields}
    assert len(seen) == 7, "every table once across the pages"


async def test_a_solo_game_in_the_dm_with_the_bot_is_listed_as_direct_messages(world):
    opened = await world.alice.user.slash("game new", game="fort-of-gold")
    assert opened.acknowledged and not opened.ephemeral
    lobby = opened.response
    started = await world.alice.user.click(lobby, custom_id=next(c["custom_id"] for c in controls(lobby)
                                                                 if c["custom_id"].endswith(":start")))
    assert started.acknowledged
    shown = await world.alice.slash(world.channel, "game mine")
    (field,) = shown.response.embeds[0].fields
    assert "direct messages" in field.value and "your turn" in field.value
    assert link_buttons(shown.response)[0].startswith("https://discord.com/channels/@me/")
