"""A prompt a game marks `public` may be shown on the public board and, with one answer, is
played by the table itself (tables.chains). Both are only safe when everything about it follows
from what everyone sees: in every world the public cannot tell from the real one (the game's
own redealer, `Game.resample` for the spectator) the same prompt is open, and it names no card
the public cannot see."""
from __future__ import annotations

import json

import pytest

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice

CASES = [("sutosute", {}), ("ganymede", {}), ("ganymede", {"mode": "coop"})]


@pytest.mark.parametrize(("key", "options"), CASES)
def test_public_prompts_follow_from_the_public_view(key: str, options: dict) -> None:
    game = registry.get(key)
    checked = 0
    for seed in range(3):
        players = [f"p{i}" for i in range(game.player_range(game.parse_options(options))[0])]
        state = game.setup(players, options, seed)
        rng = Rng(seed=seed).fork(7)
        prompts = game.prompts(state)
        while prompts:
            public = [p for p in prompts if p.public]
            if public:
                hidden = game.hidden_ids(state, None)
                for prompt in public:
                    said = json.dumps(prompt.model_dump(mode="json"), ensure_ascii=False)
                    assert not [c for c in hidden if f'"{c}"' in said], f"{prompt.id} names a hidden card"
                for n in range(2):
                    other = game.resample(state, None, Rng(seed=1000 + n))
                    if other is None:
                        continue
                    assert all(p in game.prompts(other) for p in public), f"{prompt.id} depends on hidden cards"
                    checked += 1
            prompt = rng.choice(prompts)
            _, prompts = game.step(state, prompt.player, prompt.id, random_choice(prompt, rng), prompts, events=False)
    assert checked > 5  # the games do ask public questions
