"""Host options: the card set and an optional round cap; the defaults are the official rules."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from games.kit import T
from games.kit.options_words import Words


class Options(BaseModel):
    """Defaults are the official rules (base set, no round limit). `max_rounds` is an optional
    cap the rulebooks do not have (quick test or benchmark games): after that many rounds the
    game ends and is scored as usual. Off by default, so no real game is ever cut short; even
    random play ends by the rules (the last space card or wonder) within about 100 rounds."""

    set: Annotated[Literal["base", "renaissance", "mixed"], Words(
        T("Card set", "カードセット"), mode=True,
        help=T("Which cards are played: the base set, the Renaissance set, or both mixed.",
               "使うカード：基本セット、ルネサンス、または両方の混合。"),
        values={"base": T("base set", "基本セット"), "renaissance": T("Renaissance", "ルネサンス"),
                "mixed": T("mixed", "混合")})] = "base"
    max_rounds: Annotated[int | None, Words(
        T("Round limit", "ラウンド上限"),
        help=T("Not in the rulebooks: end and score the game after this many rounds.",
               "ルールブックにはない上限：このラウンド数で終了し、得点を数える。"),
        values={None: T("no limit", "上限なし")})] = Field(
        default=None, ge=5, le=500, description="Optional: end and score the game after this many rounds (off by default).")
