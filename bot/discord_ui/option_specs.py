"""Lobby options read from each game's pydantic `Options`: which values a select may offer.

Literal and bool fields offer their values; integer fields with bounds offer up to 25 values
spread over the range (always including the default). Free-form fields are not offered.
Labels come from the catalogue (`option.<field>`, `optval.<field>.<value>`, `optval.<value>`)
where it has them, and otherwise from the field name and the game's own description.
"""
from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel

from bot.i18n import catalogue, t

MAX_CHOICES = 25


@dataclass(frozen=True)
class OptionSpec:
    name: str
    choices: tuple[Any, ...]
    default: Any
    description: str
    kind: str  # "literal" | "bool" | "int"

    def label(self, lang: str) -> str:
        key = f"option.{self.name}"
        return t(key, lang) if key in catalogue() else self.name.replace("_", " ").capitalize()

    def help(self, lang: str) -> str | None:
        """The game's own explanation of the option; games write it in English only."""
        return self.description or None if lang == "en" else None

    def value_label(self, value: Any, lang: str) -> str:
        if isinstance(value, bool):
            return t("optval.on" if value else "optval.off", lang)
        for key in (f"optval.{self.name}.{value}", f"optval.{value}"):  # e.g. what 0 means for this option
            if key in catalogue():
                return t(key, lang)
        return str(value)

    def encode(self, value: Any) -> str:
        return str(int(value)) if isinstance(value, bool) else str(value)

    def decode(self, text: str) -> Any:
        for choice in self.choices:
            if self.encode(choice) == text:
                return choice
        raise ValueError(f"{text!r} is not a value of {self.name}")


def _literal_values(annotation: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return None
    return None


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
        description = field.description or ""
        values = _literal_values(annotation)
        if values is not None:
            out.append(OptionSpec(name, tuple(values), default, description, "literal"))
        elif annotation is bool:
            out.append(OptionSpec(name, (True, False), default, description, "bool"))
        elif annotation is int:
            choices = _int_choices(default, *_bounds(field))
            if choices:
                out.append(OptionSpec(name, choices, default, description, "int"))
    return out


def primary_first(all_specs: list[OptionSpec]) -> list[OptionSpec]:
    """Literal choices (modes, card sets) first, then switches, then numbers."""
    order = {"literal": 0, "bool": 1, "int": 2}
    return sorted(all_specs, key=lambda s: order[s.kind])
