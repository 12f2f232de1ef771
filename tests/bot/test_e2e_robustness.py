"""Restarts, outdated and foreign clicks, closed DMs, parallel tables and a busy channel."""
from __future__ import annotations

import asyncio
import random

import drawn_ids as ids
from simdriver import (
    channel_texts,
    controls,
    is_decision,
    kind,
    live_board,
    open_table,
    play_to_end,
    take_turn,
    texts_of,
)


async def test_restart_mid_game_with_a_new_bot_then_finish(world):
    rng = random.Random(3)
    players = [world.alice, world.bob]
    table_id, started = await open_table(world, "sutosute", players)
    for _ in range(3):
        for member in players:
            await take_turn(world, member, rng)
    board = live_board(world)
    # the hand of someone who owes a decision now, drawn before the restart
    for member in players:
        hand = await member.slash(world.channel, "game hand")
        if any(is_decision(c) for c in controls(hand.response)):
            break
    before = await world.bot.service.get(table_id)

    await world.restart()
    assert len(world.bot.persistent_views) == 0  # nothing is re-attached: DynamicItems carry the state

    # The old board's My hand button answers from the new process.
    again = await world.alice.click(board, label="My hand")
    assert again.acknowledged and again.ephemeral
    assert f"table #{table_id}" in texts_of(again.response)
    # A control drawn before the restart is still current (nothing moved) and works.
    decision = next(c for c in controls(hand.response) if is_decision(c))
    if decision["type"] == 2:
        used = await member.click(hand.response, custom_id=decision["custom_id"])
    else:
        values = [o["value"] for o in decision["options"][: decision.get("min_values", 1)]]
        used = await member.select(hand.response, values, custom_id=decision["custom_id"])
    assert used.acknowledged
    after = await world.bot.service.get(table_id)
    assert after.version == before.version + 1 or after.status == "finished"
    table = await play_to_end(world, table_id, players, rng, board=board)
    assert table.status == "finished"
    assert any(f"table #{table_id} is over" in text for text in channel_texts(world, world.outsider))


async def test_outdated_click_is_refused_with_fresh_controls(world):
    players = [world.alice, world.bob]
    table_id, started = await open_table(world, "sutosute", players)
    old = await world.alice.slash(world.channel, "game hand")
    old_controls = controls(old.response)
    # Alice moves through another hand (then bob): the controls of the first one are out of date.
    rng = random.Random(1)
    assert await take_turn(world, world.alice, rng)
    while not await world.bot.service.prompts_for(table_id, str(world.alice.id)):
        assert await take_turn(world, world.bob, rng)
    version = (await world.bot.service.get(table_id)).version
    stale = next(c for c in old_controls if kind(c) == "B")
    result = await world.alice.click(old.response, custom_id=stale["custom_id"])
    assert result.acknowledged and result.ephemeral
    assert "out of date" in texts_of(result.response)
    fresh = controls(result.response)
    assert fresh and all(ids.parse(c["custom_id"]).version == version for c in fresh if kind(c) == "B")
    assert (await world.bot.service.get(table_id)).version == version  # nothing changed


async def test_clicks_by_someone_who_owes_nothing_are_refused(world):
    players = [world.alice, world.bob]
    result = await world.alice.slash(world.channel, "game new", game="sutosute")
    lobby = result.response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    await world.bob.click(lobby, label="Join")
    # Not the host: Start and Cancel are refused, the lobby stays.
    refused = await world.bob.click(lobby, label="Start")
    assert refused.acknowledged and refused.ephemeral and "host" in refused.response.content
    refused = await world.bob.click(lobby, label="Cancel")
    assert refused.ephemeral and (await world.bot.service.get(table_id)).status == "lobby"
    # A third player cannot join a 2-player table.
    full = await world.carol.click(lobby, label="Join")
    assert full.ephemeral and "full" in full.response.content
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    # Someone who does not play gets no hand, and changes nothing.
    outsider = await world.outsider.click(live_board(world), label="My hand")
    assert outsider.acknowledged and outsider.ephemeral
    assert "not playing" in outsider.response.content
    assert not outsider.response.embeds
    # The old lobby buttons are gone from the board; /game join now is refused.
    late = await world.carol.slash(world.channel, "game join")
    assert late.ephemeral and "already started" in late.response.content
    assert (await world.bot.service.get(table_id)).version == 0
    del players


