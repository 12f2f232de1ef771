"""Lobby options read from each game's pydantic `Options`: which values a select may offer.

Literal and bool fields offer their values; integer fields with bounds offer up to 25 values
spread over the range (always including the default). Free-form fields are not offered.
Labels, value labels and help come from the game itself (`games.kit.options_words`): a game
owns its words, so the front end keeps none of them.
"""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from games.kit.options_words import OptionWords, literal_values, option_words

MAX_CHOICES = 25


@dataclass(frozen=True)
class OptionSpec:
    name: str
    choices: tuple[Any, ...]
    default: Any
    words: OptionWords
    kind: str  # "literal" | "bool" | "int"

    def label(self, lang: str) -> str:
        return self.words.label(lang)

    def help(self, lang: str) -> str | None:
        return self.words.help(lang)

    def value_label(self, value: Any, lang: str) -> str:
        return self.words.value(value, lang)

    def encode(self, value: Any) -> str:
        return str(int(value)) if isinstance(value, bool) else str(value)

    def decode(self, text: str) -> Any:
        for choice in self.choices:
            if self.encode(choice) == text:
                return choice
        raise ValueError(f"{text!r} is not a value of {self.name}")


def _int_choices(default: int, low: int | None, high: int | None) -> tuple[int, ...] | None:
    if low is None or high is None or high < low:
        return None
    if high - low + 1 <= MAX_CHOICES:
        return tuple(range(low, high + 1))
    step = (high - low) / (MAX_CHOICES - 2)
    # 24 evenly spaced values from low to high, plus the default.
    return tuple(sorted({default, *(round(low + i * step) for i in range(MAX_CHOICES - 1))}))


def _bounds(field: Any) -> tuple[int | None, int | None]:
    low = high = None
    for meta in field.metadata:
        low = getattr(meta, "ge", low) if getattr(meta, "ge", None) is not None else low
        high = getattr(meta, "le", high) if getattr(meta, "le", None) is not None else high
    return low, high


def specs(options_model: type[BaseModel]) -> list[OptionSpec]:
    """Every option a lobby can offer, in declaration order."""
    out: list[OptionSpec] = []
    for name, field in options_model.model_fields.items():
        annotation = field.annotation
        default = field.get_default(call_default_factory=True)
        words = option_words(options_model, name)
        values = literal_values(annotation) if typing.get_origin(annotation) is Literal else None  # not `X | None`
        if values is not None:
            out.append(OptionSpec(name, tuple(values), default, words, "literal"))
        elif annotation is bool:
            out.append(OptionSpec(name, (True, False), default, words, "bool"))
        elif annotation is int:
            choices = _int_choices(default, *_bounds(field))
            if choices:
                out.append(OptionSpec(name, choices, default, words, "int"))
    return out


def primary_first(all_specs: list[OptionSpec]) -> list[OptionSpec]:
    """The game's mode (or card set) first, then other choices, then switches, then numbers."""
    order = {"literal": 0, "bool": 1, "int": 2}
    return sorted(all_specs, key=lambda s: (not s.words.is_mode, order[s.kind]))
