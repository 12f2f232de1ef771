"""Pictures are drawn only for someone who will see them: after a move, one board, the hand of
the player who moved (they are looking at it) and the hands of those who must act now, never
the hand of a player who neither acts nor asked for it; and none on the event loop's thread."""
from __future__ import annotations

import random
import threading

from simdriver import open_table, take_turn

import pictures
from games import registry


async def test_a_move_draws_one_board_and_only_the_hands_of_the_mover_and_those_who_must_act(world, monkeypatch):
    drawn: list[tuple[str, str | None]] = []
    on_the_loop: list[str] = []  # pictures drawn on the event loop's thread (none may be)
    draw_board, draw_hand = pictures.board_png, pictures.hand_png

    def spy_board(key, view, lang="en"):
        drawn.append(("board", None))
        if threading.current_thread() is threading.main_thread():
            on_the_loop.append("board")
        return draw_board(key, view, lang)

    def spy_hand(key, view, lang="en"):
        drawn.append(("hand", view.viewer))
        if threading.current_thread() is threading.main_thread():
            on_the_loop.append("hand")
        return draw_hand(key, view, lang)

    monkeypatch.setattr(pictures, "board_png", spy_board)
    monkeypatch.setattr(pictures, "hand_png", spy_hand)
    players = [world.alice, world.bob, world.carol]
    names = {str(m.id): m for m in players}
    table_id, _ = await open_table(world, "ganymede", players, {"mode": "three"})
    game = registry.get("ganymede")
    hands: dict[int, object] = {}
    rng = random.Random(4)
    for member in players:  # everyone opens their hand once and keeps it open, as at a table
        result = await member.slash(world.channel, "game hand")
        hands[member.id] = result.response
    moves = idle_hands_seen = 0
    while moves < 12:
        table = await world.bot.service.get(table_id)
        if table.status != "running":
            break
        must = {p.player for p in game.prompts(table.state(game))}
        mover = next(m for m in players if str(m.id) in must)
        drawn.clear()
        assert await take_turn(world, mover, rng, open_hands=hands)
        moves += 1
        after = await world.bot.service.get(table_id)
        if after.status != "running":
            break
        owing = {p.player for p in game.prompts(after.state(game))}
        ids_by_name = {seat.display_name: seat.user_id for seat in after.seats}  # pictures name people
        hand_viewers = [ids_by_name.get(viewer, viewer) for kind, viewer in drawn if kind == "hand"]
        assert set(hand_viewers) <= {str(mover.id)} | owing, (
            f"a hand drawn for someone who neither moved nor must act: {hand_viewers}, owing {owing}")
        assert len(hand_viewers) == len(set(hand_viewers)), "a hand drawn twice for one move"
        assert sum(1 for kind, _ in drawn if kind == "board") <= 1, "more than one board for one move"
        idle = [uid for uid in names if uid != str(mover.id) and uid not in owing]
        idle_hands_seen += len(idle)
    assert moves >= 6 and idle_hands_seen, "the game never had a player who neither moved nor had to act"
    assert not on_the_loop, f"pictures drawn on the event loop: {on_the_loop}"
