"""Hidden cards redrawn for the leak check (kit/leaks.py): what one viewer may know.

Card ids here name the cards, so a redraw moves ids between places instead: the mana-pile
cards the viewer has not seen (for the player: not looked at; for onlookers: none of them,
nor the ones being looked at) trade places, and so do the treasure-pile cards that were never
face up.
"""
from __future__ import annotations

from games.kit import Rng

from .state import State
from .view import _is_player


def _shuffle_places(lists: list[list[str]], hidden: set[str], rng: Rng) -> None:
    """Shuffle the ids in `hidden` among their own places across `lists` (changed in place)."""
    places = [(i, j) for i, row in enumerate(lists) for j, c in enumerate(row) if c in hidden]
    ids = [lists[i][j] for i, j in places]
    rng.shuffle(ids)
    for (i, j), c in zip(places, ids, strict=True):
        lists[i][j] = c


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    alt = state.model_copy(deep=True)
    if _is_player(state, viewer):
        _shuffle_places([alt.mana_pile], set(state.mana_pile) - set(state.seen_mana) - keep, rng)
    else:
        _shuffle_places([alt.mana_pile, alt.foresight], (set(state.mana_pile) | set(state.foresight)) - keep, rng)
    _shuffle_places([alt.treasure_pile], set(state.treasure_pile) - set(state.seen_treasures) - keep, rng)
    return alt
