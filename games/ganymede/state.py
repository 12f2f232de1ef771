"""The game state: every card instance, each side's piles, the step owed next and the RNG."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from games.kit import BaseState, Event, StateModel

from .options import Options

Colour = Literal["red", "green", "purple"]
# What the steps of the round procedure append their events to; None when the caller throws the
# events away (playouts, search), so their texts are not even written.
EventList = list[Event] | None


class Card(BaseModel):
    """One physical card. Only black and purple cards carry the effects of their number.
    Frozen: cards of the same face are one shared instance (setup builds each face once)."""

    model_config = ConfigDict(frozen=True)

    colour: Literal["red", "green", "black", "purple"]
    rank: str


class Side(StateModel):
    """One faction: red, green or purple. `player` is None for the automated co-op purple side."""

    colour: Colour
    player: str | None
    hp: int
    deck: list[str] = Field(default_factory=list)        # 出撃デッキ, top first
    used: list[str] = Field(default_factory=list)        # 使用済デッキ
    removed: list[str] = Field(default_factory=list)     # removed from the game at cleanup
    play: list[str] = Field(default_factory=list)        # this round's cards, the initial card first
    face_down: list[str] = Field(default_factory=list)   # the part of `play` still face down (duel)
    known_top: list[str] = Field(default_factory=list)   # top cards of the own deck the owner has seen (a prefix)
    draws: int = 0                                       # cards drawn in this draw phase
    aces_high: int = 0                                   # how many of this round's A count as 11
    threes: dict[str, int] = Field(default_factory=dict)  # opponent colour -> net change declared with own 3s

    @property
    def alive(self) -> bool:
        return self.hp > 0


class Pending(StateModel):
    """A draw-time effect (2 or 4) its owner may use now; `peeked` = the cards a 4 showed."""

    colour: Colour
    card: str
    peeked: list[str] = Field(default_factory=list)


class Clash(StateModel):
    """One strength comparison, public once resolved."""

    sides: list[str]                 # the two colours compared
    strength: dict[str, int]         # after A choices and the opponent's 3s and 10s
    bust: dict[str, bool]            # 22 or more: counts as 0 and deals nothing
    dealt: dict[str, int]            # damage each side dealt (after the receiver's 10 cap)
    capped: dict[str, bool] = Field(default_factory=dict)  # the receiver's 10 lowered the damage


class RoundRecord(StateModel):
    """The public summary of the last finished round (ranks, never card ids)."""

    number: int
    first: str | None = None
    cards: dict[str, list[Card]] = Field(default_factory=dict)  # colour -> cards played (no ids)
    aces_high: dict[str, int] = Field(default_factory=dict)
    threes: dict[str, dict[str, int]] = Field(default_factory=dict)
    clashes: list[Clash] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)            # colours that removed a card (which is private)
    gained: dict[str, str] = Field(default_factory=dict)        # colour -> black rank gained


class State(BaseState):
    options: Options
    cards: dict[str, Card]
    sides: dict[str, Side]                  # by colour, in seat order: red, green(, purple)
    supply: list[str] = Field(default_factory=list)  # the face-up black cards in the middle of the table
    marker: str | None = None               # colour holding the First Strike marker (duel; never moves)
    first: str | None = None                # colour of this round's first player (duel)
    round: int = 0
    step: str = "setup"                     # setup | draw | effect | order | declare | remove | reinforce | over
    #                                         (next_round only while a choice is applied: rounds.advance)
    queue: list[str] = Field(default_factory=list)   # who acts next in this step (declare: "colour:what[:target]")
    pending: Pending | None = None
    damaged: list[str] = Field(default_factory=list)  # colours that took damage this round
    current: RoundRecord | None = None      # the record being built for this round
    last: RoundRecord | None = None
    finished: bool = False
    winners: list[str] = Field(default_factory=list)  # winning colours
    end_reason: str | None = None           # "ko" | "round_limit"

    def side_of(self, player: str) -> Side:
        for side in self.sides.values():  # every action asks: a plain loop, no generator
            if side.player == player:
                return side
        raise StopIteration(player)  # what next() over no match raised
