"""Card data: one schema for every set, loaded from `data/*.json` and validated by pydantic.

Every value is `{value, prov, ref}` so an owner of the physical cards corrects one file
(`prov`: seed = printed in the rulebooks, source = read off a card, reconstructed = inferred
or designed, with the reasoning in `ref`). Card and wonder ids are unique across all sets.
"""
from __future__ import annotations

import json
from functools import cache, cached_property, lru_cache
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.kit import T, Text
from games.kit.provenance import Cited, Status

DATA = Path(__file__).with_name("data")
ERAS = ("horse", "gunpowder", "oil", "earth", "space")               # bottom row first
ENERGIES = ("food", "iron", "horse", "gunpowder", "oil", "earth", "space")
SETS = ("base", "renaissance")
Prov = Status  # the kit's provenance (games/kit/provenance.py), spelled inline ({value, prov, ref}): 500 values stay compact
X = TypeVar("X")


class Valued(Cited, Generic[X]):
    """One printed (or reconstructed) value and where it comes from (`.provenance`)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    value: X


class Names(BaseModel):
    model_config = ConfigDict(frozen=True)
    en: str
    ja: str


class EffectSpec(Cited):
    """The printed text plus what drives the engine: `kind` names a registered effect
    (default: the card id), `params` are its numbers."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    ja: str
    en: str
    prov: Prov = "seed"
    kind: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)


class CardDef(BaseModel):
    """A civilisation card: progress side (type, effect, military) and resource side."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    id: str
    set: str = "base"
    name: Names
    type: Valued[Literal["tech", "tactic", "unit"]]
    era: Valued[Literal["horse", "gunpowder", "oil", "earth", "space"]] | None = None
    back: Valued[Literal["food", "iron"]] | None = None        # starting cards only
    cost: Valued[dict[str, int]]
    military: Valued[int]
    vp: Valued[int]
    counter: Valued[bool]
    two_player_excluded: Valued[bool]
    effect: EffectSpec

    @model_validator(mode="after")
    def _check(self) -> CardDef:
        if (self.era is None) == (self.back is None):
            raise ValueError(f"{self.id}: a card has an era (pyramid cards) or a back (starting cards), not both")
        for energy, n in self.cost.value.items():
            if energy not in ENERGIES or n <= 0:
                raise ValueError(f"{self.id}: bad cost {energy}={n}")
        return self

    # Derived once per card (the rules ask for these on every step; the card is frozen).
    @cached_property
    def resource(self) -> str:
        """The resource on the back, which is also the card's era icon (food/iron for starting cards)."""
        return self.era.value if self.era is not None else self.back.value  # type: ignore[union-attr]

    @cached_property
    def kind(self) -> str:
        return self.type.value

    @cached_property
    def effect_kind(self) -> str:
        return self.effect.kind or self.id

    @cached_property
    def label(self) -> Text:
        return T(self.name.en, self.name.ja)


class Condition(Cited):
    model_config = ConfigDict(extra="ignore", frozen=True)
    value: str
    params: dict[str, Any] = Field(default_factory=dict)
    prov: Prov = "reconstructed"


class WonderDef(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)
    id: str
    set: str = "base"
    name: Names
    era: Valued[Literal["horse", "gunpowder", "oil", "earth", "space"]]
    setup_icon: Valued[str]
    vp: Valued[int]
    condition: Condition
    condition_text: Names
    honor_needed: Valued[int] | None = None     # Renaissance wonders

    @cached_property
    def label(self) -> Text:
        return T(self.name.en, self.name.ja)


class SetData(BaseModel):
    key: str
    cards: dict[str, CardDef]
    wonders: dict[str, WonderDef]


def _read(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@cache
def load_set(key: str) -> SetData:
    """The pyramid cards and wonders of one set (`base` or `renaissance`)."""
    cards = [CardDef.model_validate({**c, "set": key}) for c in _read(f"{key}_cards.json")["cards"]]
    wonders = [WonderDef.model_validate({**w, "set": key}) for w in _read(f"{key}_wonders.json")["wonders"]]
    for c in cards:
        if c.era is None:
            raise ValueError(f"{key}: pyramid card {c.id} has no era")
    return SetData(key=key, cards={c.id: c for c in cards}, wonders={w.id: w for w in wonders})


@lru_cache(maxsize=1)
def starting_cards() -> tuple[CardDef, ...]:
    """The five cards every player starts with (shared by all sets)."""
    return tuple(CardDef.model_validate({**c, "set": "starting"}) for c in _read("starting_cards.json")["cards"])


@lru_cache(maxsize=1)
def all_cards() -> dict[str, CardDef]:
    out: dict[str, CardDef] = {c.id: c for c in starting_cards()}
    for key in SETS:
        for cid, c in load_set(key).cards.items():
            if cid in out:
                raise ValueError(f"card id {cid} appears in two sets")
            out[cid] = c
    return out


@lru_cache(maxsize=1)
def all_wonders() -> dict[str, WonderDef]:
    out: dict[str, WonderDef] = {}
    for key in SETS:
        for wid, w in load_set(key).wonders.items():
            if wid in out:
                raise ValueError(f"wonder id {wid} appears in two sets")
            out[wid] = w
    return out


def card(key: str) -> CardDef:
    try:
        return _CARDS[key]
    except KeyError:
        _CARDS.update(all_cards())
        return _CARDS[key]


def wonder(key: str) -> WonderDef:
    try:
        return _WONDERS[key]
    except KeyError:
        _WONDERS.update(all_wonders())
        return _WONDERS[key]


# Flat copies of `all_cards()` / `all_wonders()`, filled on first use: `card` is the rules'
# most frequent call, and a dict lookup is all it needs to be.
_CARDS: dict[str, CardDef] = {}
_WONDERS: dict[str, WonderDef] = {}


ENERGY_NAMES: dict[str, tuple[str, str]] = {
    "food": ("food", "食料"), "iron": ("iron", "鉄"), "horse": ("horse", "馬"), "gunpowder": ("gunpowder", "火薬"),
    "oil": ("oil", "石油"), "earth": ("earth", "地球"), "space": ("space", "宇宙"), "any": ("any", "好きな"),
}
TYPE_NAMES: dict[str, tuple[str, str]] = {"tech": ("tech", "技術"), "tactic": ("tactic", "戦術"), "unit": ("unit", "ユニット")}


def energy_name(kind: str) -> Text:
    return _ENERGY_TEXTS[kind]


_ENERGY_TEXTS = {kind: T(en, ja) for kind, (en, ja) in ENERGY_NAMES.items()}


def energy_text(amounts: dict[str, int], extra: int = 0) -> Text:
    """`{"gunpowder": 2}, 3` -> "[gunpowder]2 + any 3"."""
    return _energy_text(tuple(amounts.get(k, 0) for k in ENERGIES), extra)


@lru_cache(maxsize=4096)
def _energy_text(counts: tuple[int, ...], extra: int) -> Text:
    amounts = dict(zip(ENERGIES, counts, strict=True))
    en = [f"[{ENERGY_NAMES[k][0]}]{n}" for k in ENERGIES for n in [amounts.get(k, 0)] if n]
    ja = [f"［{ENERGY_NAMES[k][1]}］{n}" for k in ENERGIES for n in [amounts.get(k, 0)] if n]
    if extra:
        en.append(f"any {extra}")
        ja.append(f"好きなもの{extra}")
    return T(" + ".join(en) or "nothing", "＋".join(ja) or "なし")
