"""The public pyramid: rows per era (horse at the bottom), the cost rule and purchase sources.

Row r (0 = horse) slot i touches slots i and i+1 of row r-1. A card's extra cost is the
number of distinct remaining cards reachable downward through remaining cards (notes A6: the
Cannon and Frigate examples; a bought card cuts the chain, a shared card counts once).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import NamedTuple

from games.kit import Rng

from .cards import ERAS, load_set
from .state import State

# The pyramid as `sources_of` reads it: per era, each slot's instance id or None, then the card
# key of every slot in that order (None for an empty slot): ids alone would not do, since
# each game deals its ids to other cards.
Rows = tuple[tuple[tuple[str | None, ...], ...], tuple[str | None, ...]]


class Source(NamedTuple):
    """A card that can be bought now: `key` is the option key (the instance id). A named
    tuple, not a model: every purchase prompt hashes and compares the offers."""

    key: str
    card: str
    era: str
    extra: int
    where: str = "pyramid"        # "pyramid" | "pile"


def connected_below(pyramid: dict[str, list[str | None]], era: str, index: int) -> int:
    """How many remaining cards are connected below slot `index` of row `era`."""
    return _extras(_shape(pyramid))[ERAS.index(era)][index]


def _shape(pyramid: dict[str, list[str | None]]) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(c is not None for c in pyramid.get(era, [])) for era in ERAS)


@lru_cache(maxsize=4096)
def _extras(shape: tuple[tuple[bool, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The connected-below count of every slot of a pyramid given which slots remain: row by
    row upwards, each slot's reach (a bit per slot) is the remaining slots it touches below
    and their reach."""
    out = []
    below_reach: list[int] = []
    below_bits: list[int] = []
    below: tuple[bool, ...] = ()
    bit = 1
    for slots in shape:
        reach = []
        bits = []
        for index in range(len(slots)):
            r = 0
            for j in (index, index + 1):
                if j < len(below) and below[j]:
                    r |= below_bits[j] | below_reach[j]
            reach.append(r)
            bits.append(bit)
            bit <<= 1
        out.append(tuple(r.bit_count() for r in reach))
        below_reach, below_bits, below = reach, bits, slots
    return tuple(out)


def rows_of(state: State) -> Rows:
    pyramid = state.pyramid
    ids = tuple([tuple(pyramid.get(era, ())) for era in ERAS])
    return ids, tuple(map(state.cards.get, chain.from_iterable(ids)))


def pyramid_sources(state: State) -> tuple[Source, ...]:
    return sources_of(rows_of(state))


def sources_of(rows: Rows) -> tuple[Source, ...]:
    """The buyable cards of a pyramid. Not memoised here: the purchase code keeps the last
    table's offers (purchase._offers), and a cache keyed by every table would only fill up."""
    ids, keys = rows
    extras = _extras(tuple([tuple([cid is not None for cid in row]) for row in ids]))
    out = []
    new = new_source
    k = 0
    for row, era, row_extras in zip(ids, ERAS, extras, strict=False):
        for cid, extra in zip(row, row_extras, strict=True):
            if cid is not None:
                out.append(new(Source, (cid, keys[k], era, extra, "pyramid")))
            k += 1
    return tuple(out)


new_source = tuple.__new__     # a Source from its five fields in order, as `Source(...)` builds it


def remove(state: State, cid: str) -> None:
    """Take a bought card off the pyramid (its slot stays empty) or off a research pile."""
    for row in state.pyramid.values():
        if cid in row:
            row[row.index(cid)] = None
            return
    for pile in state.piles.values():
        if pile and pile[0] == cid:
            pile.pop(0)
            return
    raise ValueError(f"{cid} is not on the table")


def remaining(state: State, era: str) -> int:
    return sum(1 for c in state.pyramid.get(era, []) if c is not None)


# ---- laying the pyramid out at setup ------------------------------------------------------

def standard_pyramid(card_sets: tuple[str, ...], players: int, rng: Rng) -> dict[str, list[str]]:
    """Card keys per era, shuffled, left to right. 2 players: the 2-player-icon cards are
    removed before shuffling."""
    rows: dict[str, list[str]] = {}
    for era in ERAS:
        keys = [c.id for s in card_sets for c in load_set(s).cards.values()
                if c.era is not None and c.era.value == era and not (players == 2 and c.two_player_excluded.value)]
        rng.shuffle(keys)
        rows[era] = keys
    return rows


def icon_winner(row: list[str], wonders: list[tuple[str, str]], rng: Rng) -> str:
    """Of [(wonder, icon card)], the wonder whose icon card lies furthest left in `row`;
    a missing icon card loses; with none present, a random one (notes A9)."""
    placed = [(row.index(icon), wid) for wid, icon in wonders if icon in row]
    if placed:
        return min(placed)[1]
    return rng.choice([wid for wid, _ in wonders])


def wonders_by_icon(rows: dict[str, list[str]], wonder_sets: tuple[str, ...], rng: Rng) -> list[str]:
    """One wonder per era: the one whose setup icon card is further left (seed-B 準備 2)."""
    out = []
    for era in ERAS:
        pair = [(w.id, w.setup_icon.value) for s in wonder_sets for w in load_set(s).wonders.values() if w.era.value == era]
        if pair:
            out.append(icon_winner(rows[era], pair, rng))
    return out
