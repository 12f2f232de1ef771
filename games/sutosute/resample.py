"""Hidden cards dealt again (`Game.resample`, kit/redeal.py): what one viewer may know.

Card ids were dealt to kinds at random, so a redeal is a relabelling: the kinds of the cards
the viewer cannot see right now (the deck, the other player's unshown hand cards and placed
card, face-down discards they did not put there) are shuffled among those same ids. Dice and
scores are public. The leak check compares the result with the real state; the computer
players search it with a fresh RNG.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.redeal import deal_within, fresh_copy

from .state import State
from .view import visible_ids


def unseen(state: State, viewer: str | None) -> list[str]:
    """The card ids whose kinds `viewer` does not know, in a canonical order."""
    return sorted(set(state.cards) - visible_ids(state, viewer))


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    new = fresh_copy(state)
    new.cards.update(deal_within([unseen(state, viewer)], state.cards.__getitem__, rng, keep=keep))
    return new
