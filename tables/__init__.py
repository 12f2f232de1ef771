"""The Discord-free table service (docs/table-service.md): lobbies, moves, the turn clock,
idle seats, admin controls, results and replays, over the `persistence` store."""
from .clock import TURN_LIMIT_PRESETS
from .errors import TableError
from .models import (
    ActResult,
    GuildSettings,
    LogEntry,
    Notice,
    ReplayFile,
    Result,
    Seat,
    StatLine,
    Table,
    TableSettings,
    UserPrefs,
)
from .replay import ReplayMismatch, replay_file
from .tables import TableService

__all__ = [
    "TURN_LIMIT_PRESETS", "ActResult", "GuildSettings", "LogEntry", "Notice", "ReplayFile", "ReplayMismatch",
    "Result", "Seat", "StatLine", "Table", "TableError", "TableService", "TableSettings", "UserPrefs",
    "replay_file",
]
