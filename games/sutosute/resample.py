"""Hidden cards redrawn for the leak check (kit/leaks.py): what one viewer may know.

Every card the viewer cannot see right now (the deck, the other player's unshown hand cards
and face-down card, face-down discards they did not put there) may be any of the others:
they are redrawn together, each keeping its place.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.leaks import shuffle_within

from .state import State
from .view import visible_ids


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    alt = state.model_copy(deep=True)
    hidden = sorted(set(state.cards) - visible_ids(state, viewer))
    shuffle_within(alt.cards, {"hidden": hidden}, rng, keep)
    return alt
