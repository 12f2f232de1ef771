"""`/gameadmin`: refused to non-admins (hidden by default permissions and checked again on the
server), end, kick, skip, settings, tables; resign; abandoned lobbies; a fresh board after an hour."""
from __future__ import annotations

import random

import drawn_ids as ids
import pytest
import simcord
from simdriver import channel_texts, controls, kind, open_table, take_turn


async def test_non_admins_are_refused_even_when_the_command_is_shown_to_them(world):
    with pytest.raises(simcord.SetupError):  # hidden: default permission Manage Server
        await world.bob.slash(world.channel, "gameadmin end")
    commands = await world.bot.tree.fetch_commands()
    gameadmin = next(c for c in commands if c.name == "gameadmin")
    world.guild.set_command_permissions(gameadmin, {world.bob: True})  # a server re-maps the permission
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    refused = await world.bob.slash(world.channel, "gameadmin end")
    assert refused.acknowledged and refused.ephemeral
    assert "Manage Server" in refused.response.content
    assert (await world.bot.service.get(table_id)).status == "running"


async def test_admin_ends_a_table_and_it_is_not_rated(world):
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    ended = await world.admin.slash(world.channel, "gameadmin end")
    assert ended.ephemeral and f"#{table_id}" in ended.response.content
    table = await world.bot.service.get(table_id)
    assert table.status == "finished"
    assert not controls(started.response), "the board lost its My hand button"
    assert any("ended table" in x and "ratings" in x for x in channel_texts(world, world.outsider))
    stats = await world.bot.service.stats(world.guild.id, game="sutosute")
    assert all(line.rated_games == 0 for line in stats)
    again = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert again.acknowledged and not again.ephemeral  # the channel is free again


