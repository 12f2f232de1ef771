"""Which moves may be taken back (games/kit/undo.py), checked over random games of every game."""
from __future__ import annotations

import pytest
from property_runs import property_games

from games import registry
from games.kit import Event, Rng, T
from games.kit.playout import random_choice
from games.kit.undo import REASONS, undo_refusal

CONFIGS = [
    ("guns-and-steel", {"set": "base"}, 3), ("guns-and-steel", {"set": "renaissance"}, 2),
    ("guns-and-steel", {"set": "mixed"}, 4), ("fort-of-gold", {}, 1), ("sutosute", {}, 2),
    ("ganymede", {"mode": "duel"}, 2), ("ganymede", {"mode": "coop"}, 2), ("ganymede", {"mode": "three"}, 3),
]


def _revealed(game, before, after) -> bool:
    return any(game.hidden_ids(before, v) - game.hidden_ids(after, v) for v in (None, *before.players))


@pytest.mark.parametrize("key,options,players", CONFIGS, ids=[f"{k}-{n}-{o}" for k, o, n in CONFIGS])
def test_undo_is_refused_exactly_after_chance_reveals_and_passed_turns(key, options, players):
    game = registry.get(key)
    seen: set[str | None] = set()
    for seed in range(property_games(3)):
        state = game.setup([f"p{i}" for i in range(players)], options, seed=seed)
        rng = Rng(seed=1000 + seed)
        for _ in range(600):
            prompts = game.prompts(state)
            if not prompts:
                break
            p = rng.choice(prompts)
            new, events = game.apply(state, p.player, p.id, random_choice(p, rng))
            reason = undo_refusal(game, state, new, events, p.player)
            seen.add(reason)
            assert reason is None or reason in REASONS
            if new.rng != state.rng or _revealed(game, state, new):
                assert reason is not None, "a shuffle, draw or reveal must never be undoable"
            owed_before = {q.player for q in prompts}
            if {q.player for q in game.prompts(new)} - owed_before:
                assert reason is not None, "once someone else is asked, the move stands"
            state = new
    if key != "fort-of-gold":  # random solo games end within a few draws, every one a reveal
        assert None in seen, "some moves of every multi-player game can be taken back"


def test_a_game_can_declare_a_move_irreversible():
    game = registry.get("sutosute")
    state = game.setup(["a", "b"], None, seed=1)
    p = game.prompts(state)[0]
    new, events = game.apply(state, p.player, p.id, [p.options[0].key])
    marked = [*events, Event(kind="x", text=T("x", "x"), data={"irreversible": True})]
    assert undo_refusal(game, state, new, marked, p.player) == "declared"
