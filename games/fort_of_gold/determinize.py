"""Determinization for the computer player: a full state consistent with what the player knows.

Only the order of the two piles is hidden. Cards whose place in a pile the player knows
(looked at with 予見する, or treasures that were face up before going under the pile) stay
where they are; the other cards of each pile are shuffled among the other places of that
pile. The RNG is replaced as well.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.agents import fresh_copy, reseed

from .state import State
from .view import visible_ids


def _reshuffle(pile: list[str], known: set[str], rng: Rng) -> list[str]:
    places = [i for i, c in enumerate(pile) if c not in known]
    cards = sorted(pile[i] for i in places)
    rng.shuffle(cards)
    out = list(pile)
    for i, c in zip(places, cards, strict=True):
        out[i] = c
    return out


def determinize(state: State, seat: str, rng: Rng) -> State:
    new = fresh_copy(state)
    known = visible_ids(state, seat)
    new.mana_pile = _reshuffle(state.mana_pile, known, rng)
    new.treasure_pile = _reshuffle(state.treasure_pile, known, rng)
    reseed(new, rng)
    return new
