"""The words a game's host options are shown with, owned by the game.

A field of a game's `Options` model carries a `Words` marker (`Annotated[..., Words(...)]`):
the option's name as players read it, what its values mean and one line of help, in English
and Japanese. Front ends ask `option_words(Options, name)` and never keep a game's words in
their own catalogue, so one game's `auto` cannot label another game's `auto`.

    mode: Annotated[Literal["auto", "duel"], Words(
        T("Mode", "モード"), help=T("…", "…"),
        values={"auto": T("by player count", "人数で決める"), "duel": T("duel", "対戦")})] = "auto"

`mode=True` marks the one option that picks which game is played (Ganymede's mode, Guns &
Steel's card set): front ends offer it first and the tests play each of its values.
Booleans read "on"/"off" and numbers read as themselves unless `values` says otherwise
(`{0: T("no limit", "上限なし")}`). Missing words fall back to English, then to the field's
own title; `missing_words` lists what a game has not worded (the tests ask it of every game).
"""
from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from .text import LANGS, T, Text

ON = T("on", "オン")
OFF = T("off", "オフ")


@dataclass(frozen=True, eq=False)
class Words:
    """An option's label, its values' labels (keyed by the value itself) and its help; `mode`:
    this option picks which game is played (at most one per game); `modes`: the values of the
    mode option this one matters in (empty: all), so a lobby can leave it out of the others."""

    label: Text
    help: Text | None = None
    values: Mapping[Any, Text] = field(default_factory=dict)
    mode: bool = False
    modes: tuple[Any, ...] = ()


@dataclass(frozen=True)
class OptionWords:
    """One option's words, ready to read in a language."""

    name: str
    words: Words | None

    def label(self, lang: str) -> str:
        return self.label_text().get(lang)

    def label_text(self) -> Text:
        """The label in both languages (for a message that is written later, in its reader's)."""
        if self.words is not None:
            return self.words.label
        return T(self.name.replace("_", " ").capitalize())  # a game under construction; the tests refuse it

    def value(self, value: Any, lang: str) -> str:
        """What `value` of this option means; a number without its own words reads as itself."""
        text = self._value_text(value)
        if text is not None:
            return text.get(lang)
        if isinstance(value, bool):
            return (ON if value else OFF).get(lang)
        return "—" if value is None else str(value)

    @property
    def is_mode(self) -> bool:
        return self.words is not None and self.words.mode

    def help(self, lang: str) -> str | None:
        return self.words.help.get(lang) if self.words is not None and self.words.help is not None else None

    def _value_text(self, value: Any) -> Text | None:
        if self.words is None:
            return None
        for key, text in self.words.values.items():  # not a lookup: True == 1 would mix a switch and a number
            if key == value and type(key) is type(value):
                return text
        return None


def option_words(options: type[BaseModel], name: str) -> OptionWords:
    """The words of the option `name` of a game's Options model (KeyError for an unknown option)."""
    info = options.model_fields[name]
    marker = next((m for m in info.metadata if isinstance(m, Words)), None)
    return OptionWords(name, marker)


def mode_option(options: type[BaseModel]) -> tuple[str, tuple[Any, ...]] | None:
    """(field, values) of the option marked `mode=True`, or None for a game with one way to play."""
    for name, info in options.model_fields.items():
        words = option_words(options, name).words
        if words is not None and words.mode:
            return name, literal_values(info.annotation) or ()
    return None


def literal_values(annotation: Any) -> tuple[Any, ...] | None:
    """The values of a `Literal[...]` field (also inside `X | None`), else None."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(annotation) if a is not type(None)]
        annotation = inner[0] if len(inner) == 1 else None
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    return None


def missing_words(options: type[BaseModel]) -> list[str]:
    """What a game's options lack to be shown in every language: `field` without a label or
    help, `field=value` for a choice without its own words (or with an empty one)."""
    missing = []
    for name, info in options.model_fields.items():
        words = option_words(options, name).words
        if words is None:
            missing.append(name)
            continue
        texts = [words.label, words.help] + list(words.values.values())
        if words.help is None or any(t is None or not all(t.get(lang).strip() for lang in LANGS) for t in texts):
            missing.append(name)
        for value in literal_values(info.annotation) or ():
            text = OptionWords(name, words)._value_text(value)
            if text is None or not all(text.get(lang).strip() for lang in LANGS):
                missing.append(f"{name}={value}")
    return missing


def all_texts(options: type[BaseModel]) -> list[Text]:
    """Every text the options are shown with (labels, values, help), for language checks."""
    out: list[Text] = [ON, OFF]
    for name in options.model_fields:
        words = option_words(options, name).words
        if words is not None:
            out += [words.label, *([words.help] if words.help else []), *words.values.values()]
    return out
