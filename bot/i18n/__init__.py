"""The one message catalogue of the front ends: the table service's messages
(`tables/messages.json`) plus the front ends' own (`messages/*.json`), in English and Japanese.

Keys are unique across files. `t("key", lang, name=...)` formats with `str.format` placeholders.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from tables.i18n import DEFAULT_LANG, LANGS, MESSAGES, Duration, Span, format_message, lang_of, load_catalogue, span

_DIR = Path(__file__).parent / "messages"

__all__ = ["DEFAULT_LANG", "LANGS", "Duration", "Span", "catalogue", "lang_of", "span", "t"]


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, str]]:
    return load_catalogue([MESSAGES, *sorted(_DIR.glob("*.json"))])


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The message `key` in `lang`, formatted with `params` (which may themselves be called
    `key` or `lang`: the first two arguments are positional only). KeyError for an unknown key."""
    return format_message(catalogue()[key], lang, params)
