"""The computer players' evaluation of a running game for one seat, in [0, 1].

Hit points decide the game: a logistic of the seat's team's HP lead, as a share of the
starting HP. Duel: own side against the other; co-op and three players: red and green
(the weaker of the two counts, as either may fall) against purple.
"""
from __future__ import annotations

import math

from .state import State

ROLLOUT_DEPTH = 20  # about a round


def evaluate(state: State, player: str) -> float:
    start = max(state.options.hp(), 1)
    hp = {c: max(s.hp, 0) / start for c, s in state.sides.items()}
    mine = state.side_of(player).colour
    if "purple" not in state.sides:
        other = next(c for c in state.sides if c != mine)
        lead = hp[mine] - hp[other]
    else:
        allies = 0.5 * (hp["red"] + hp["green"]) + 0.5 * min(hp["red"], hp["green"])
        lead = allies - hp["purple"] if mine != "purple" else hp["purple"] - allies
    return 1.0 / (1.0 + math.exp(-4.0 * lead))


def cooperative(state: State) -> bool:
    """Co-op: red and green win or lose together against the automated purple side."""
    return state.options.mode == "coop"
