"""Host options; the defaults are the rulebook as written plus the notes' reconstruction (§1.7)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class Options(BaseModel):
    spirit_names: Literal["printed", "positions", "symbol_count"] = Field(
        "printed",
        description="What counts as a card's name for the same-name rule of the stand: the names in cards.json "
                    "(reconstructed: the colours a spirit produces), or the notes' alternatives — which slots carry "
                    "a symbol, or how many symbols (harder).")
    allow_concede: bool = Field(
        True, description="Offer 'concede' on every turn (「勝利が不可能と判明した場合…敗北のうちにゲームを終えることができる」).")
