"""Bilingual text carried by the rules, so every front end can show English or Japanese."""
from __future__ import annotations

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
        return Text(en=self.en + other.en, ja=self.ja + other.ja)


def T(en: str, ja: str | None = None) -> Text:
    """Shorthand; a label that reads the same in both languages (a number, a card code) may omit `ja`."""
    return Text(en=en, ja=en if ja is None else ja)
