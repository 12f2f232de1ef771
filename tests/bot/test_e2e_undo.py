"""Undo through Discord (issue 12): `/game undo` by the player who just moved takes the move
back (also after the bot restarted) and the board says so; another player, or anyone once
the turn has passed, is refused with the reason."""
from __future__ import annotations

import json
import random

from simdriver import open_table, take_turn, texts_of


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
