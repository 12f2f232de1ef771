"""Card data loaded from cards.json and validated, so a corrected card list needs no code change.

Every spirit and treasure layout is a reconstruction (notes §1.2–§1.4); the file says so with its
provenance, and a card may carry its own provenance once someone checks it against the real card.
"""
from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from games.kit import T, Text
from games.kit.provenance import Provenance

EMPTY = "-"  # 空, an empty symbol (the colours are R, G and B)
SLOTS = 3


class Card(BaseModel):
    """One physical card: its id, symbol layout (L-C-R, e.g. "R-G") and printed name."""

    id: str
    layout: str = Field(pattern=r"^[RGB-]{3}$")
    en: str
    ja: str
    provenance: Provenance | None = None  # overrides the deck's provenance for this card

    @property
    def name(self) -> Text:
        return T(self.en, self.ja)


class Deck(BaseModel):
    provenance: Provenance
    cards: list[Card]

    def provenance_of(self, card_id: str) -> Provenance:
        card = next(c for c in self.cards if c.id == card_id)
        return card.provenance or self.provenance


class Rules(BaseModel):
    """Numbers the rulebook prints (seed)."""

    provenance: Provenance
    inner_size: int = Field(ge=1)
    task_size: int = Field(ge=1)
    stand_columns: int = Field(ge=1)
    altar_column_cap: int = Field(ge=1)
    treasures_to_win: int = Field(ge=1)
    complete_win_score: int = Field(ge=0)
    foresee_count: int = Field(ge=1)
    symbol_slots: int = Field(ge=1)


class CardData(BaseModel):
    seed: str
    notes: str
    rules: Rules
    spirits: Deck
    treasures: Deck

    @model_validator(mode="after")
    def _check(self) -> CardData:
        if self.rules.symbol_slots != SLOTS:
            raise ValueError(f"the engine reads {SLOTS} symbol slots per card")
        ids = [c.id for c in self.spirits.cards + self.treasures.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        # 「内容が全く同じカードがなく」: no two cards of a kind are identical.
        for deck in (self.spirits, self.treasures):
            contents = [(c.layout, c.en, c.ja) for c in deck.cards]
            if len(set(contents)) != len(contents):
                raise ValueError("two cards have identical content")
        for t in self.treasures.cards:
            if EMPTY in t.layout:
                raise ValueError(f"treasure {t.id}: all 3 symbols must be colours (「3つ全てのシンボル」)")
        return self



@lru_cache(maxsize=1)
def load() -> CardData:
    path = Path(__file__).with_name("cards.json")
    return CardData.model_validate(json.loads(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def _cards_by_id() -> dict[str, Card]:
    d = load()
    return {c.id: c for c in d.spirits.cards + d.treasures.cards}


def card(card_id: str) -> Card:
    return _cards_by_id()[card_id]


def rules() -> Rules:
    return load().rules


def layout(card_id: str) -> str:
    return _layouts()[card_id]


@lru_cache(maxsize=1)
def _layouts() -> dict[str, str]:
    """The rules read layouts in their inner loops; a plain dict keeps that cheap."""
    return {i: c.layout for i, c in _cards_by_id().items()}


def card_name(card_id: str) -> Text:
    return card(card_id).name


@cache
def label(card_id: str) -> Text:
    """Name and symbols, e.g. "Red-Green `R-G`" — what a player needs to recognise a card."""
    c = card(card_id)
    return T(f"{c.en} `{c.layout}`", f"{c.ja} `{c.layout}`")


@cache
def same_name_key(card_id: str, rule: str) -> str:
    """The "name" the same-name rule compares (notes F2): the printed name, or one of the
    notes' alternative readings (which slots carry a symbol, or how many symbols)."""
    c = card(card_id)
    if rule == "positions":
        return "".join("LCR"[i] for i, s in enumerate(c.layout) if s != EMPTY) or "none"
    if rule == "symbol_count":
        return str(sum(1 for s in c.layout if s != EMPTY))
    return c.ja
