"""Bilingual text carried by the rules, so every front end can show English or Japanese."""
from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

LANGS = ("en", "ja")


class Text(BaseModel):
    """One sentence in both languages; the rules never pick a language themselves."""

    model_config = ConfigDict(frozen=True)

    en: str
    ja: str

    def get(self, lang: str = "en") -> str:
        return self.ja if lang == "ja" else self.en

    def __add__(self, other: Text) -> Text:
        return _shared(self.en + other.en, self.ja + other.ja)


@lru_cache(maxsize=16384)
def _shared(en: str, ja: str) -> Text:
    """Texts are frozen, so the rules' labels and event sentences are built once and shared
    (random playouts and search build the same few thousand sentences again and again)."""
    return Text(en=en, ja=ja)


def T(en: str, ja: str | None = None) -> Text:
    """Shorthand; a label that reads the same in both languages (a number, a card code) may omit `ja`."""
    return _shared(en, en if ja is None else ja)
