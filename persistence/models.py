"""The records the store keeps: tables, seats, log entries, settings, timers and results.

They are pydantic models so the service and the front ends share one definition
(`tables.models` re-exports them) and every JSON column round-trips unchanged.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from games.kit import Event, Text

TableStatus = Literal["lobby", "running", "finished", "cancelled"]
OPEN_STATUSES: tuple[str, ...] = ("lobby", "running")
IdlePolicy = Literal["skip", "auto"]
AiLevel = Literal["random", "greedy", "strong"]          # games.kit.ai.LEVELS
AutoLevel = Literal["greedy", "strong"]                  # who plays idle, resigned and kicked seats
TABLE_TIMER = ""  # the `seat` of timers that belong to the whole table (the lobby timeout)


class Seat(BaseModel):
    """One place at a table. `auto`: played by the computer from now on (at the table's
    `auto_level`); `level`: a computer seat's strength (None = the default, strong)."""

    user_id: str
    display_name: str
    is_cpu: bool = False
    auto: bool = False
    level: AiLevel | None = None
    idle_expiries: int = 0             # consecutive turn-clock expiries of this seat
    turn_started_at: float | None = None  # set while the seat owes a decision
    turn_seconds: float = 0.0          # total time this seat took over its finished turns
    turns: int = 0

    @property
    def is_human(self) -> bool:
        return not self.is_cpu

    @property
    def timed(self) -> bool:
        """Whether the turn clock runs for this seat (a person who still plays)."""
        return not self.is_cpu and not self.auto


class GivenHint(BaseModel):
    """A hint given to a person (tables/hints.py): the strong player's answer for their
    decision (`decision`: a digest of what they were asked, `turn`: when their turn began;
    `version`: the table's version then), and the search behind it (games.kit.ai.Advice)."""

    version: int
    decision: str = ""
    turn: float | None = None
    prompt_id: str
    choice: list[str]
    simulations: int = 0
    share: float = 1.0
    win: float | None = None
    only: bool = False


