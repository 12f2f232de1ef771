"""Hidden cards dealt again (`Game.resample`, kit/redeal.py): what one viewer may know.

Hidden are other players' hands, the fronts of their resource-side cards (the resource and
its VP show) and research-pile cards below the top. Purchases are public, so what another
player owns is known as a whole; unknown is which of their cards sit in the hand and which
lie face down as which resource. So each other player's hand cards and face-down cards are
dealt again among themselves, a face-down place only ever taking a card with the same
resource side; the cards under each research pile's top are dealt again within that pile.
The leak check compares the result with the real state; the computer players search it with
a fresh RNG.
"""
from __future__ import annotations

from collections import defaultdict

from games.kit import Rng
from games.kit.redeal import deal_within, fresh_copy

from . import field
from .state import State
from .view import hidden_ids


def _side(state: State, cid: str) -> tuple[str, int]:
    info = field.info(state, cid)
    return str(info.resource), int(info.vp.value)


def unseen_groups(state: State, viewer: str | None) -> list[list[str]]:
    """The ids `viewer` does not know, grouped so any deal within a group is consistent."""
    hidden = hidden_ids(state, viewer)
    groups: list[list[str]] = []
    for p in sorted(state.seats):
        if p == viewer:
            continue
        own = state.seats[p]
        by_side: dict[tuple[str, int], list[str]] = defaultdict(list)
        for f in own.field:
            if not f.up and f.id in hidden:
                by_side[_side(state, f.id)].append(f.id)
        loose = []
        for cid in own.hand:
            key = _side(state, cid)
            (by_side[key] if key in by_side else loose).append(cid)
        groups.extend(by_side[k] for k in sorted(by_side))
        groups.append(loose)
    for era in sorted(state.piles):
        groups.append([c for c in state.piles[era][1:] if c in hidden])
    return [g for g in groups if len(g) > 1]


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    new = fresh_copy(state)
    new.cards.update(deal_within(unseen_groups(state, viewer), state.cards.__getitem__, rng, keep=keep))
    return new
