"""Fewer clicks through the table service: a forced move is made by the table with a
public line saying so, and a chain (a decision and the same player's next one) is applied by one
call as two moves of the log, taken back one at a time."""
from __future__ import annotations

import random

from svc_helpers import owed, play_one, started

from games import registry
from games.kit import Rng
from tables import TableError
from tables.chains import FORCED_EVENT, chains


async def test_a_forced_move_is_made_for_the_player_logged_in_public_and_stands(memory_svc):
    svc = memory_svc
    table = (await started(svc, "ganymede", ["u1", "u2"])).table
    rng, forced = Rng(seed=3), []
    while table.status == "running" and not forced:
        step = await play_one(svc, table, rng)
        forced = [e for e in step.actions if any(ev.kind == FORCED_EVENT for ev in e.events)]
        table = step.table
    assert forced, "a Ganymede game removes its only used card at least once"
    entry = forced[0]
    assert entry.prompt_id == "remove" and entry.player in ("u1", "u2")
    line = next(ev for ev in entry.events if ev.kind == FORCED_EVENT)
    assert line.to is None and entry.player in line.text.en  # everyone reads who had no choice
    public = await svc.log(table.id, limit=500, viewer=None)
    assert any(any(ev.kind == FORCED_EVENT for ev in e.events) for e in public)
    assert not (await svc.get(table.id)).auto_played  # the game still counts as the people's
    if table.status == "running" and table.version == entry.version:
        try:
            await svc.undo(table.id, entry.player, table.version)
            raise AssertionError("a forced move was taken back")
        except TableError as error:
            assert error.code == "undo_refused"


async def test_a_chain_is_two_logged_moves_in_one_call_and_undo_takes_back_one(memory_svc):
    svc = memory_svc
    game = registry.get("guns-and-steel")
    table = (await started(svc, "guns-and-steel", ["u1", "u2"])).table
    rng = Rng(seed=5)
    for _ in range(400):
        player = owed(table)[0].player
        offered = chains(game, table.state(game), player)
        if offered:
            break
        table = (await play_one(svc, table, rng)).table
    assert offered, "Guns & Steel offers 'play this card, then its effect' within a few turns"
    chain = offered[-1]
    before = table.version
    result = await svc.act_chain(table.id, player, table.version,
                                 [(chain.prompt.id, [chain.first]), (chain.then.id, [chain.second])])
    mine = [e for e in result.actions if e.player == player]
    assert [(e.prompt_id, e.choice) for e in mine[:2]] == [(chain.prompt.id, [chain.first]),
                                                          (chain.then.id, [chain.second])]
    assert mine[1].version == before + 2
    entries = await svc.store.actions.list(table.id, limit=500)
    assert [e.prompt_id for e in entries[-len(result.actions):]][:2] == [chain.prompt.id, chain.then.id]
    table = result.table
    if table.status == "running" and len(result.actions) == 2 and mine[1].undoable:
        undone = await svc.undo(table.id, player, table.version)
        assert undone.table.version == before + 1  # only the second step went back
        assert any(p.id == chain.then.id for p in owed(undone.table))


async def test_a_chain_drawn_for_an_older_version_or_breaking_the_rules_changes_nothing(memory_svc):
    svc = memory_svc
    table = (await started(svc, "guns-and-steel", ["u1", "u2"])).table
    prompt = owed(table)[0]
    try:
        await svc.act_chain(table.id, prompt.player, table.version + 1, [(prompt.id, [prompt.options[0].key])])
        raise AssertionError("accepted a chain for a version the table never reached")
    except TableError as error:
        assert error.code == "out_of_date"
    try:
        await svc.act_chain(table.id, prompt.player, table.version,
                            [(prompt.id, [prompt.options[0].key]), ("no-such-step", ["x"])])
        raise AssertionError("accepted an illegal second step")
    except TableError as error:
        assert error.code == "illegal"
    assert (await svc.get(table.id)).version == table.version  # all or nothing


def test_a_chain_select_holds_every_pair_of_the_answers_that_can_be_chained_and_no_other():
    """Guns & Steel's progress step: a card whose effect cannot be used now is played by its
    own control, and the other cards still come with "→ use / → do not use" (before,
    one such card took the whole select away and the turn cost a click more)."""
    from tables.chains import follow_up
    game = registry.get("guns-and-steel")
    rng, mixed = random.Random(11), None
    state = game.setup(["u1", "u2"], game.parse_options({}), 11)
    for _ in range(3000):
        prompt = game.prompts(state)[0]
        if prompt.id == "progress":
            nexts = {o.key: follow_up(game, state, prompt.player, prompt, o.key) for o in prompt.options}
            if None in nexts.values() and any(nexts.values()):
                mixed = prompt, nexts
                break
        k = rng.randint(prompt.min, min(prompt.max, len(prompt.options)))
        game.step(state, prompt.player, prompt.id, [o.key for o in rng.sample(list(prompt.options), k)])
    assert mixed, "a progress step where some cards' effects cannot be used comes up"
    prompt, nexts = mixed
    offered = chains(game, state, prompt.player)
    expected = {(key, o.key) for key, then in nexts.items() if then for o in then.options}
    assert {(c.first, c.second) for c in offered} == expected
    assert not {c.first for c in offered} & {key for key, then in nexts.items() if then is None}


async def test_a_three_step_chain_is_three_logged_moves_and_undo_takes_back_the_last(memory_svc):
    """Guns & Steel with a small hand: resource → progress → its effect in one call."""
    svc = memory_svc
    game = registry.get("guns-and-steel")
    table = (await started(svc, "guns-and-steel", ["u1", "u2"])).table
    rng, chain = Rng(seed=7), None
    for _ in range(600):
        player = owed(table)[0].player
        chain = next((c for c in chains(game, table.state(game), player)
                      if [p.id for p, _ in c.steps] == ["resource", "progress", "effect"]), None)
        if chain is not None:
            break
        table = (await play_one(svc, table, rng)).table
    assert chain is not None, "a turn with a small hand offers resource → progress → effect"
    before = table.version
    result = await svc.act_chain(table.id, player, table.version, [(p.id, [k]) for p, k in chain.steps])
    mine = [(e.prompt_id, e.choice) for e in result.actions if e.player == player][:3]
    assert mine == [(p.id, [k]) for p, k in chain.steps]
    table = result.table
    assert table.status == "running" and len(result.actions) == 3 and result.actions[-1].undoable
    undone = await svc.undo(table.id, player, table.version)
    assert undone.table.version == before + 2  # only the effect went back
    assert [p.id for p in owed(undone.table)] == ["effect"]
