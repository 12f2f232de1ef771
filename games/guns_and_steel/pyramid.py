"""The public pyramid: rows per era (horse at the bottom), the cost rule and purchase sources.

Row r (0 = horse) slot i touches slots i and i+1 of row r-1. A card's extra cost is the
number of distinct remaining cards reachable downward through remaining cards (notes A6: the
Cannon and Frigate examples; a bought card cuts the chain, a shared card counts once).
"""
from __future__ import annotations

from pydantic import BaseModel

from .cards import ERAS
from .state import State


class Source(BaseModel):
    """A card that can be bought now: `key` is the option key (the instance id)."""

    key: str
    card: str
    era: str
    extra: int
    where: str = "pyramid"        # "pyramid" | "pile"


def connected_below(pyramid: dict[str, list[str | None]], era: str, index: int) -> int:
    """How many remaining cards are connected below slot `index` of row `era`."""
    row = ERAS.index(era)
    seen: set[tuple[int, int]] = set()
    frontier = [(row, index)]
    while frontier:
        r, i = frontier.pop()
        if r == 0:
            continue
        below = pyramid[ERAS[r - 1]]
        for j in (i, i + 1):
            if j < len(below) and below[j] is not None and (r - 1, j) not in seen:
                seen.add((r - 1, j))
                frontier.append((r - 1, j))
    return len(seen)


def pyramid_sources(state: State) -> list[Source]:
    out = []
    for era in ERAS:
        for i, cid in enumerate(state.pyramid.get(era, [])):
            if cid is not None:
                out.append(Source(key=cid, card=state.cards[cid], era=era,
                                  extra=connected_below(state.pyramid, era, i)))
    return out


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
