"""Undo through Discord: `/game undo` or the hand's **Undo** button, by the player
who just moved, takes the move back (also after the bot restarted) and the board says so at
once; another player, or anyone once the turn has passed, is refused with the reason."""
from __future__ import annotations

import json
import random

from simdriver import controls, is_decision, kind, live_board, open_table, take_turn, texts_of
from test_e2e_invalid_ids import post_forged


async def _move_until(world, table_id, members, rng, wanted) -> tuple:
    """Members take turns until a person's latest move satisfies `wanted(entry)`:
    (the member who made it, the state JSON before it)."""
    svc = world.bot.service
    by_id = {str(m.id): m for m in members}
    for _ in range(400):
        table = await svc.get(table_id)
        assert table.status == "running", "the game ended before the case came up"
        before = table.state_json
        for member in members:
            if await take_turn(world, member, rng):
                break
        last = await svc.store.actions.last_live(table_id)
        if last is not None and not last.auto and wanted(last):
            return by_id[last.player], before
    raise AssertionError("no such move came up")


async def test_the_mover_takes_a_move_back_after_a_restart_and_others_are_refused(world):
    rng = random.Random(3)
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    mover, before = await _move_until(world, table_id, members, rng, lambda e: e.undoable)
    other = next(m for m in members if m is not mover)

    refused = await other.slash(world.channel, "game undo")
    assert refused.ephemeral and "Only the player who made the latest move" in texts_of(refused.response)

    await world.restart()
    svc = world.bot.service
    taken = await mover.slash(world.channel, "game undo")
    assert taken.acknowledged and taken.ephemeral
    assert "You took back" in texts_of(taken.response)
    table = await svc.get(table_id)
    assert json.loads(table.state_json) == json.loads(before)
    await world.bot.announcer.drain()

    log = await other.slash(world.channel, "game log")
    assert f"{mover.name} took back: " in texts_of(log.response), "the log says so"


async def test_undo_is_refused_once_the_turn_has_passed(world):
    rng = random.Random(4)
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    mover, _ = await _move_until(world, table_id, members, rng, lambda e: e.undo_refusal == "turn_passed")
    version = (await world.bot.service.get(table_id)).version
    refused = await mover.slash(world.channel, "game undo")
    assert refused.ephemeral and "the turn has passed on" in texts_of(refused.response)
    assert (await world.bot.service.get(table_id)).version == version


# ---- the Undo button on the hand ---------------------------------------------------------------
def undo_button(message) -> dict | None:
    return next((c for c in controls(message) if kind(c) == "U"), None)


async def _decide_until(world, table_id, members, rng, wanted) -> tuple:
    """Members play from their open hands (as players at the table do) until a person's latest
    move satisfies `wanted(entry)`: (that member, their hand message after it, the state JSON
    before it)."""
    svc = world.bot.service
    by_id = {str(m.id): m for m in members}
    hands: dict[int, object] = {}
    for _ in range(400):
        table = await svc.get(table_id)
        assert table.status == "running", "the game ended before the case came up"
        before = table.state_json
        for member in members:
            if await take_turn(world, member, rng, open_hands=hands):
                break
        last = await svc.store.actions.last_live(table_id)
        if last is not None and not last.auto and wanted(last):
            mover = by_id[last.player]
            return mover, hands[mover.id], before
    raise AssertionError("no such move came up")


async def test_the_undo_button_takes_the_move_back_even_after_a_restart_and_the_board_says_so(world):
    rng = random.Random(5)
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    mover, hand, before = await _decide_until(world, table_id, members, rng, lambda e: e.undoable)
    button = undo_button(hand)
    assert button is not None, "the hand offers Undo right after an undoable move"
    assert button["style"] == 2 and button["emoji"]["name"] == "↩️", "secondary, with ↩️"
    await world.bot.announcer.drain()
    board_before = texts_of(live_board(world))

    await world.restart()  # the button is a DynamicItem: it still works
    svc = world.bot.service
    taken = await mover.click(hand, custom_id=button["custom_id"])
    assert taken.acknowledged
    assert "You took back" in texts_of(taken.response), "the hand says what was taken back"
    table = await svc.get(table_id)
    assert json.loads(table.state_json) == json.loads(before), "the previous state, exactly"
    assert any(is_decision(c) for c in controls(taken.response)), "the previous controls are back"
    await world.bot.announcer.drain()
    board = texts_of(live_board(world))
    assert f"{mover.name} took back" in board and board != board_before, "the board says so at once"


async def test_another_players_undo_click_is_refused_and_changes_nothing(world):
    rng = random.Random(5)
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    mover, hand, _ = await _decide_until(world, table_id, members, rng, lambda e: e.undoable)
    other = next(m for m in members if m is not mover)
    custom_id = undo_button(hand)["custom_id"]
    forged = await post_forged(world, custom_id)  # the other player cannot see the mover's hand: a forged copy
    stored = next(m for m in world.channel.history() if m.id == forged.id)
    version = (await world.bot.service.get(table_id)).version
    refused = await other.click(stored, custom_id=custom_id)
    assert refused.ephemeral and "Only the player who made the latest move" in texts_of(refused.response)
    assert (await world.bot.service.get(table_id)).version == version


async def test_once_the_turn_has_passed_the_undo_button_is_gone_and_an_old_one_is_refused(world):
    rng = random.Random(5)
    members = [world.alice, world.bob]
    table_id, _ = await open_table(world, "guns-and-steel", members, {"set": "base"})
    svc = world.bot.service
    mover, hand, _ = await _decide_until(world, table_id, members, rng, lambda e: e.undoable)
    old = undo_button(hand)["custom_id"]
    hands = {mover.id: hand}
    last = None
    while last is None or last.undo_refusal != "turn_passed":  # the mover finishes their turn
        assert await take_turn(world, mover, rng, open_hands=hands), "the turn passed in another way"
        last = await svc.store.actions.last_live(table_id)
    assert undo_button(hands[mover.id]) is None, "no Undo once the turn has passed"
    version = (await svc.get(table_id)).version
    forged = await post_forged(world, old)
    stored = next(m for m in world.channel.history() if m.id == forged.id)
    refused = await mover.click(stored, custom_id=old)
    assert refused.ephemeral and "out of date" in texts_of(refused.response), "the usual out-of-date answer"
    assert (await svc.get(table_id)).version == version
