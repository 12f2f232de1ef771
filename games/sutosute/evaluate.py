"""The computer players' evaluation of a running game for one seat, in [0, 1].

Points decide the game (a target and a lead), so the estimate is a logistic of the point
difference, sharpened as the leader nears the target; a card more in hand is worth a little.
"""
from __future__ import annotations

import math

from .state import State

ROLLOUT_DEPTH = 24  # about two rounds of play before the evaluation takes over


def evaluate(state: State, player: str) -> float:
    other = next(p for p in state.players if p != player)
    lead = state.scores[player] - state.scores[other]
    target = max(state.options.target(), 1)
    nearness = max(state.scores[player], state.scores[other]) / target  # 0 early, 1 at the target
    cards = len(state.hands.get(player, [])) - len(state.hands.get(other, []))
    x = 0.25 * (1.0 + nearness) * lead + 0.1 * cards
    return 1.0 / (1.0 + math.exp(-x))
