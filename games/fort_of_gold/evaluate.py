"""The computer player's evaluation of a running game, in [0, 1], and its rollout policy.

Seven treasures on the altar win, and the game is lost when no action would succeed, so
the estimate grows with the treasures on the altar, the spirits left to draw and the actions
open now. Rollouts never concede: a concession only throws away the rest of the game.
"""
from __future__ import annotations

from games.kit import Prompt, Rng
from games.kit.playout import random_choice

from .data import rules
from .state import State

ROLLOUT_DEPTH = 60  # a whole game: few actions, and the end (win or loss) is what counts


def evaluate(state: State, player: str) -> float:
    goal = rules().treasures_to_win
    altar = len(state.altar) / goal
    mana = min(len(state.mana_pile), 20) / 20
    return 0.05 + 0.75 * altar + 0.1 * mana


def rollout_choice(state: State, prompt: Prompt, rng: Rng) -> list[str] | None:
    if prompt.id != "turn":
        return None
    moves = [o for o in prompt.options if o.key != "concede"]
    if not moves:
        return None
    return random_choice(prompt.model_copy(update={"options": moves}), rng)
