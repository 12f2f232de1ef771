"""Hidden cards redrawn for the leak check (kit/leaks.py): what one viewer may know.

Nobody knows a deck's order (its owner knows the top cards a 2 or 4 showed), nor another
side's face-down cards, which come from that deck; which card of a used pile was removed,
and the used pile itself, only its owner knows. So, for each side not the viewer's, its
deck and face-down cards may trade places, and so may its used and removed cards; the
viewer's own deck below the cards they have seen comes in any order.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.leaks import shuffle_within

from .state import State


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    alt = state.model_copy(deep=True)
    classes: dict[tuple[str, str], list[str]] = {}
    for colour, side in state.sides.items():
        if viewer is not None and side.player == viewer:
            classes[(colour, "deck")] = list(side.deck[len(side.known_top):])
        else:
            classes[(colour, "deck")] = [*side.deck, *side.face_down]
            classes[(colour, "used")] = [*side.used, *side.removed]
    shuffle_within(alt.cards, classes, rng, keep)
    _pending_again(alt, viewer)
    return alt


def _pending_again(state: State, viewer: str | None) -> None:
    """A duel's face-down 2 or 4 just drawn is pending in whichever world it is a 2 or 4."""
    from .effects import usable
    from .state import Pending
    if state.options.mode != "duel" or state.step != "draw" or not state.queue:
        return
    side = state.sides[state.queue[0]]
    if side.player == viewer or side.draws == 0 or not side.play or side.play[-1] not in side.face_down:
        return
    last = side.play[-1]
    state.pending = Pending(colour=side.colour, card=last) if usable(state, side, last) else None
