"""Pure arithmetic of the rules: card values, the draw limit, strength and damage of one comparison.

Resolutions (notes §2.7): the draw check counts A as 1 (G3); strength is tested for 22+ and
exactly 21 after every modification (G9); damage = own cards + 1 for exactly 21 + 2 per own 7,
capped at 3 when the receiver holds a 10 (G10); ties deal both ways, and a bust counts as 0, so
a side at 0 against a bust deals its damage (the rulebook's 「《強さ》を0として扱い」 with 「《強さ》が
同じ場合は…同時に」; option `zero_against_bust="none"` keeps the earlier reading, G11).
"""
from __future__ import annotations

from functools import cache

from games.kit import T, Text

from .data import ACE, SPECIAL_COLOURS, colour_name, rank_value
from .state import Card, Clash, Side, State

BUST = 22
BLACKJACK = 21
DRAW_LIMIT = 21      # no more draws once the total is over this
MAX_DRAWS = 3
COOP_PURPLE_STOP = 17  # the automated purple side draws until its strength is over this


def is_special(card: Card) -> bool:
    return card.colour in SPECIAL_COLOURS


def card_label(card: Card) -> Text:
    """"8" for a red/green card; "black 7" / "黒7" for a card whose number carries an effect."""
    return face_label(card.colour, card.rank)


@cache
def face_label(colour: str, rank: str) -> Text:
    if colour not in SPECIAL_COLOURS:
        return T(rank)
    name = colour_name(colour)
    return T(f"{name.en} {rank}", f"{name.ja}{rank}")


class _Values(dict):
    """rank -> value, filled on first use: the totals below run for every draw of every playout."""

    def __init__(self, ace_high: bool) -> None:
        super().__init__()
        self.ace_high = ace_high

    def __missing__(self, rank: str) -> int:
        value = self[rank] = rank_value(rank, self.ace_high)
        return value


_ACE_LOW, _ACE_HIGH = _Values(False), _Values(True)


def special_count(state: State, side: Side, rank: str) -> int:
    """How many effect cards of `rank` the side has in play this round."""
    cards = state.cards
    count = 0
    for c in side.play:
        card = cards[c]
        if card.rank == rank and card.colour in SPECIAL_COLOURS:
            count += 1
    return count


def draw_total(state: State, side: Side) -> int:
    """The total checked after each draw (G3: A counts as `draw_check_ace`, effects ignored)."""
    values, cards = _ACE_HIGH if state.options.draw_check_ace == 11 else _ACE_LOW, state.cards
    return sum([values[cards[c].rank] for c in side.play])


def can_draw_more(state: State, side: Side) -> bool:
    return (side.draws < MAX_DRAWS and draw_total(state, side) <= DRAW_LIMIT
            and bool(side.deck or side.used))


def own_total(state: State, side: Side, aces_high: int | None = None) -> int:
    """The side's card total with `aces_high` of its A counted as 11 (default: as declared)."""
    high = side.aces_high if aces_high is None else aces_high
    cards = state.cards
    return sum([_ACE_LOW[cards[c].rank] for c in side.play]) + 10 * high


def auto_aces(state: State, side: Side) -> int:
    """Co-op purple (G18): each A is 11 unless that takes the total over 21."""
    return _auto_aces(own_total(state, side, 0), special_count(state, side, ACE))


def _auto_aces(low: int, aces: int) -> int:
    """How many of `aces` A count as 11 on a total of `low` with every A as 1 (the cards do not
    change while this is worked out, so their total and A count are read once)."""
    high = 0
    while high < aces and low + 10 * (high + 1) <= BLACKJACK:
        high += 1
    return high


def purple_wants_card(state: State, side: Side) -> bool:
    """Co-op purple draws while its own strength (A by the auto rule) is 17 or less (G17)."""
    low = own_total(state, side, 0)
    return low + 10 * _auto_aces(low, special_count(state, side, ACE)) <= COOP_PURPLE_STOP


def strength(state: State, side: Side, against: Side) -> int:
    """Own total + 2 per opposing 10 + the opponent's declared 3s aimed at this side."""
    return (own_total(state, side) + 2 * special_count(state, against, "10")
            + against.threes.get(side.colour, 0))


def clash(state: State, a: Side, b: Side) -> Clash:
    """Compare two sides; returns what each dealt. Does not change HP."""
    strength_of = {a.colour: strength(state, a, b), b.colour: strength(state, b, a)}
    bust = {c: s >= BUST for c, s in strength_of.items()}
    effective = {c: 0 if bust[c] else s for c, s in strength_of.items()}
    dealt: dict[str, int] = {}
    capped: dict[str, bool] = {}
    for me, them in ((a, b), (b, a)):
        mine, theirs = effective[me.colour], effective[them.colour]
        tie_hits = not bust[them.colour] or state.options.zero_against_bust == "deals"
        hits = not bust[me.colour] and (mine > theirs or (mine == theirs and tie_hits))
        damage = 0
        if hits:
            damage = len(me.play) + 2 * special_count(state, me, "7")
            damage += 1 if strength_of[me.colour] == BLACKJACK else 0
        cap = special_count(state, them, "10") > 0 and damage > 3
        dealt[me.colour] = 3 if cap else damage
        capped[me.colour] = cap
    return Clash(sides=[a.colour, b.colour], strength=strength_of, bust=bust, dealt=dealt, capped=capped)
