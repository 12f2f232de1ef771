"""The models front ends get from the table service.

The stored records (Table, Seat, LogEntry, settings, Timer, Result) are defined once in
`persistence.models` and re-exported here; the rest exist only between service and front end.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.kit import Event, Outcome
from persistence.models import (
    GuildSettings,
    LogEntry,
    Result,
    Seat,
    Table,
    TableSettings,
    Timer,
    UserPrefs,
)

NoticeKind = Literal["turn_started", "reminder", "expired", "handed_over", "resigned", "kicked", "left_server",
                     "lobby_closed", "game_over", "away", "back", "away_day_spent"]


class Notice(BaseModel):
    """Something the front end should tell people; the service never sends anything itself.

    data by kind: turn_started {deadline}; reminder {deadline}; expired {passed, count};
    handed_over/resigned/kicked/left_server {count?}; game_over {summary (Text as dict), ended_by, winners}.
    """

    kind: NoticeKind
    id: str = ""  # unique; the outbox's key (a front end delivering twice drops the repeat)
    table_id: int
    channel_id: int
    guild_id: int | None
    users: list[str]
    data: dict[str, Any] = Field(default_factory=dict)


class ActResult(BaseModel):
    """What one call changed: the table after it, the events (filter with `Event.visible_to`),
    every logged move (the caller's and the computer's that followed) and the notices."""

    table: Table
    events: list[Event] = Field(default_factory=list)
    actions: list[LogEntry] = Field(default_factory=list)
    notices: list[Notice] = Field(default_factory=list)
    undone: LogEntry | None = None  # the move taken back (TableService.undo)


class StatLine(BaseModel):
    """One player's record in one game within a guild. `rating` is Elo (1500 until rated)."""

    user_id: str
    game: str
    games: int = 0
    wins: int = 0
    rated_games: int = 0
    rating: float = 1500.0
    avg_turn_s: float | None = None


class ReplayAction(BaseModel):
    player: str
    prompt_id: str
    choice: list[str]
    auto: bool = False


class ReplayFile(BaseModel):
    """A finished game as a downloadable JSON file that replays to the same result."""

    format: Literal[1] = 1
    table_id: int
    game: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    names: dict[str, str] = Field(default_factory=dict)
    actions: list[ReplayAction]
    outcome: Outcome | None = None
    ended_by: str = "rules"


__all__ = [
    "ActResult", "GuildSettings", "LogEntry", "Notice", "ReplayAction", "ReplayFile", "Result", "Seat", "StatLine",
    "Table", "TableSettings", "Timer", "UserPrefs",
]
