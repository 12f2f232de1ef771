"""Crash windows through Discord: a move committed just before the process died is announced
by the next process (turn ping and board), from the outbox."""
from __future__ import annotations

import random

from simdriver import channel_texts, open_table, take_turn


async def test_a_move_committed_just_before_a_crash_is_announced_after_restart(world):
    rng = random.Random(5)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    await world.bot.announcer.drain()
    world.bot.announcer.publish = lambda *args, **kwargs: None  # the process dies before it tells anyone
    pending = []
    for _ in range(20):
        for member in players:
            await take_turn(world, member, rng)
        pending = [n for n in await world.bot.service.pending_notices() if n.kind in ("turn_started", "game_over")]
        if pending:
            break
    assert pending, "a move handed the turn on (or ended the game)"
    version = (await world.bot.service.get(table_id)).version
    assert all(f"move {version}" not in text for text in channel_texts(world, world.outsider)), \
        "the channel is a move behind before the restart"

    await world.restart()
    await world.bot.announcer.drain()

    # The board carries the ping: after the restart the live board (reposted or edited in place)
    # shows the committed move and names whoever's turn it is now; a game over posts the result.
    told = "\n".join(channel_texts(world, world.outsider))
    for notice in pending:
        if notice.kind == "turn_started":
            assert f"move {version}" in told, "the board caught up with the committed move"
            assert any(f"<@{user}>" in told for user in notice.users), f"no ping for {notice.users} after restart"
        else:
            assert f"table #{table_id} is over" in told
    assert await world.bot.service.pending_notices() == [], "delivered notices leave the outbox"
