"""Card data loaded from cards.json and validated, so a corrected card list needs no code change."""
from __future__ import annotations

import json
from functools import cache, lru_cache
from pathlib import Path

from pydantic import BaseModel, Field

from games.kit import T, Text
from games.kit.provenance import Provenance, Valued

KINDS = ("explore", "trade", "grow", "build", "research", "conquer")
REVOLUTION = "revolution"
DICE = ("red", "black", "white")
CIVS = ("rome", "greece", "egypt", "carthage", "persia", "india", "china")


class Kind(BaseModel):
    key: str
    en: str
    ja: str
    count: int = Field(ge=1)
    power_en: str
    power_ja: str
    provenance: Provenance


class Revolution(BaseModel):
    key: str
    en: str
    ja: str
    count: int
    undeclared_power: int
    provenance: Provenance


class Die(BaseModel):
    key: str
    en: str
    ja: str
    provenance: Provenance


class Bonus(BaseModel):
    values: list[int] = Field(min_length=1)
    provenance: Provenance


class Targets(BaseModel):
    points: int
    lead: int
    points_with_civilizations: int
    provenance: Provenance


class Edge(BaseModel):
    from_: str = Field(alias="from")
    to: str
    provenance: Provenance


class Graph(BaseModel):
    en: str
    ja: str
    edges: list[Edge]


class Ability(BaseModel):
    en: str
    ja: str


class Civ(BaseModel):
    key: str
    en: str
    ja: str
    abilities: list[Ability]
    provenance: Provenance


class CardData(BaseModel):
    seed: str
    kinds: list[Kind]
    revolution: Revolution
    dice: list[Die]
    hand_size: Valued
    combo_bonus: Bonus
    carthage_combo_bonus: Bonus
    targets: Targets
    combo_graphs: dict[str, Graph]
    civilizations: list[Civ]

    def model_post_init(self, _context: object) -> None:
        if tuple(k.key for k in self.kinds) != KINDS:
            raise ValueError(f"cards.json kinds must be {KINDS}")
        if tuple(d.key for d in self.dice) != DICE:
            raise ValueError(f"cards.json dice must be {DICE}")
        if tuple(c.key for c in self.civilizations) != CIVS:
            raise ValueError(f"cards.json civilizations must be {CIVS}")
        for name, graph in self.combo_graphs.items():
            for e in graph.edges:
                if e.from_ not in KINDS or e.to not in KINDS:
                    raise ValueError(f"graph {name}: unknown kind in edge {e.from_}->{e.to}")

    def successors(self, graph: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {k: [] for k in KINDS}
        for e in self.combo_graphs[graph].edges:
            out[e.from_].append(e.to)
        return out


@lru_cache(maxsize=1)
def load() -> CardData:
    path = Path(__file__).with_name("cards.json")
    return CardData.model_validate(json.loads(path.read_text(encoding="utf-8")))


@cache
def kind_name(kind: str | None) -> Text:
    """The bilingual name of a card kind (None = an undeclared Revolution)."""
    d = load()
    if kind is None or kind == REVOLUTION:
        return T(d.revolution.en, d.revolution.ja)
    k = next(k for k in d.kinds if k.key == kind)
    return T(k.en, k.ja)


@cache
def die_name(die: str) -> Text:
    d = next(x for x in load().dice if x.key == die)
    colour = {"red": ("Red", "赤"), "black": ("Black", "黒"), "white": ("White", "白")}[die]
    return T(f"{colour[0]} ({d.en})", f"{colour[1]}（{d.ja}）")


@cache
def civ_name(civ: str) -> Text:
    c = next(x for x in load().civilizations if x.key == civ)
    return T(c.en, c.ja)
