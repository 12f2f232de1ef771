"""Host options; the defaults are the rulebook as written plus the notes' reconstruction (§1.7)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.kit import T
from games.kit.options_words import Words


class Options(BaseModel):
    spirit_names: Annotated[Literal["printed", "positions", "symbol_count"], Words(
        T("Same-name rule", "同名の判定"),
        help=T("What makes two spirit cards the same name, which a stand column may not hold twice.",
               "台の列に同じ名前のカードは置けません。何を同じ名前とみなすか。"),
        values={"printed": T("printed names", "印刷された名前"), "positions": T("symbol positions", "記号の位置"),
                "symbol_count": T("symbol count", "記号の数")})] = Field(
        "printed",
        description="What counts as a card's name for the same-name rule of the stand: the names in cards.json "
                    "(reconstructed: the colours a spirit produces), or the notes' alternatives — which slots carry "
                    "a symbol, or how many symbols (harder).")
    allow_concede: Annotated[bool, Words(
        T("Conceding allowed", "投了を許可"),
        help=T("Offer to concede on every turn, for when winning has become impossible.",
               "勝てないとわかったときのために、毎手番「投了」を選べるようにする。"))] = Field(
        True, description="Offer 'concede' on every turn (「勝利が不可能と判明した場合…敗北のうちにゲームを終えることができる」).")
