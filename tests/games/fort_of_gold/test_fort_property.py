"""Random and guided games keep every kit property and the Fort of Gold's own invariants.

Purely random play concedes early (concede is one of ~10 options) or, without concede, almost
always loses; so besides `check_random_game` a guided player (greedy on visible information,
sometimes random) plays whole games to wins and complete wins under the same checks.
"""
from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest
from property_runs import property_games

from games.fort_of_gold import GAME, State
from games.fort_of_gold.data import load, rules, same_name_key
from games.fort_of_gold.rules import legal_moves, life_glow, power_glow
from games.kit import Action, Rng, random_choice, replay
from games.kit.checks import (
    check_events,
    check_illegal,
    check_options_apply,
    check_prompts,
    check_random_game,
    check_views,
)

MODES = {
    "default": {},
    "no_concede": {"allow_concede": False},
    "positions": {"allow_concede": False, "spirit_names": "positions"},
    "symbol_count": {"allow_concede": False, "spirit_names": "symbol_count"},
}
SPIRITS = sorted(c.id for c in load().spirits.cards)
TREASURES = sorted(c.id for c in load().treasures.cards)


def check_invariants(state: State) -> None:
    """Cards are conserved and every zone keeps its limits."""
    spirits = state.mana_pile + state.inner + state.foresight + [c for col in state.stand for c in col]
    spirits += [c for slot in state.altar for c in slot.column]
    assert sorted(spirits) == SPIRITS
    assert sorted(state.treasure_pile + state.tasks + [s.treasure for s in state.altar]) == TREASURES
    assert len(state.inner) <= rules().inner_size and len(state.tasks) <= rules().task_size
    assert len(state.altar) <= rules().treasures_to_win
    assert all(len(slot.column) <= rules().altar_column_cap for slot in state.altar)
    for col in state.stand:
        names = [same_name_key(c, state.options.spirit_names) for c in col]
        assert len(set(names)) == len(names), "two cards of one name in a stand column"
    assert set(state.seen_mana) <= set(state.mana_pile)
    assert len(state.foresight) <= rules().foresee_count
    assert (state.step == "foresee") == bool(state.foresight)


def check_option_texts(state: State) -> None:
    """Labels and details fit one Discord select option (100 characters each)."""
    for p in GAME.prompts(state):
        for o in p.options:
            for text in (o.label, o.detail):
                assert text is None or max(len(text.en), len(text.ja)) <= 100, text


def check_end(state: State) -> None:
    out = GAME.outcome(state)
    player = state.players[0]
    if state.result == "won":
        assert len(state.altar) == rules().treasures_to_win and out.winners == [player]
        assert out.scores[player] == len(state.mana_pile)
        assert out.detail["result"] == ("complete_win" if len(state.mana_pile) >= rules().complete_win_score else "win")
    elif state.result == "lost":
        assert legal_moves(state) == [] and out.winners == []
    else:
        assert state.result == "conceded" and out.winners == []


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_keep_every_property(mode):
    for seed in range(property_games(6)):
        state, _ = check_random_game(GAME, ["solo"], MODES[mode], seed)
        check_invariants(state)
        check_end(state)


# ---- guided games ---------------------------------------------------------------------------

def _tops_value(state: State, stand: list[list[str]]) -> int:
    """How promising the stand tops are: tasks they could gain, altar columns they could feed."""
    filled = [c for c in stand if c]
    value = 0
    for t in state.tasks:
        if any(life_glow(t, [c[-1] for c in cols]) for k in range(1, len(filled) + 1) for cols in combinations(filled, k)):
            value += 10
    for slot in state.altar:
        if len(slot.column) < rules().altar_column_cap:
            value += sum(1 for c in filled if len(slot.column) == rules().altar_column_cap - 1
                         or power_glow(slot.treasure, [*slot.column, c[-1]]))
    return value


def guided_choice(state: State, rng: Rng) -> tuple[str, list[str]]:
    """Gain when possible, else the move leaving the most promising tops; 1 in 8 moves random."""
    prompt = GAME.prompts(state)[0]
    if prompt.id != "turn" or rng.below(8) == 0:
        return prompt.id, random_choice(prompt, rng) if prompt.id != "turn" else [rng.choice(
            [o.key for o in prompt.options if o.key != "concede"])]
    moves = legal_moves(state)
    gains = [m for m in moves if m.kind == "gain"]
    if gains:
        return "turn", [min(gains, key=lambda m: (len(m.columns), rng.below(100))).key]
    bonus = {"foresee": 3, "rotate": 2, "welcome": 0}
    best = None
    for m in moves:
        stand = [list(c) for c in state.stand]
        if m.kind == "welcome":
            stand[m.column].append(m.card)
        else:
            stand[m.column].pop()
        score = _tops_value(state, stand) + bonus[m.kind] + rng.below(3)
        if best is None or score > best[0]:
            best = (score, m.key)
    return "turn", [best[1]]


def play_guided(seed: int, options: dict, deep_every: int) -> State:
    players = ["solo"]
    state = GAME.setup(players, options, seed)
    rng, check_rng = Rng(seed=seed).fork(3), Rng(seed=seed).fork(7)
    actions: list[Action] = []
    for step in range(500):
        check_prompts(GAME, state)
        check_invariants(state)
        check_option_texts(state)
        if step % deep_every == 0 or not GAME.prompts(state):
            check_views(GAME, state)
            check_illegal(GAME, state, check_rng)
            check_options_apply(GAME, state, check_rng)
        if not GAME.prompts(state):
            break
        pid, choice = guided_choice(state, rng)
        before = state.model_dump_json()
        new, events = GAME.apply(state, "solo", pid, choice)
        assert state.model_dump_json() == before, "apply mutated its input"
        assert GAME.apply(state, "solo", pid, choice) == (new, events), "apply is not deterministic"
        check_events(GAME, state, new, events)
        assert GAME.load_state(json.loads(new.model_dump_json())) == new
        actions.append(Action(player="solo", prompt_id=pid, choice=choice))
        state = new
    else:
        raise AssertionError("a guided game did not end")
    check_end(state)
    assert replay(GAME, players, options, seed, actions) == state
    return state


@pytest.mark.parametrize("mode", ["default", "positions"])
def test_guided_games_reach_every_ending_and_keep_every_property(mode):
    results = Counter()
    count = property_games(8)
    for seed in range(count):
        state = play_guided(seed, MODES[mode], deep_every=1 if count <= 50 else 5)
        results[GAME.outcome(state).detail["result"]] += 1
    assert results["win"] + results["complete_win"] > 0, results
    if count >= 50:
        assert all(results[r] for r in ("win", "complete_win", "lost")), results
