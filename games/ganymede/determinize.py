"""Determinization for computer players: a full state consistent with what one seat knows.

A side's cards never leave it except through public moves, so the unknown cards are
reshuffled within each side: the seat's own deck below the cards a 2 or 4 showed it, and
every card of another side that the seat has not seen (deck, used and removed piles and
face-down cards). Which id holds which card changes, the pile sizes do not. The RNG is
replaced, so future draws are unknown too.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.agents import deal_within, fresh_copy, reseed

from .state import State
from .view import visible_ids


def unseen_groups(state: State, seat: str) -> list[list[str]]:
    """The ids `seat` does not know, one group per side (plus any others), canonical order."""
    hidden = set(state.cards) - visible_ids(state, seat)
    groups = []
    for side in state.sides.values():
        ids = {*side.deck, *side.used, *side.removed, *side.play} & hidden
        groups.append(sorted(ids))
        hidden -= ids
    if hidden:
        groups.append(sorted(hidden))
    return groups


def determinize(state: State, seat: str, rng: Rng) -> State:
    new = fresh_copy(state)
    dealt = deal_within(unseen_groups(state, seat), lambda c: state.cards[c], rng,
                        sort_key=lambda card: (card.colour, card.rank))
    for card, identity in dealt.items():
        new.cards[card] = identity.model_copy()
    reseed(new, rng)
    return new
