"""Hidden cards dealt again (`Game.resample`, kit/redeal.py): what one viewer may know.

A side's cards never leave it except through public moves, so the unknown cards are dealt
again within each side: the viewer's own deck below the cards a 2 or 4 showed them, and every
card of another side that the viewer has not seen (deck, used and removed piles and face-down
cards). Which id holds which card changes, the pile sizes do not. The leak check compares the
result with the real state; the computer players search it with a fresh RNG.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.redeal import deal_within, fresh_copy

from .state import State
from .view import visible_ids


def unseen_groups(state: State, viewer: str | None) -> list[list[str]]:
    """The ids `viewer` does not know, one group per side (plus any others), canonical order."""
    hidden = set(state.cards) - visible_ids(state, viewer)
    groups = []
    for side in state.sides.values():
        ids = {*side.deck, *side.used, *side.removed, *side.play} & hidden
        groups.append(sorted(ids))
        hidden -= ids
    if hidden:
        groups.append(sorted(hidden))
    return groups


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    new = fresh_copy(state)
    dealt = deal_within(unseen_groups(state, viewer), state.cards.__getitem__, rng,
                        sort_key=lambda card: (card.colour, card.rank), keep=keep)
    for card, identity in dealt.items():
        new.cards[card] = identity.model_copy()
    _pending_again(new, viewer)
    return new


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
