"""The game state: every zone of the table, the hidden pile orders and what the player has seen."""
from __future__ import annotations

from typing import Literal

from pydantic import Field

from games.kit import BaseState, StateModel

from .options import Options

Step = Literal["turn", "return", "foresee", "over"]
Result = Literal["won", "lost", "conceded"]


class AltarSlot(StateModel):
    """A treasure on the altar (祭壇) and the spirit column under it (first attached first)."""

    treasure: str
    column: list[str] = Field(default_factory=list)


class State(BaseState):
    options: Options
    mana_pile: list[str]                    # マナの山, top first (hidden order)
    treasure_pile: list[str]                # 宝物の山, top first (hidden order)
    inner: list[str]                        # 内陣: face-up spirits, left to right
    tasks: list[str]                        # 課題: face-up treasures
    stand: list[list[str]]                  # 台: 3 columns, each bottom first (the last card is the top)
    altar: list[AltarSlot] = Field(default_factory=list)  # 祭壇, left to right
    step: Step = "turn"
    foresight: list[str] = Field(default_factory=list)     # 予見する: cards looked at, not yet returned
    seen_mana: list[str] = Field(default_factory=list)     # pile cards the player has looked at (position known)
    seen_treasures: list[str] = Field(default_factory=list)  # pile treasures that were face up before (public)
    turn: int = 1
    result: Result | None = None
