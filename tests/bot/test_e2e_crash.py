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


async def test_while_the_database_is_away_players_are_told_to_try_again_and_nothing_is_logged_as_a_bug(world, caplog):
    """A database outage answers every command and click with "the database is
    unavailable; nothing was changed; try again in a minute" in the user's language; no
    traceback, not even from the turn clock; afterwards everything works again."""
    import logging

    from simdriver import live_board, texts_of

    from persistence import Unavailable
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.bob.slash(world.channel, "game language", language="ja")
    await world.bot.announcer.drain()
    board = live_board(world)
    db = world.bot.service.store.db

    async def away(*args, **kwargs):
        for arg in args:
            getattr(arg, "close", lambda: None)()  # a unit that never ran
        raise Unavailable("ConnectionRefusedError: [Errno 111] Connection refused")

    saved = {name: getattr(db, name) for name in ("run", "read", "fetch", "peek")}
    for name in saved:
        setattr(db, name, away)
    try:
        with caplog.at_level(logging.INFO):
            en = await world.alice.click(board, label="My hand")
            hand = await world.alice.slash(world.channel, "game hand")
            ja = await world.bob.slash(world.channel, "game hand")
            await world.env.advance_time(90)  # the turn clock ticks meanwhile
        assert texts_of(en.response) == texts_of(hand.response) == \
            "The database is unavailable; nothing was changed. Please try again in a minute."
        assert texts_of(ja.response) == "データベースに接続できません。何も変更されていません。1分ほどしてからもう一度お試しください。"
        assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR], caplog.text
    finally:
        for name, method in saved.items():
            setattr(db, name, method)
    again = await world.alice.slash(world.channel, "game hand")
    assert f"table #{table_id}" in texts_of(again.response)
