"""Determinization for computer players: a full state consistent with what one seat knows.

Card ids were dealt to kinds at random, so resampling is relabelling: the kinds of the cards
the seat cannot see (the other hand, the deck, face-down discards and the other placed card)
are shuffled among those same ids. Dice and scores are public; the RNG is replaced, so future
draws and rolls are unknown too.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.agents import fresh_copy, reseed

from .state import State
from .view import visible_ids


def unseen(state: State, seat: str) -> list[str]:
    """The card ids whose kinds `seat` does not know, in a canonical order."""
    return sorted(set(state.cards) - visible_ids(state, seat))


def determinize(state: State, seat: str, rng: Rng) -> State:
    new = fresh_copy(state)
    hidden = unseen(state, seat)
    kinds = sorted(state.cards[c] for c in hidden)
    rng.shuffle(kinds)
    for card, kind in zip(hidden, kinds, strict=True):
        new.cards[card] = kind
    reseed(new, rng)
    return new
