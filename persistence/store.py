"""The store: the repositories over one database, plus the one atomic write the service needs."""
from __future__ import annotations

from .db import DEFAULT_URL, Database, open_database
from .errors import StaleWrite
from .migrate import migrate
from .models import LogEntry, Result, Table, Timer
from .repos import ActionRepo, GuildSettingsRepo, ResultRepo, SnapshotRepo, TableRepo, TimerRepo, UserPrefsRepo


class Store:
    """Everything durable. Every method commits durably before it returns."""

    def __init__(self, db: Database):
        self.db = db
        self.tables = TableRepo(db)
        self.actions = ActionRepo(db)
        self.snapshots = SnapshotRepo(db)
        self.guild_settings = GuildSettingsRepo(db)
        self.user_prefs = UserPrefsRepo(db)
        self.results = ResultRepo(db)
        self.timers = TimerRepo(db)

    @property
    def dialect(self) -> str:
        return self.db.dialect

    async def commit(self, table: Table, *, expected_rev: int, expected_version: int | None = None,
                     entry: LogEntry | None = None, timers: dict[str, list[Timer]] | None = None,
                     clear_timers: bool = False, claim_timer: int | None = None,
                     result: Result | None = None, snapshot: bool = False) -> Table:
        """One transaction: claim a timer, append a log entry, write the table where its
        revision (and game version) is the expected one, replace timers, store a result and
        a snapshot. Raises StaleWrite, and changes nothing, when another writer came first."""
        async with self.db.transaction():
            if claim_timer is not None and not await self.timers.claim(claim_timer):
                raise StaleWrite(f"timer {claim_timer} already fired")
            if entry is not None:
                await self.actions.append(table.id, entry)
            saved = await self.tables.save(table, expected_rev, expected_version)
            if clear_timers:
                await self.timers.clear(table.id)
            if timers:
                await self.timers.replace_many(table.id, timers)
            if snapshot and table.state_json is not None:
                await self.snapshots.save(table.id, table.version, table.state_json, table.updated_at)
            if result is not None:
                await self.results.add(result)
        return saved

    async def append_action(self, table: Table, entry: LogEntry, *, expected_version: int, expected_rev: int,
                            **changes) -> Table:
        """A game action: the log row and the new state/version, or StaleWrite (see `commit`)."""
        return await self.commit(table, expected_rev=expected_rev, expected_version=expected_version,
                                 entry=entry, **changes)

    async def close(self) -> None:
        await self.db.close()


async def open_store(url: str = DEFAULT_URL) -> Store:
    """Open (and migrate) the database at `url`: `sqlite:///path`, `sqlite:///:memory:`, `postgresql://…`."""
    db = await open_database(url)
    try:
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return Store(db)
