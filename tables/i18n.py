"""The table service's own words, and the catalogue machinery every front end shares.

Strings live in JSON files `{"key": {"en": "...", "ja": "..."}}`; the service's are in
`tables/messages.json`. Front ends merge their own files on top with `load_catalogue`
(keys must stay unique), so there is one catalogue and one `t()` shape everywhere.
`t("key", lang, name=...)` formats with `str.format` placeholders. A count agrees with its
noun in the message itself: `{n:# game|# games}` writes "1 game" or "3 games" (`#` is the number;
Japanese needs no plural and writes `{n}戦`); a `Duration` parameter is written as a person says
it ("6 h 30 min", 「6時間30分」), never as a bare number of seconds.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from games.kit.text import Text
from games.kit.words import Count, counting, duration

LANGS = ("en", "ja")
DEFAULT_LANG = "en"
MESSAGES = Path(__file__).parent / "messages.json"


def span(low: int, high: int, lang: str) -> str:
    """A count or a range of counts as words put it: "2" when both ends are equal (never "2–2"),
    else "2–4" (English) or "2～4" (Japanese)."""
    if low == high:
        return str(low)
    return f"{low}{'～' if lang == 'ja' else '–'}{high}"


class Span:
    """A message parameter for a range of counts, written out in the message's language (`span`)."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def in_lang(self, lang: str) -> str:
        return span(self.low, self.high, lang)


class Duration:
    """A message parameter for a length of time in seconds, written in the message's language."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def in_lang(self, lang: str) -> str:
        return duration(self.seconds, lang)


def load_catalogue(paths: Iterable[Path]) -> dict[str, dict[str, str]]:
    """Merge message files; a key defined twice is a bug and raises ValueError."""
    merged: dict[str, dict[str, str]] = {}
    for path in paths:
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            if key in merged:
                raise ValueError(f"message key {key!r} defined twice ({path.name})")
            merged[key] = texts
    return merged


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, str]]:
    return load_catalogue([MESSAGES])


def lang_of(locale: object | None) -> str:
    """Map a Discord locale (e.g. 'ja', 'en-US') or a stored setting to 'ja' or 'en'."""
    value = str(getattr(locale, "value", locale) or "")
    return "ja" if value.lower().startswith("ja") else DEFAULT_LANG


def format_message(texts: dict[str, str], lang: str, params: dict[str, object]) -> str:
    """A `Span` or a game's bilingual `Text` among the params is written in `lang` too."""
    text = texts.get(lang) or texts[DEFAULT_LANG]
    if not params:
        return text
    return text.format(**{k: _in_lang(v, lang) for k, v in params.items()})


def _in_lang(value: object, lang: str) -> object:
    if isinstance(value, Span):
        return Count(value.in_lang(lang), value.low == value.high == 1)
    if isinstance(value, Duration):
        return value.in_lang(lang)
    if isinstance(value, Text):
        return value.get(lang)
    return counting(value)


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The service message `key` in `lang`, formatted with `params`. KeyError for an unknown key."""
    return format_message(catalogue()[key], lang, params)