async def test_admin_kicks_a_player_whose_seat_then_plays_itself(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    kicked = await world.admin.slash(world.channel, "gameadmin kick", player=world.bob.user)
    assert kicked.ephemeral
    table = await world.bot.service.get(table_id)
    assert table.seat(str(world.bob.id)).auto
    assert any("removed by an admin" in x for x in channel_texts(world, world.outsider))
    # bob's seat moves by itself: alice alone can finish the game
    rng = random.Random(5)
    for _ in range(500):
        if not await take_turn(world, world.alice, rng):
            break
    assert (await world.bot.service.get(table_id)).status == "finished"


async def test_admin_skips_idle_seats_now(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    version = (await world.bot.service.get(table_id)).version
    skipped = await world.admin.slash(world.channel, "gameadmin skip")
    assert skipped.ephemeral and "idle seats" in skipped.response.content
    assert (await world.bot.service.get(table_id)).version > version
    assert any("ran out of time" in x for x in channel_texts(world, world.outsider))


async def test_resign_hands_the_seat_over(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    resigned = await world.bob.slash(world.channel, "game resign")
    assert resigned.ephemeral and "resigned" in resigned.response.content
    assert (await world.bot.service.get(table_id)).seat(str(world.bob.id)).auto
    assert any("resigned" in x for x in channel_texts(world, world.outsider))
    again = await world.bob.slash(world.channel, "game resign")
    assert again.ephemeral and "not seated" in again.response.content


async def test_settings_show_and_validate(world):
    shown = await world.admin.slash(world.channel, "gameadmin settings")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["Turn limit"] == "No limit" or fields["Turn limit"] == "none"
    bad = await world.admin.slash(world.channel, "gameadmin settings", reminders="soon")
    assert bad.ephemeral and "30m, 2h, 1d" in bad.response.content
    other = world.guild.create_text_channel("games-only")
    await world.admin.slash(world.channel, "gameadmin settings", allow_channel=other, max_tables=1)
    refused = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert refused.ephemeral and "cannot be opened in this channel" in refused.response.content
    opened = await world.alice.slash(other, "game new", game="sutosute")
    assert not opened.ephemeral
    capped = await world.alice.slash(world.guild.create_text_channel("x"), "game new", game="sutosute")
    assert capped.ephemeral


async def test_time_zones_and_quiet_hours_are_read_as_people_write_them(world):
    """An offset beyond ±14:00 gets the bot's own words (never pydantic's), and quiet
    hours may be written as clock times."""
    for offset in ("+14:59", "-15", "+9:75"):
        bad = await world.admin.slash(world.channel, "gameadmin settings", utc_offset=offset)
        assert bad.ephemeral and bad.response.content == \
            "Time zone: write an offset from -14:00 to +14:00, like +9 or -5:30.", (offset, bad.response.content)
    shown = await world.admin.slash(world.channel, "gameadmin settings", quiet_hours="22:00-07:00", utc_offset="+14:00")
    values = " ".join(f.value for f in shown.response.embeds[0].fields)
    assert "22:00–7:00 (UTC+14:00)" in values, values
    odd = await world.admin.slash(world.channel, "gameadmin settings", quiet_hours="22:30-07:00")
    assert odd.ephemeral and "22:00-07:00" in odd.response.content


async def test_an_abandoned_lobby_closes_itself(world):
    await world.admin.slash(world.channel, "gameadmin settings", lobby_timeout=3600)
    result = await world.alice.slash(world.channel, "game new", game="sutosute")
    lobby = result.response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    await world.env.advance_time(59 * 60)
    assert (await world.bot.service.get(table_id)).status == "lobby"
    await world.env.advance_time(2 * 60)
    assert (await world.bot.service.get(table_id)).status == "cancelled"
    assert not controls(lobby), "the lobby buttons are gone"
    assert any("nobody started" in x for x in channel_texts(world, world.outsider))


async def test_a_board_older_than_an_hour_is_posted_afresh(world):
    """One live board per table, always the one with controls; a board too old for Discord's
    edits comes back as a new message and the old one is deleted, not left behind."""
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    rng = random.Random(6)
    first_board = (await world.bot.service.get(table_id)).board_message_id
    await world.env.advance_time(61 * 60)
    for member in (world.alice, world.bob, world.alice, world.bob):
        await take_turn(world, member, rng)
        table = await world.bot.service.get(table_id)
        live = [m for m in world.channel.history(viewer=world.outsider) if controls(m)]
        assert [m.id for m in live] == [table.board_message_id]
        assert kind(controls(live[0])[0]) == "H"
    assert table.board_message_id != first_board
    assert first_board not in {m.id for m in world.channel.history()}, "the old board is gone"


async def test_the_table_list_of_a_busy_server_fits_in_one_message(world):
    service = world.bot.service
    for n in range(45):  # 45 lobbies of four people each, in 45 channels
        channel = world.guild.create_text_channel(f"t{n}")
        table = await service.open_lobby(world.guild.id, channel.id, f"{10**18 + n}", f"host{n}", "guns-and-steel")
        for k in range(1, 4):
            await service.join(table.id, f"{2 * 10**18 + 100 * n + k}", f"p{k}")
    listed = await world.admin.slash(world.channel, "gameadmin tables")
    assert listed.acknowledged and listed.ephemeral
    embed = listed.response.embeds[0]
    assert embed.title == "Open tables (45)"
    assert "#1 " in embed.description and "more" in embed.description.splitlines()[-1]


async def test_settings_with_many_allowed_channels_still_show(world):
    for n in range(60):
        channel = world.guild.create_text_channel(f"games-{n}")
        result = await world.admin.slash(world.channel, "gameadmin settings", allow_channel=channel)
        assert result.acknowledged
    shown = await world.admin.slash(world.channel, "gameadmin settings")
    field = next(f for f in shown.response.embeds[0].fields if f.name == "Channels")
    assert field.value.startswith("<#") and len(field.value) <= 1024


async def test_the_servers_level_for_idle_seats_is_where_new_tables_start(world):
    """`/gameadmin settings auto_level`: admins only, greedy or strong (typed in either language,
    suggested while typing), anything else refused in the admin's language; new tables of the
    server start with it."""
    offered = await world.admin.autocomplete(world.channel, "gameadmin settings", "auto_level", "")
    assert [c["value"] for c in offered] == ["greedy", "strong"]
    bad = await world.admin.slash(world.channel, "gameadmin settings", auto_level="random")
    assert bad.ephemeral and bad.response.content == "Idle seats: choose one of greedy, strong."
    await world.admin.slash(world.channel, "game language", language="ja")
    bad = await world.admin.slash(world.channel, "gameadmin settings", auto_level="weak")
    assert bad.response.content == "放置された席のコンピューター：ふつう、強いのいずれかを選んでください。"
    assert (await world.bot.service.guild_settings(world.guild.id)).auto_level == "strong", "nothing changed"

    commands = await world.bot.tree.fetch_commands()
    gameadmin = next(c for c in commands if c.name == "gameadmin")
    world.guild.set_command_permissions(gameadmin, {world.bob: True})  # shown to a member, still refused
    refused = await world.bob.slash(world.channel, "gameadmin settings", auto_level="greedy")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert (await world.bot.service.guild_settings(world.guild.id)).auto_level == "strong"

    saved = await world.admin.slash(world.channel, "gameadmin settings", auto_level="ふつう")
    fields = {f.name: f.value for f in saved.response.embeds[0].fields}
    assert fields["放置された席を指すコンピューター"] == "ふつう"
    lobby = await world.alice.slash(world.channel, "game new", game="sutosute")
    table_id = ids.parse(controls(lobby.response)[0]["custom_id"]).table
    assert (await world.bot.service.get(table_id)).settings.auto_level == "greedy"
