"""What every player knows about another player's hidden cards, for windows that must not
give them away (a question asked only when someone can answer it tells everyone).

Everyone knows which cards each player owns: the five starting cards, every purchase, and
every card turned face up since. Of the ones not face up (the hidden cards), each resource
shows its resource and VP, and the others are in hand. So a hidden card may be in hand when
the player has more hidden cards of its resource and VP than resources showing them, and may
be a resource when any resource shows them. A window opens when, by this, the player *might*
hold an eligible card, whether or not they do.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .cards import CardDef, card
from .state import State


def _signature(c: CardDef) -> tuple[str, int]:
    return c.resource, c.vp.value


def might_hold(state: State, player: str, in_hand: Callable[[CardDef], bool] | None = None,
               as_resource: Callable[[CardDef], bool] | None = None) -> bool:
    """Whether, by public knowledge, `player` might hold a card satisfying `in_hand` in hand
    or a resource whose front satisfies `as_resource`."""
    seat, cards = state.seats[player], state.cards
    showing_cards = [_known(cards[f.id]) for f in seat.field if not f.up]
    hidden = [*(_known(cards[c]) for c in seat.hand), *showing_cards]
    showing: dict[tuple[str, int], int] = {}
    for _, sig in showing_cards:
        showing[sig] = showing.get(sig, 0) + 1
    owned: dict[tuple[str, int], int] = {}
    for _, sig in hidden:
        owned[sig] = owned.get(sig, 0) + 1
    for c, sig in hidden:
        if in_hand is not None and in_hand(c) and owned[sig] > showing.get(sig, 0):
            return True
        if as_resource is not None and as_resource(c) and sig in showing:
            return True
    return False


@cache
def _known(card_key: str) -> tuple[CardDef, tuple[str, int]]:
    """A card and what its back shows (resource and VP), looked up once per card."""
    c = card(card_key)
    return c, _signature(c)


def might_counter(state: State, player: str) -> bool:
    """A counter-icon card in hand, or a resource whose front is a unit or tactic."""
    return might_hold(state, player, in_hand=lambda c: bool(c.counter.value),
                      as_resource=lambda c: c.kind in ("unit", "tactic"))


def might_play(state: State, player: str, kinds: set[str]) -> bool:
    """A hand card of one of `kinds` (unit, tactic, tech)."""
    return might_hold(state, player, in_hand=lambda c: c.kind in kinds)


def might_ambush(state: State, player: str) -> bool:
    """A resource whose front is a unit."""
    return might_hold(state, player, as_resource=lambda c: c.kind == "unit")