class TableSettings(BaseModel):
    """The turn clock of one table; copied from the guild defaults when the lobby opens."""

    turn_limit_s: int | None = Field(None, ge=60)
    reminders: list[int] = Field(default_factory=list)  # seconds after a turn starts; empty = derived
    idle_policy: IdlePolicy = "skip"
    handover_after: int = Field(3, ge=0, le=100)          # 0 = never hand a seat over
    auto_level: AutoLevel = "strong"                      # how well idle and handed-over seats are played
    quiet_hours: list[int] | None = None                  # None = the server's; [] = none; [start, end]
    thread: bool | None = None                            # play in its own thread; None = the server's choice
    parent_channel_id: int | None = None                  # set once it plays in a thread: the lobby's channel
    private: bool = False                                 # invite-only: not listed, not followed by others
    invited: list[str] = Field(default_factory=list)      # members the host invited (private tables)
    join_code: str | None = None                          # shared by the host: joins a private table
    # a DM ("dm") or group DM ("group_dm") between people, where the bot is installed to a user's
    # account: it cannot post there on its own, every update rides on a player's click; two seats
    place: Literal["dm", "group_dm"] | None = None
    hints: bool = False                                   # the hand offers 💡 Hint; such a table is unrated
    learn: bool = False                                   # a guided first game (/game learn): decisions explained
    hinted: dict[str, GivenHint] = Field(default_factory=dict)  # per person: the latest hint given

    @field_validator("quiet_hours")
    @classmethod
    def _quiet_pair(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and (len(value) not in (0, 2) or not all(0 <= h <= 23 for h in value)):
            raise ValueError("quiet_hours is [], or [start, end] with hours 0-23")
        return value


class Table(BaseModel):
    """A game in a channel, from lobby to result. `version` is the game state's version
    (0 in the lobby); `lobby_version` counts lobby changes; `rev` counts every write
    (the store's compare-and-set)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    status: TableStatus
    host: str
    seats: list[Seat] = Field(default_factory=list)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    version: int = 0
    lobby_version: int = 0
    rev: int = 0
    state_json: str | None = None
    board_message_id: int | None = None
    board_posted_at: float | None = None
    lang: str | None = None
    settings: TableSettings = Field(default_factory=TableSettings)
    created_at: float
    updated_at: float
    finished_at: float | None = None
    auto_played: bool = False          # some move was made for an idle or resigned person
    log_seq: int = 0                   # entries in the action log (undone ones included)

    def state(self, game: Any) -> Any:
        """The parsed game state (None in the lobby)."""
        return None if self.state_json is None else game.load_state(self.state_json)

    def seat(self, user_id: str) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def user_seated(self, user_id: str) -> bool:
        return self.seat(user_id) is not None

    @property
    def players(self) -> list[str]:
        return [s.user_id for s in self.seats]

    @property
    def humans(self) -> list[str]:
        return [s.user_id for s in self.seats if s.is_human]

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


class LogEntry(BaseModel):
    """One applied decision. `seq` is its place in the table's log and `version` the game
    version after it (they differ once a move was undone); `auto` marks a move the service
    made for a person (turn clock expiry, resigned or handed-over seat). `undoable` says
    whether its player may take it back (else `undo_refusal`, a games.kit.undo reason or
    "auto"); an `undone` entry stays for the record but is no longer part of the game."""

    seq: int
    player: str
    prompt_id: str
    choice: list[str]
    auto: bool = False
    created_at: float
    events: list[Event] = Field(default_factory=list)
    version: int = 0
    undoable: bool = False
    undo_refusal: str | None = None
    undone: bool = False


class GuildSettings(BaseModel):
    """Per-server defaults; quiet hours are local hours [start, end) and may wrap midnight."""

    guild_id: int
    lang: Literal["en", "ja"] = "en"
    turn_limit_s: int | None = Field(None, ge=60)
    reminders: list[int] = Field(default_factory=list)
    quiet_start: int | None = Field(None, ge=0, le=23)
    quiet_end: int | None = Field(None, ge=0, le=23)
    utc_offset_min: int = Field(0, ge=-14 * 60, le=14 * 60)
    allowed_channels: list[int] = Field(default_factory=list)
    max_open_tables_per_user: int = Field(3, ge=1, le=100)
    idle_policy: IdlePolicy = "skip"
    handover_after: int = Field(3, ge=0, le=100)
    auto_level: AutoLevel = "strong"
    lobby_timeout_s: int = Field(86400, ge=60)
    table_threads: bool = False                   # tables play in their own thread by default
    away_days: int | None = Field(None, ge=0, le=365)  # time away allowed at this server's tables a year; None = default, 0 = off

    def table_settings(self) -> TableSettings:
        return TableSettings(turn_limit_s=self.turn_limit_s, reminders=list(self.reminders),
                             idle_policy=self.idle_policy, handover_after=self.handover_after,
                             auto_level=self.auto_level)


class UserPrefs(BaseModel):
    user_id: str
    lang: str | None = None
    dm_closed: bool = False
    notify_dm: bool = False
    text_board: bool = False    # boards and hands as text, not pictures (screen readers)


TimerKind = Literal["reminder", "deadline", "lobby"]


class Timer(BaseModel):
    """A pending moment in the store: a reminder, a turn deadline or a lobby timeout.
    `seat` is the user it concerns ("" for the whole table)."""

    id: int | None = None
    table_id: int
    kind: TimerKind
    due_at: float
    seat: str = TABLE_TIMER
    version: int = 0
    fired: bool = False
    data: dict[str, Any] = Field(default_factory=dict)


EndedBy = Literal["rules", "admin", "cancel", "resign", "channel_deleted"]


class Result(BaseModel):
    """How a finished table ended, for stats and ratings. Only `rated` results change Elo."""

    table_id: int
    guild_id: int | None
    game: str
    players: list[str]
    humans: list[str]
    ranking: list[list[str]] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)
    scores: dict[str, float] = Field(default_factory=dict)
    ended_by: EndedBy = "rules"
    rated: bool = False
    finished_at: float
    turn_seconds: dict[str, float] = Field(default_factory=dict)  # total per player
    turns: dict[str, int] = Field(default_factory=dict)
    summary: Text | None = None
