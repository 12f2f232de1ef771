"""Hidden cards redrawn for the leak check (kit/leaks.py): what another player may know.

Everyone knows which cards each player owns (the five starting cards, every purchase, every
card turned face up since), so only the split of a player's hidden cards between hand and
resource side is unknown, and a resource shows its resource and VP. So a player's hidden
cards with the same resource and VP may trade places; research-pile cards below the top may
come in any order.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.leaks import shuffle_within

from . import field
from .state import State


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    alt = state.model_copy(deep=True)
    classes: dict[tuple, list[str]] = {}
    for p in state.order:
        if p == viewer:
            continue
        for cid in [*field.hand(state, p), *field.resources(state, p)]:
            c = field.info(state, cid)
            classes.setdefault((p, c.resource, c.vp.value), []).append(cid)
    for era, pile in state.piles.items():
        classes[("pile", era, 0)] = list(pile[1:])
    shuffle_within(alt.cards, classes, rng, keep)
    return alt
