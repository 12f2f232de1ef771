"""Card data loaded from cards.json and validated, so a corrected card list needs no code change.

Every value the rulebook does not print carries its provenance (notes §2.2–§2.5).
"""
from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from games.kit import T, Text
from games.kit.provenance import Provenance

ACE = "A"
EFFECT_RANKS = ("2", "3", "4", "7", "10", ACE)
SPECIAL_COLOURS = ("black", "purple")  # card colours whose numbers carry the black-card effects
COLOUR_NAMES = {"red": ("red", "赤"), "green": ("green", "緑"), "purple": ("purple", "紫"), "black": ("black", "黒")}


class Valued(BaseModel):
    value: int = Field(ge=1)
    provenance: Provenance


class Effect(BaseModel):
    rank: str
    timing: Literal["draw", "showdown", "damage"]
    en: str
    ja: str
    provenance: Provenance


class DeckList(BaseModel):
    ranks: list[str] = Field(min_length=1)
    copies: int = Field(1, ge=1)
    en: str = ""
    ja: str = ""
    provenance: Provenance

    @field_validator("ranks")
    @classmethod
    def _known_ranks(cls, ranks: list[str]) -> list[str]:
        for r in ranks:
            if r != ACE and not (r.isdigit() and 1 <= int(r) <= 11):
                raise ValueError(f"unknown card rank {r!r} (use A or 1..11)")
        return ranks

    def all_ranks(self) -> list[str]:
        return [r for _ in range(self.copies) for r in self.ranks]


class CardData(BaseModel):
    seed: str
    notes: str
    start_hp: Valued
    effects: list[Effect]
    black_supply: DeckList
    purple_deck: DeckList
    colour_decks: dict[str, DeckList]

    def model_post_init(self, _context: object) -> None:
        if tuple(e.rank for e in self.effects) != EFFECT_RANKS:
            raise ValueError(f"cards.json effects must be {EFFECT_RANKS}")
        for name, deck in self.colour_decks.items():
            if ACE in deck.ranks:
                raise ValueError(f"colour deck {name}: an A only exists as a black or purple card")
        if "default" not in self.colour_decks:
            raise ValueError("cards.json needs a 'default' colour deck")

    def effect(self, rank: str) -> Effect | None:
        return next((e for e in self.effects if e.rank == rank), None)


@lru_cache(maxsize=1)
def load() -> CardData:
    path = Path(__file__).with_name("cards.json")
    return CardData.model_validate(json.loads(path.read_text(encoding="utf-8")))


@cache
def colour_name(colour: str) -> Text:
    en, ja = COLOUR_NAMES[colour]
    return T(en, ja)


def rank_value(rank: str, ace_high: bool = False) -> int:
    if rank == ACE:
        return 11 if ace_high else 1
    return int(rank)
