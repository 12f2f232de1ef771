"""The game state: every physical card is an instance id (`cards` maps it to its card key)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.kit import BaseState, StateModel

from .options import Options
from .renaissance import RenState


class FieldCard(BaseModel):
    """A civilisation card in a player's field; `up` = progress side face up, else resource side.
    Frozen: turning a card over puts the other one in its place (`field.deplete`), so the two
    sides of each card are built once and shared, also by the copies a search makes."""

    model_config = ConfigDict(frozen=True)

    id: str
    up: bool


@lru_cache(maxsize=4096)
def field_card(cid: str, up: bool) -> FieldCard:
    return FieldCard(id=cid, up=up)


class Seat(StateModel):
    hand: list[str] = Field(default_factory=list)
    field: list[FieldCard] = Field(default_factory=list)
    wonders: list[str] = Field(default_factory=list)


class Task(StateModel):
    """One step of the turn: automatic, or a decision owed by `player`. `kind` names a
    registered handler (flow.TASKS); `data` is its JSON-able continuation."""

    kind: str
    player: str
    data: dict[str, Any] = Field(default_factory=dict)


class AttackState(StateModel):
    """The attack being resolved. `result[defender]` is "lost" (less military than the
    attacker), "tie" or "held" (more); `tally` counts what a penalty did per defender."""

    attacker: str
    card: str                     # the unit whose effect attacks (card key)
    effect: str                   # its effect kind
    params: dict[str, Any] = Field(default_factory=dict)
    military: int = 0             # the attacker's, fixed when compared
    defenders: dict[str, int] = Field(default_factory=dict)
    result: dict[str, str] = Field(default_factory=dict)
    tally: dict[str, int] = Field(default_factory=dict)


class TurnRecord(StateModel):
    """What the active player did this turn (reset at the start of each turn)."""

    resources_played: list[str] = Field(default_factory=list)   # resources played in the resource phase
    bought: str | None = None                                    # card key bought this turn
    bought_era: str | None = None
    bought_with_conversion: bool = False
    newest_era_before_purchase: str | None = None                # newest era bought by anyone before it
    unit_effects: int = 0                                        # unit effects applied (any path)
    tactic_effects: int = 0
    tech_effects: int = 0
    recollected: list[str] = Field(default_factory=list)         # instance ids returned to hand at the end
    recollected_vp: int = 0


def new_turn_record() -> TurnRecord:
    return TurnRecord()


class State(BaseState):
    options: Options
    cards: dict[str, str]                                        # instance id -> card key
    order: list[str]                                             # turn order (clockwise from the first player)
    active: str
    turn: int = 0                                                # turns started so far
    seats: dict[str, Seat]
    pyramid: dict[str, list[str | None]]                         # era -> slots left to right (None = bought)
    piles: dict[str, list[str]] = Field(default_factory=dict)    # mixed sets: research piles, [0] = the face-up top
    table_wonders: list[str] = Field(default_factory=list)       # wonders still on the table (era order)
    energy: dict[str, int] = Field(default_factory=dict)         # the active player's energy this turn
    tasks: list[Task] = Field(default_factory=list)              # a stack: the last one is next
    attack: AttackState | None = None
    record: TurnRecord = Field(default_factory=TurnRecord)
    newest_bought_era: str | None = None
    ren: RenState | None = None                                  # Renaissance / mixed tokens (renaissance.py)
    never_ask: dict[str, list[str]] = Field(default_factory=dict)  # player -> windows they asked never to be shown (counter)
    end_pending: str | None = None                               # an end condition met; the game ends at the end of the turn
    finished: bool = False
    end_reason: str | None = None

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> State:
        """`apply` copies the state each action; a dump/validate round trip is several times
        faster than a generic deep copy and gives an equal, independent state."""
        return type(self).model_validate(self.model_dump())
