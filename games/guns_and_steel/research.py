"""Mixed sets (seed-R セットの混合): a smaller pyramid plus one face-up research pile per era.

Pure helpers over plain lists so the engine can call them from its setup and purchase code:
`split_rows_and_piles` at setup, `pile_extra_cost` when a pile's top card is bought, and
`choose_mixed_wonder` for each era's wonder.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from games.kit import Rng

from .pyramid import icon_winner

ERAS = ("horse", "gunpowder", "oil", "earth", "space")
MIXED_DATA = json.loads((Path(__file__).parent / "data" / "mixed.json").read_text(encoding="utf-8"))
# seed-R: "宇宙時代２枚、地球時代３枚、石油時代４枚、火薬時代５枚、馬時代６枚"
MIXED_ROW_SIZES: dict[str, int] = dict(MIXED_DATA["row_sizes"]["value"])


def split_rows_and_piles(shuffled: Mapping[str, Sequence[str]], row_sizes: Mapping[str, int] = MIXED_ROW_SIZES
                         ) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per era: the first `row_sizes[era]` shuffled cards form the pyramid row (left to right),
    the rest the research pile (index 0 = the face-up top card)."""
    rows: dict[str, list[str]] = {}
    piles: dict[str, list[str]] = {}
    for era in ERAS:
        cards = list(shuffled[era])
        n = row_sizes[era]
        if len(cards) < n:
            raise ValueError(f"not enough {era} cards for a mixed pyramid: {len(cards)} < {n}")
        rows[era] = cards[:n]
        piles[era] = cards[n:]
    return rows, piles


def era_below(era: str) -> str | None:
    i = ERAS.index(era)
    return ERAS[i - 1] if i > 0 else None


def pile_extra_cost(era: str, remaining_in_row: Mapping[str, int]) -> int:
    """seed-R: a pile top costs its printed energy plus one energy per card still in the
    pyramid row of the era directly below (research piles do not count)."""
    below = era_below(era)
    return 0 if below is None else remaining_in_row.get(below, 0)


def choose_mixed_wonder(era: str, row: Sequence[str], wonders: Sequence[tuple[str, str]],
                        is_base_card: Callable[[str], bool], rng: Rng) -> str:
    """The wonder placed for `era`. `wonders` = [(wonder id, setup-icon card id)] of the
    non-base sets for this era; `row` = the card ids in that era's pyramid row.

    seed-R: base wonders are not used; if the row holds only base cards, a random non-base
    wonder; otherwise the usual icon rule (leftmost icon card wins; notes A9: a wonder
    whose icon card is not in the row loses, and if none is, random).
    """
    if not wonders:
        raise ValueError(f"no non-base wonder for {era}")
    if all(is_base_card(c) for c in row):
        return rng.choice(list(wonders))[0]
    return icon_winner(list(row), list(wonders), rng)