async def test_closed_dms_fall_back_to_the_channel_and_are_not_retried(world):
    env = world.env
    env.inject_error("POST", f"/channels/{world.bob.user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    assert world.alice.user.dm_channel.last_message is not None  # alice got her hand by DM
    assert world.bob.user.dm_channel.last_message is None
    ping = channel_texts(world, world.outsider)[-1]
    assert f"<@{world.bob.id}> I can't DM you" in ping
    assert any(f"<@{world.bob.id}> I can't DM you" in texts_of(f) for f in started.followups)  # Start's follow-up
    assert (await world.bot.prefs.user(str(world.bob.id))).dm_closed
    # bob turns on turn DMs: they are tried again (and fail again), then not retried.
    await world.bob.slash(world.channel, "game notify", dm="on")
    def attempts() -> int:
        return sum(1 for r in env.http_requests if r.path == f"/channels/{world.bob.user.dm_channel.id}/messages")

    before = attempts()
    rng = random.Random(2)
    for _ in range(20):  # bob first, so alice's move starts bob's next turn
        for member in (world.bob, world.alice):
            await take_turn(world, member, rng)
        if attempts() > before:
            break
    assert attempts() - before == 1, "one more try after /game notify on"
    for _ in range(6):
        for member in (world.bob, world.alice):
            await take_turn(world, member, rng)
    assert attempts() - before == 1, "after another 50007 the bot stops trying"
    hand = await world.bob.click(live_board(world), label="My hand")
    assert hand.ephemeral and "table #" in texts_of(hand.response)  # the fallback always works


async def test_two_tables_in_two_channels_at_once(world):
    other = world.guild.create_text_channel("more-tables")
    rng = random.Random(4)
    first, started_first = await open_table(world, "sutosute", [world.alice, world.bob])
    result = await world.carol.slash(other, "game new", game="sutosute")
    second_lobby = result.response
    second = ids.parse(controls(second_lobby)[0]["custom_id"]).table
    await world.members[3].click(second_lobby, label="Join")
    started_second = await world.carol.click(second_lobby, label="Start")
    assert first != second
    # Interleave moves of both tables.
    for _ in range(3):
        await take_turn(world, world.alice, rng)
        hand = await world.carol.slash(other, "game hand")
        assert f"table #{second}" in texts_of(hand.response)
    tables = [await world.bot.service.get(t) for t in (first, second)]
    assert tables[0].channel_id == world.channel.id and tables[1].channel_id == other.id
    assert started_first.response.id != started_second.response.id
    admin_list = await world.admin.slash(world.channel, "gameadmin tables")
    assert f"#{first}" in admin_list.response.embeds[0].description
    assert f"#{second}" in admin_list.response.embeds[0].description


async def test_a_simultaneous_choice_stays_valid_when_only_the_other_player_moved(world):
    """Sutosute: both choose at once. Bob's choice does not make alice's open hand stale; a
    choice of her own does."""
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    dm = world.alice.user.dm_channel.last_message  # her first-turn hand by DM, drawn at version 0
    assert await take_turn(world, world.bob, random.Random(1))
    version = (await world.bot.service.get(table_id)).version
    choice = next(c for c in controls(dm) if kind(c) == "B")
    assert ids.parse(choice["custom_id"]).version < version
    used = await world.alice.user.click(dm, custom_id=choice["custom_id"])
    assert used.acknowledged and "out of date" not in texts_of(used.response)
    assert (await world.bot.service.get(table_id)).version == version + 1
    # her own move changed her prompt: a control drawn before it is out of date now
    hand = await world.alice.slash(world.channel, "game hand")
    assert "out of date" not in texts_of(hand.response)
    dm = world.alice.user.dm_channel.last_message
    # the DM hand she clicked was redrawn with her present controls: the old one is gone from it
    shown = any(c["custom_id"] == choice["custom_id"] for c in controls(dm))
    stale = await world.alice.user.click(dm, custom_id=choice["custom_id"]) if shown else None
    assert stale is None or "out of date" in texts_of(stale.response) or not controls(stale.response)


async def test_a_second_new_in_a_busy_channel_is_refused(world):
    await world.alice.slash(world.channel, "game new", game="sutosute")
    count = len(world.channel.history())
    second = await world.bob.slash(world.channel, "game new", game="ganymede")
    assert second.acknowledged and second.ephemeral
    assert "already has a game" in second.response.content
    assert len(world.channel.history(viewer=world.outsider)) == count


async def test_commands_are_synced_once_not_on_every_start(world):
    puts = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 1
    await world.restart()
    puts = [r for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(puts) == 1, "unchanged commands are not uploaded again"
    assert "game new" in world.alice.available_commands(world.channel)


async def test_slow_work_is_deferred_within_three_seconds(world, monkeypatch):
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    hand = await world.alice.slash(world.channel, "game hand")
    service = world.bot.service
    real_act = service.act

    async def slow_act(*args, **kwargs):
        await asyncio.sleep(2.5)  # virtual time: a database that stalls for 2.5 s
        return await real_act(*args, **kwargs)

    monkeypatch.setattr(service, "act", slow_act)
    decision = next(c for c in controls(hand.response) if is_decision(c))
    values = [o["value"] for o in decision.get("options", [])][: decision.get("min_values", 1)]
    result = await (world.alice.click(hand.response, custom_id=decision["custom_id"]) if decision["type"] == 2
                    else world.alice.select(hand.response, values, custom_id=decision["custom_id"]))
    assert result.acknowledged and result.deferred, "acknowledged (deferred) while the service stalls"
    await world.env.advance_time(3)  # the stalled call finishes; the deferred reply is completed
    assert "table #" in texts_of(result.response)
    assert (await service.get(table_id)).version == 1


def stall(monkeypatch, service, name: str, seconds: float = 2.5) -> None:
    """The service's `name` stalls for `seconds` of virtual time (a busy database)."""
    real = getattr(service, name)

    async def slow(*args, **kwargs):
        await asyncio.sleep(seconds)
        return await real(*args, **kwargs)

    monkeypatch.setattr(service, name, slow)


def first_answers(world, since: int) -> list[int]:
    """The callback types of the interactions answered since request number `since`
    (4 message, 5 deferred message, 6 deferred update, 7 update)."""
    return [r.json["type"] for r in world.env.http_requests[since:]
            if r.method == "POST" and r.path.endswith("/callback")]


async def test_every_command_and_click_is_answered_in_time_when_the_store_stalls(world, monkeypatch):
    service = world.bot.service
    stall(monkeypatch, service, "open_lobby")
    since = len(world.env.http_requests)
    opened = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert first_answers(world, since) == [5], "a public 'thinking…' in time"
    await world.env.advance_time(3)
    assert opened.acknowledged and not opened.ephemeral
    lobby = world.channel.last_message
    assert "table #" in texts_of(lobby), "the lobby replaced the placeholder"
    assert not lobby.flags.ephemeral
    stall(monkeypatch, service, "join")
    since = len(world.env.http_requests)
    joined = await world.bob.click(lobby, label="Join")
    await world.env.advance_time(3)
    assert joined.acknowledged and first_answers(world, since) == [6]
    table = await service.table_in_channel(world.channel.id)
    assert table.user_seated(str(world.bob.id))
    lobby = next(m for m in world.channel.history() if m.id == lobby.id)
    assert f"<@{world.bob.id}>" in texts_of(lobby), "the lobby message was redrawn"
    stall(monkeypatch, service, "user_prefs")
    world.bot.prefs._users.clear()
    since = len(world.env.http_requests)
    rules = await world.carol.slash(world.channel, "game rules", game="sutosute")
    await world.env.advance_time(3)
    assert rules.acknowledged and first_answers(world, since) == [5]
    assert rules.response.embeds and rules.response.ephemeral


async def test_a_fast_answer_is_not_deferred_and_answered_once(world):
    since = len(world.env.http_requests)
    opened = await world.alice.slash(world.channel, "game new", game="sutosute")
    joined = await world.bob.click(opened.response, label="Join")
    await world.env.advance_time(5)  # the guards wake up, see the answers, and do nothing
    assert opened.acknowledged and joined.acknowledged
    assert first_answers(world, since) == [4, 7]
