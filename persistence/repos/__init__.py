"""Repositories: small typed reads and writes over one `Database`, one module per record kind."""
from .log import ActionRepo, SnapshotRepo
from .outbox import OutboxItem, OutboxRepo, OutboxRow
from .results import ResultRepo
from .settings import GuildSettingsRepo, UserPrefsRepo
from .tables import TableRepo
from .timers import TimerRepo

__all__ = ["ActionRepo", "GuildSettingsRepo", "OutboxItem", "OutboxRepo", "OutboxRow", "ResultRepo", "SnapshotRepo", "TableRepo",
           "TimerRepo", "UserPrefsRepo"]
