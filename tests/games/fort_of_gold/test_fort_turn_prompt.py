"""The turn prompt is built straight from the state (turn.py) for speed; it must offer exactly
the actions the rules list (`legal_moves`), in the same order, whatever the same-name reading."""
from __future__ import annotations

import pytest
from property_runs import property_games

from games.fort_of_gold import GAME
from games.fort_of_gold.rules import legal_moves
from games.kit import Rng, random_choice

MODES = {"default": {"allow_concede": False}, "positions": {"spirit_names": "positions", "allow_concede": False},
         "symbol_count": {"spirit_names": "symbol_count", "allow_concede": False}}


@pytest.mark.parametrize("mode", list(MODES))
def test_the_turn_prompt_offers_the_legal_moves_in_order(mode):
    kinds = set()
    for seed in range(property_games(20)):
        state = GAME.setup(["solo"], MODES[mode], seed)
        rng = Rng(seed=seed).fork(5)
        prompts = GAME.prompts(state)
        while prompts:
            if state.step == "turn":
                offered = [o.key for o in prompts[0].options]
                assert offered == [m.key for m in legal_moves(state)]
                kinds.update(k.partition(":")[0] for k in offered)
            prompt = prompts[0]
            _, prompts = GAME.step(state, prompt.player, prompt.id, random_choice(prompt, rng), prompts)
    assert kinds == {"welcome", "gain", "rotate", "foresee"}, "every kind of action was offered somewhere"
