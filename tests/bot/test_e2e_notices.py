"""Every notice told exactly once, through SimCord's fault injection: a post Discord
refused for a while is told once it heals (with a nonce, so a retry cannot post twice); one it
refuses for good is not retried, and the players (by DM) and the admins (`/gameadmin tables`)
are told; a turn ping whose turn was played meanwhile is dropped, not posted late."""
from __future__ import annotations

import random

from simdriver import open_table, take_turn, texts_of

HEALED_S = 1200  # longer than any retry's backoff and a claim's lease
ARCHIVED_THREAD = 50083


async def _ping_refused(world, rng, players) -> list:
    """Play until a move hands the turn on while posting fails; the pending turn pings."""
    for _ in range(20):
        for member in players:
            await world.env.advance_time(200)  # the next player is not at the table: the board pings them
            await take_turn(world, member, rng)
            await world.bot.announcer.drain()
            pending = [n for n in await _not_told(world) if n.kind == "turn_started"]
            if pending:
                return pending
    raise AssertionError("no move handed the turn on")


async def _not_told(world) -> list:
    """Notices still pending or given up on (refused, stale): not told in the channel."""
    from tables.models import Notice
    rows = await world.bot.service.store.db.fetch("SELECT payload FROM outbox WHERE outcome IS NULL OR outcome <> $1 "
                                                  "ORDER BY seq", "delivered")
    return [Notice.model_validate_json(r["payload"]) for r in rows]


def _posts(world, channel_id: int) -> list:
    return [r for r in world.env.http_requests if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


def _break_posts(world, channel_id: int, **fault) -> None:
    env = world.env
    env.inject_error("POST", f"/channels/{channel_id}/messages", times=None, **fault)
    env.inject_error("POST", "/webhooks/*", times=None, **fault)  # a move's follow-up falls back to the channel


def _heal(world) -> None:
    world.env.backend.faults.clear()


def _pinged(world, channel_id: int, user: str, since: int = 0) -> int:
    """How many of the bot's posts in the channel named `user` (from request number `since`)."""
    return sum(1 for r in world.env.http_requests[since:]
               if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"
               and f"<@{user}>" in str(r.json))


async def test_a_turn_ping_refused_with_503_is_told_once_discord_heals(world):
    rng = random.Random(5)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    channel_id = (await world.bot.service.get(table_id)).channel_id
    _break_posts(world, channel_id, status=503, message="Service Unavailable")
    pending = await _ping_refused(world, rng, players)
    (ping,) = pending[-1:]
    await world.env.advance_time(1)
    assert [n.id for n in await world.bot.service.pending_notices()] == [n.id for n in pending], \
        "a refused ping stays in the outbox"
    _heal(world)
    mark = len(world.env.http_requests)
    await world.env.advance_time(HEALED_S)
    await world.bot.announcer.drain()
    assert _pinged(world, channel_id, ping.users[0], mark) == 1, "the ping is told once Discord heals, once"
    assert await world.bot.service.pending_notices() == []
    (retried,) = [r for r in world.env.http_requests[mark:] if r.method == "POST" and f"<@{ping.users[0]}>" in str(r.json)]
    assert retried.json.get("nonce") and retried.json.get("enforce_nonce") is True, "a retry carries a nonce"


async def test_a_ping_refused_for_good_is_not_retried_and_players_and_admins_are_told(world):
    rng = random.Random(5)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    channel_id = (await world.bot.service.get(table_id)).channel_id
    _break_posts(world, channel_id, status=403, code=50013, message="Missing Permissions")
    pending = await _ping_refused(world, rng, players)
    user = pending[-1].users[0]
    member = next(m for m in players if str(m.id) == user)
    dm = member.user.dm_channel.last_message
    assert dm is not None and "couldn't post the turn ping" in texts_of(dm) and f"#{table_id}" in texts_of(dm), \
        "the player is told by DM"
    tries = len(_posts(world, channel_id))
    await world.env.advance_time(2 * 3600)
    await world.bot.announcer.drain()
    assert len(_posts(world, channel_id)) == tries, "a permanent refusal is not retried"
    assert await world.bot.service.pending_notices() == []
    admin = await world.admin.slash(world.channel, "gameadmin tables")
    shown = texts_of(admin.response)
    assert "Messages Discord refused" in shown and f"table #{table_id}" in shown and "50013" in shown


async def test_a_ping_in_an_archived_thread_is_not_retried(world):
    rng = random.Random(7)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    channel_id = (await world.bot.service.get(table_id)).channel_id
    _break_posts(world, channel_id, status=400, code=ARCHIVED_THREAD,
                 message="Thread is archived")
    pending = await _ping_refused(world, rng, players)
    member = next(m for m in players if str(m.id) == pending[-1].users[0])
    assert "archived or locked" in texts_of(member.user.dm_channel.last_message)
    tries = len(_posts(world, channel_id))
    await world.env.advance_time(3600)
    assert len(_posts(world, channel_id)) == tries
    assert await world.bot.service.pending_notices() == []


async def test_a_turn_ping_for_a_turn_already_played_is_dropped(world):
    rng = random.Random(5)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    channel_id = (await world.bot.service.get(table_id)).channel_id
    _break_posts(world, channel_id, status=503, message="Service Unavailable")
    pending = await _ping_refused(world, rng, players)
    user = pending[-1].users[0]
    member = next(m for m in players if str(m.id) == user)
    _heal(world)
    mark = len(world.env.http_requests)
    assert await take_turn(world, member, rng)  # before the retry is due, the pinged player plays
    await world.bot.announcer.drain()
    table = await world.bot.service.get(table_id)
    still = table.seat(user).turn_started_at
    await world.env.advance_time(HEALED_S)
    await world.bot.announcer.drain()
    old = [n.id for n in pending if n.users == [user]]
    rows = await world.bot.service.store.outbox.rows(old)
    assert {r.outcome for r in rows} == {"stale"}, "the ping for a turn already played is dropped"
    if still is None:  # their turn is over: nobody is named for the old ping
        assert _pinged(world, channel_id, user, mark) == 0
    assert await world.bot.service.pending_notices() == []


async def test_a_refused_result_is_announced_after_a_restart_once_healed(world):
    """The audit's case: a game result whose post got a 503 was never announced, not even after
    healing and a restart."""
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    table = await world.bot.service.get(table_id)
    _break_posts(world, table.settings.parent_channel_id or table.channel_id, status=503)
    await world.alice.slash(world.channel, "game resign")
    await world.bob.slash(world.channel, "game resign")
    await world.bot.announcer.drain()
    assert "game_over" in [n.kind for n in await world.bot.service.pending_notices()], "the result is not told yet"
    _heal(world)
    await world.restart()
    await world.env.advance_time(HEALED_S)
    await world.bot.announcer.drain()
    assert await world.bot.service.pending_notices() == []
    told = [r for r in world.env.http_requests if r.method == "POST" and f"/channels/{world.channel.id}/messages" == r.path
            and f"#{table_id}" in str(r.json) and "over" in str(r.json)]
    assert told, "the result was posted after the restart"
