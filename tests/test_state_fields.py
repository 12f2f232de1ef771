"""A state model stores an assignment as any Python object does (games/kit/trusted.py
`StateModel`), so a misspelt field name would not be refused: it would live on in memory and
vanish from the table's JSON. Random games of every game and mode, with every state model in
the state checked after each move: it holds its declared fields and nothing else."""
from __future__ import annotations

import pytest
from pydantic import BaseModel

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from games.kit.trusted import StateModel

CONFIGS = [
    ("fort-of-gold", {}, 1), ("fort-of-gold", {"allow_concede": False}, 1),
    ("ganymede", {"mode": "duel"}, 2), ("ganymede", {"mode": "coop"}, 2), ("ganymede", {"mode": "three"}, 3),
    ("sutosute", {}, 2), ("sutosute", {"civilizations": True}, 2),
    ("guns-and-steel", {"set": "base"}, 3), ("guns-and-steel", {"set": "renaissance"}, 4),
    ("guns-and-steel", {"set": "mixed"}, 2),
]


def strays(value: object, path: str = "state") -> list[str]:
    """Paths of names held by a state model beyond its declared fields, anywhere in `value`."""
    found: list[str] = []
    if isinstance(value, BaseModel):
        if isinstance(value, StateModel):
            found += [f"{path}.{name}" for name in value.__dict__.keys() - type(value).model_fields.keys()]
        for name, inner in value.__dict__.items():
            found += strays(inner, f"{path}.{name}")
    elif isinstance(value, dict):
        for key, inner in value.items():
            found += strays(inner, f"{path}[{key!r}]")
    elif isinstance(value, (list, tuple)):
        for i, inner in enumerate(value):
            found += strays(inner, f"{path}[{i}]")
    return found


@pytest.mark.parametrize("key,options,players", CONFIGS)
def test_states_hold_only_their_fields(key, options, players):
    game = registry.get(key)
    for seed in range(2):
        state = game.setup([f"p{i}" for i in range(players)], options, seed)
        rng, moves = Rng(seed=seed), 0
        prompts = game.prompts(state)
        while prompts and moves < 3000:
            prompt = prompts[rng.below(len(prompts))]
            prompts = game.play_offered(state, prompt, random_choice(prompt, rng))
            moves += 1
            assert strays(state) == []
        assert moves > 0


def test_the_check_sees_a_misspelt_field():
    state = registry.get("sutosute").setup(["a", "b"], {}, 1)
    state.rounds = 3                # the field is `round`
    assert strays(state) == ["state.rounds"]
