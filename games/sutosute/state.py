"""The game state: everything needed to continue, including hidden cards and the RNG."""
from __future__ import annotations

from pydantic import Field

from games.kit import BaseState, StateModel

from .options import Options


class DiscardEntry(StateModel):
    card: str
    face_up: bool
    owner: str | None = None  # who put a face-down card there and so knows it (ver.2 draw rule)


class RoundRecord(StateModel):
    """The public summary of the last resolved round (kinds only, never card ids)."""

    number: int
    kinds: dict[str, str]                       # player -> kind played ("revolution" for Revolution)
    declared: dict[str, str | None] = Field(default_factory=dict)  # Revolution's declaration (None = undeclared)
    powers: dict[str, int]
    winner: str | None = None
    gained: dict[str, int] = Field(default_factory=dict)
    combo: list[str] = Field(default_factory=list)  # kinds revealed as combo
    parthian: bool = False                      # a Persian Conquest loss turned into a draw
    reset: bool = False


class State(BaseState):
    options: Options
    cards: dict[str, str]                       # card id -> kind
    step: str = "place"                         # which decision or automatic step comes next
    civs: dict[str, str] = Field(default_factory=dict)
    civ_turn: list[str] = Field(default_factory=list)   # players still to pick a civilization
    deck: list[str] = Field(default_factory=list)
    discard: list[DiscardEntry] = Field(default_factory=list)
    hands: dict[str, list[str]] = Field(default_factory=dict)
    placed: dict[str, str] = Field(default_factory=dict)  # player -> face-down card id
    declared: str | None = None                 # Revolution declaration: a kind, "none" (undeclared) or None (not yet)
    revealed: bool = False                      # both placed cards are face up
    dice: dict[str, int] = Field(default_factory=dict)
    scores: dict[str, int] = Field(default_factory=dict)
    round: int = 0                              # rounds resolved so far
    draws_in_row: int = 0
    public: list[str] = Field(default_factory=list)  # hand cards everyone may see right now
    india_active: dict[str, bool] = Field(default_factory=dict)
    pyramids: dict[str, int] = Field(default_factory=dict)
    winner: str | None = None                   # the winner of the round being processed
    chain: list[str] = Field(default_factory=list)   # combo cards revealed so far (ids), while the combo is open
    china_return: bool = False
    tie_discards: dict[str, str] = Field(default_factory=dict)  # ver.2 draw rule: face-down discards chosen
    draw_queue: list[str] = Field(default_factory=list)  # players still to draw 1
    after_draw: str = ""                        # the step that follows the draws
    last: RoundRecord | None = None
    finished: bool = False
    end_reason: str | None = None               # "target" | "round_limit"
