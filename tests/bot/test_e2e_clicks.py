"""Clicks per turn from the ping: whole games played through SimCord by players who
know what they want (`simdriver.play_directed`: decide a random legal answer first, then the
shortest clicks to it; between turns they leave, so every turn starts from the board). A
typical turn — the median — takes at most 2 clicks in Sutosute and Ganymede and at most 3 in
Guns & Steel; and what makes that so: public decisions on the board, chains, forced moves."""
from __future__ import annotations

import itertools
import random
import statistics

import pytest
from simdriver import controls, kind, live_board, open_table, play_directed, texts_of

from games import registry
from tables.chains import FORCED_EVENT

# game, options, target median, deals (Guns & Steel over two: its first deal alone once met the
# target while the typical turn took 4)
TARGETS = [("sutosute", {}, 2, 1), ("ganymede", {"mode": "duel"}, 2, 1), ("guns-and-steel", {}, 3, 2)]


@pytest.mark.parametrize(("key", "options", "target", "deals"), TARGETS, ids=[k for k, *_ in TARGETS])
async def test_a_typical_turn_from_the_ping_takes_few_clicks(world, key, options, target, deals):
    world.bot.service.seed_source = itertools.count(1).__next__  # the deals `bench/discord_rest.py --direct` plays first
    rng, turns = random.Random(0), []
    for _ in range(deals):
        table_id, _ = await open_table(world, key, world.members[:2], options)
        turns += await play_directed(world, registry.get(key), table_id, world.members[:2], rng)
        assert (await world.bot.service.get(table_id)).status == "finished"
    assert len(turns) > 10 * deals
    assert statistics.median(turns) <= target, sorted(turns)


async def _board_with_public_controls(world, table_id: int, members: list, rng: random.Random):
    """Play directed moves until the live board carries a decision's own controls."""
    from simdriver import direct_turn
    service, game = world.bot.service, registry.get("sutosute")
    hands: dict = {}
    for _ in range(400):
        board = live_board(world)
        if any(kind(c) in ("B", "S", "N") for c in controls(board)):
            return board
        table = await service.get(table_id)
        owing = {int(p.player) for p in game.prompts(table.state(game))}
        member = rng.choice([m for m in members if m.id in owing])
        await world.env.advance_time(20 * 60)  # away: the board is posted again for the ping
        hands.pop(member.id, None)
        await direct_turn(world, member, table_id, rng, hands, [])
    raise AssertionError("no public decision reached the board")


async def test_a_public_decision_is_answered_on_the_board_by_its_player_only(world):
    members = world.members[:2]
    table_id, _ = await open_table(world, "sutosute", members, {})
    board = await _board_with_public_controls(world, table_id, members, random.Random(2))
    service = world.bot.service
    table = await service.get(table_id)
    game = registry.get("sutosute")
    prompt = game.prompts(table.state(game))[0]
    assert prompt.public and prompt.id == "reroll"
    assert "reroll" in texts_of(board).lower()  # the board says what the choice is
    owner = next(m for m in members if str(m.id) == prompt.player)
    other = next(m for m in members if m is not owner)
    control = next(c for c in controls(board) if kind(c) in ("S", "B", "N"))
    values = [o["value"] for o in control.get("options", [])][: control.get("max_values", 1)] or None

    async def use(member):
        if values is None:
            return await member.click(board, custom_id=control["custom_id"])
        return await member.select(board, values, custom_id=control["custom_id"])

    refused = await use(other)
    assert refused.ephemeral and "another player" in texts_of(refused.response)
    assert (await service.get(table_id)).version == table.version  # nothing happened
    outsider = await use(world.outsider)
    assert outsider.ephemeral and (await service.get(table_id)).version == table.version
    done = await use(owner)
    assert done.ephemeral  # their hand comes back privately
    assert (await service.get(table_id)).version > table.version


async def test_a_forced_move_is_made_and_told_in_public_without_a_hidden_card(world):
    members = world.members[:2]
    table_id, _ = await open_table(world, "ganymede", members, {"mode": "duel"})
    await play_directed(world, registry.get("ganymede"), table_id, members, random.Random(3))
    service = world.bot.service
    entries = await service.log(table_id, limit=1000, viewer=None)
    forced = [e for e in entries if any(ev.kind == FORCED_EVENT for ev in e.events)]
    assert forced, "a duel removes its only used card now and then"
    game = registry.get("ganymede")
    table = await service.get(table_id)
    hidden = game.hidden_ids(table.state(game), None)
    for entry in forced:
        said = " ".join(ev.text.en + ev.text.ja for ev in entry.events)
        assert not [c for c in hidden if c in said.split()]
