"""The computer players' evaluation of a running game for one seat, in [0, 1].

Victory points decide the game; cards owned are the engine that buys more, and military
wins attacks. The estimate is a logistic of the seat's lead over the best other player in
points, with smaller weights for cards and military.
"""
from __future__ import annotations

import math

from . import field
from .scoring import score
from .state import State

ROLLOUT_DEPTH = 12  # about one turn: the rules are slow to simulate, more iterations pay better


def _strength(state: State, player: str) -> float:
    cards = len(field.cards_owned(state, player))
    return score(state, player) + 0.4 * cards + 0.15 * field.military(state, player)


def evaluate(state: State, player: str) -> float:
    mine = _strength(state, player)
    best_other = max(_strength(state, p) for p in state.order if p != player)
    return 1.0 / (1.0 + math.exp(-0.25 * (mine - best_other)))
