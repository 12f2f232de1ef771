"""The public board names the kind of decision and a decision window by its public name (Guns &
Steel's counter window, Ganymede's draw phase, Sutosute's face-down choice made at the same
time), never the words a prompt says to its owner: those may count the owner's
face-down cards ("your cards total 9")."""
from __future__ import annotations

import random

from simdriver import live_board, open_table, take_turn, texts_of

from bot.discord_ui.announce import BOARD_PAUSE_S
from games import registry


async def _play_until(world, table_id, members, rng, wanted) -> list:
    """Members play from their open hands until some owed prompt satisfies `wanted`: all the
    prompts owed then."""
    svc = world.bot.service
    hands: dict[int, object] = {}
    for _ in range(600):
        table = await svc.get(table_id)
        assert table.status == "running", "the game ended before the window opened"
        game = registry.get(table.game)
        prompts = game.prompts(table.state(game))
        if any(wanted(p) for p in prompts):
            return prompts
        for member in members:
            if await take_turn(world, member, rng, open_hands=hands):
                break
    raise AssertionError("the window never opened")


async def _board_now(world) -> str:
    """The live board once play has paused (players at the table play from their hands)."""
    await world.env.advance_time(BOARD_PAUSE_S + 1)
    await world.bot.announcer.drain()
    return texts_of(live_board(world))


def _assert_public_only(board: str, prompts: list) -> None:
    for prompt in prompts:
        assert prompt.text.get("en") not in board, f"a prompt's own words on the board: {prompt.text.get('en')!r}"


async def test_a_guns_and_steel_counter_window_is_named_on_the_board(world):
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    prompts = await _play_until(world, table_id, members, random.Random(1),
                                lambda p: p.window is not None and p.window.get("en") == "counter window")
    board = await _board_now(world)
    owner = prompts[0].player
    assert f"🛡️ **<@{owner}> defends against an attack** — counter window" in board
    assert board.count("counter window") == 1, "the phase is stated once"
    _assert_public_only(board, prompts)


async def test_ganymedes_draw_phase_is_named_and_the_private_total_is_not(world):
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "ganymede", members, {"mode": "duel"})
    prompts = await _play_until(world, table_id, members, random.Random(1), lambda p: p.id == "draw")
    board = await _board_now(world)
    assert "draw phase" in board
    _assert_public_only(board, prompts)


async def test_a_simultaneous_choice_is_named_as_such(world):
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", members)
    game = registry.get("sutosute")
    table = await world.bot.service.get(table_id)
    prompts = game.prompts(table.state(game))
    assert len({p.player for p in prompts}) == 2, "Sutosute starts with a face-down choice by both"
    board = texts_of(live_board(world))
    assert f"<@{members[0].id}>, <@{members[1].id}> choose at the same time" in board, "both are named"
    assert "Your turn" not in board and "the others" not in board, "the channel is not one player"
    _assert_public_only(board, prompts)
