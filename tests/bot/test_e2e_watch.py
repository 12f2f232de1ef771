"""Watching as members do it: `/game browse` lists the server's lobbies (Join) and
running games (Watch links) in channels the member can see, never private ones; a private
lobby takes invitees and the join code only; Follow on a board brings DMs with the board
picture at each round's end and at the end; a closed DM is remembered."""
from __future__ import annotations

import random

import discord
import drawn_ids as ids
import pytest
from simdriver import controls, live_board, lobby_button, play_to_end, set_lobby_option, texts_of

from tables.errors import TableError


def buttons(message) -> list[dict]:
    from simdriver import payload_components, walk
    return [c for c in walk(payload_components(message)) if c.get("type") == 2]


async def lobby_in(world, member, channel, game="guns-and-steel"):
    opened = await member.slash(channel, "game new", game=game)
    assert opened.acknowledged and not opened.ephemeral
    return opened.response, ids.parse(controls(opened.response)[0]["custom_id"]).table


async def test_browse_lists_what_the_member_can_see_and_joins_from_the_list(world):
    lobby, lobby_id = await lobby_in(world, world.alice, world.channel)
    hidden = world.guild.create_text_channel("staff", overwrites={
        world.guild.default_role: discord.PermissionOverwrite(view_channel=False),
        world.admin: discord.PermissionOverwrite(view_channel=True),
        world.bot.user: discord.PermissionOverwrite(view_channel=True, send_messages=True, embed_links=True,
                                                    attach_files=True)})
    _, staff_id = await lobby_in(world, world.admin, hidden)
    listed = await world.carol.slash(world.channel, "game browse")
    assert listed.acknowledged and listed.ephemeral
    names = [f.name for f in listed.response.embeds[0].fields]
    assert any(f"#{lobby_id}" in n for n in names) and not any(f"#{staff_id}" in n for n in names)
    join = next(c for c in buttons(listed.response) if c.get("custom_id", "").endswith(":BJ"))
    joined = await world.carol.click(listed.response, custom_id=join["custom_id"])
    assert joined.ephemeral and f"You joined table #{lobby_id}" in joined.response.content
    assert (await world.bot.service.get(lobby_id)).user_seated(str(world.carol.id))
    seen_by_admin = await world.admin.slash(world.channel, "game browse")
    assert any(f"#{staff_id}" in f.name for f in seen_by_admin.response.embeds[0].fields)


async def test_a_private_lobby_takes_invitees_and_the_code_and_is_not_listed(world):
    lobby, table_id = await lobby_in(world, world.alice, world.channel)
    lobby = await set_lobby_option(world, world.alice, lobby, "@private", "on")
    refused = await world.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert refused.ephemeral and "This table is private" in refused.response.content
    assert not (await world.bot.service.get(table_id)).user_seated(str(world.bob.id))
    listed = await world.outsider.slash(world.channel, "game browse")
    assert not any(f"#{table_id}" in f.name for f in listed.response.embeds[0].fields)
    invited = await world.alice.slash(world.channel, "game invite", member=world.bob.user)
    assert invited.ephemeral and "Join code:" in invited.response.content
    code = (await world.bot.service.get(table_id)).settings.join_code
    assert code in invited.response.content
    joined = await world.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    assert joined.acknowledged and not joined.ephemeral
    wrong = await world.carol.slash(world.channel, "game join", code="NOPE22")
    assert wrong.ephemeral and "does not match" in wrong.response.content
    by_code = await world.carol.slash(world.channel, "game join", code=code)
    assert by_code.ephemeral and f"#{table_id}" in by_code.response.content
    started = await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged
    board = live_board(world)
    assert not any(c.get("custom_id", "").endswith(":F") for c in buttons(board)), "no Follow on a private board"
    with pytest.raises(TableError) as refused:  # a Follow click from elsewhere is refused by the service
        await world.bot.service.follow(table_id, str(world.outsider.id))
    assert refused.value.key == "follow.private"
    assert not await world.bot.service.is_following(table_id, str(world.outsider.id))


async def test_a_follower_gets_the_board_by_dm_at_each_round_and_at_the_end(world):
    from simdriver import open_table
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    board = live_board(world)
    follow = next(c for c in buttons(board) if c.get("custom_id", "").endswith(":F"))
    answer = await world.outsider.click(board, custom_id=follow["custom_id"])
    assert answer.ephemeral and f"You follow table #{table_id}" in answer.response.content
    assert any(c.get("custom_id", "").endswith(":UF") for c in buttons(answer.response))
    await play_to_end(world, table_id, [world.alice, world.bob], random.Random(5))
    dms = [m for m in world.outsider.user.dm_channel.history()]
    rounds = [m for m in dms if "A round ended" in (m.content or "")]
    ends = [m for m in dms if "is over" in (m.content or "")]
    assert rounds and len(ends) == 1, [m.content for m in dms]
    assert all(m.attachments for m in rounds + ends), "each DM carries the board picture"
    assert ends[0] is dms[-1]


async def test_unfollow_and_a_closed_dm_is_remembered(world):
    from simdriver import open_table
    env = world.env
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    follow_id = ids.make(table_id, 0, "F")
    board = live_board(world)
    await world.carol.click(board, custom_id=follow_id)
    answer = await world.outsider.click(board, custom_id=follow_id)
    stopped = await world.outsider.click(answer.response, custom_id=ids.make(table_id, 0, "UF"))
    assert stopped.ephemeral and "no longer follow" in stopped.response.content
    assert not await world.bot.service.is_following(table_id, str(world.outsider.id))
    env.inject_error("POST", f"/channels/{world.carol.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    await play_to_end(world, table_id, [world.alice, world.bob], random.Random(5))
    assert (await world.bot.prefs.user(str(world.carol.id))).dm_closed
    assert world.outsider.user.dm_channel.last_message is None, "unfollowed: no DMs"
    next_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])  # the next game here
    again = await world.carol.click(live_board(world), custom_id=ids.make(next_id, 0, "F"))
    assert again.ephemeral and "DMs were closed" in again.response.content


async def test_follow_answers_in_japanese(world):
    from simdriver import open_table
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.outsider.slash(world.channel, "game language", language="ja")
    answer = await world.outsider.click(live_board(world), custom_id=ids.make(table_id, 0, "F"))
    assert "フォローしました" in answer.response.content
    assert "🏖️" not in texts_of(live_board(world))


async def test_followers_hear_when_an_admin_ends_the_game(world):
    from simdriver import open_table
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.outsider.click(live_board(world), custom_id=ids.make(table_id, 0, "F"))
    ended = await world.admin.slash(world.channel, "gameadmin end")
    assert ended.acknowledged
    last = world.outsider.user.dm_channel.last_message
    assert last is not None and f"#{table_id} is over: the game was ended." in last.content
