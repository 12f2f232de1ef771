"""The one error a rule raises: an action that is not among the offered options."""
from __future__ import annotations

from .text import Text


class IllegalAction(Exception):
    """Raised by `apply` for anything not offered; the state passed in is never changed.

    `code` is stable for programs (e.g. "not_offered", "not_your_turn");
    `text` is what a player reads, in English and Japanese.
    """

    def __init__(self, code: str, text: Text):
        super().__init__(f"{code}: {text.en}")
        self.code = code
        self.text = text

    def message(self, lang: str = "en") -> str:
        return self.text.get(lang)
