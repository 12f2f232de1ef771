"""The one message catalogue: every user-facing string of the bot, in English and Japanese.

Strings live in `messages/*.json` (one file per area: `service.json`, `discord.json`, ...),
each `{"key": {"en": "...", "ja": "..."}}`. Keys are unique across files.
`t("key", lang, name=...)` formats with `str.format` placeholders.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

LANGS = ("en", "ja")
DEFAULT_LANG = "en"
_DIR = Path(__file__).parent / "messages"


@lru_cache(maxsize=1)
def catalogue() -> dict[str, dict[str, str]]:
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(_DIR.glob("*.json")):
        for key, texts in json.loads(path.read_text(encoding="utf-8")).items():
            if key in merged:
                raise ValueError(f"message key {key!r} defined twice ({path.name})")
            merged[key] = texts
    return merged


def lang_of(locale: object | None) -> str:
    """Map a Discord locale (e.g. 'ja', 'en-US') or a stored setting to 'ja' or 'en'."""
    value = str(getattr(locale, "value", locale) or "")
    return "ja" if value.lower().startswith("ja") else DEFAULT_LANG


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The message `key` in `lang`, formatted with `params` (which may themselves be called
    `key` or `lang`: the first two arguments are positional only). KeyError for an unknown key."""
    texts = catalogue()[key]
    text = texts.get(lang) or texts[DEFAULT_LANG]
    return text.format(**params) if params else text
