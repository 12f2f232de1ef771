"""The store: the repositories over one database, plus the one atomic write the service needs."""
from __future__ import annotations

from .db import DEFAULT_URL, Database, Statement, Unit, open_database
from .errors import StaleWrite
from .migrate import migrate
from .models import LogEntry, Result, Table, Timer
from .repos import (
    ActionRepo,
    GuildSettingsRepo,
    OutboxItem,
    OutboxRepo,
    ResultRepo,
    SnapshotRepo,
    TableRepo,
    TimerRepo,
    UserPrefsRepo,
)
from .repos.log import append_action, mark_undone, save_snapshot
from .repos.moves import commit_call, move_call
from .repos.outbox import add_to_outbox
from .repos.results import add_result
from .repos.tables import insert_table, save_table
from .repos.timers import add_timer, claim_timer, clear_timers, replace_timers
from .repos.watch import AwayRepo, FollowRepo
from .shards import Shards


class Store:
    """Everything durable. Every method commits durably before it returns. With `shards`,
    timers and pending notices are those of the guilds this process serves."""

    def __init__(self, db: Database, shards: Shards | None = None):
        self.db = db
        self.tables = TableRepo(db)
        self.actions = ActionRepo(db)
        self.snapshots = SnapshotRepo(db)
        self.guild_settings = GuildSettingsRepo(db)
        self.user_prefs = UserPrefsRepo(db)
        self.results = ResultRepo(db)
        self.timers = TimerRepo(db, shards)
        self.outbox = OutboxRepo(db, shards)
        self.away = AwayRepo(db)
        self.follows = FollowRepo(db)

    @property
    def dialect(self) -> str:
        return self.db.dialect

    async def commit(self, table: Table, *, expected_rev: int, expected_version: int | None = None,
                     entry: LogEntry | None = None, timers: dict[str, list[Timer]] | None = None,
                     clear_timers: bool = False, claim_timer: int | None = None,
                     result: Result | None = None, snapshot: bool = False, before: Table | None = None,
                     outbox: list[OutboxItem] | None = None, undone: LogEntry | None = None) -> Table:
        """One transaction: claim a timer, append a log entry (or mark `undone` as taken back), write the table where its
        revision (and game version) is the expected one (only what differs from `before`,
        the table as read), replace timers, store a result, a snapshot and the notices to
        announce. Raises StaleWrite, and changes nothing, when another writer came first."""
        if self.db.dialect == "postgres":
            # a plain move (`cardbot_move`), else a game's start or end (`cardbot_commit`): one
            # statement (repos/moves.py), beside the result in one transaction for an end
            call = (move_call(table, expected_rev, expected_version, before, entry, timers, clear_timers, claim_timer,
                              snapshot, outbox, result is not None, undone is not None)
                    or commit_call(table, expected_rev, expected_version, before, entry, timers, clear_timers,
                                   claim_timer, snapshot, outbox, undone is not None))
            if call is not None:
                saved = table.model_copy(update={"rev": expected_rev + 1})
                if result is not None:
                    return await self.db.run(self._called(call, saved, claim_timer, result))
                _check_claim(await self.db.atomic(call), claim_timer)
                return saved
        return await self.db.run(self._commit(table, expected_rev, expected_version, entry, timers, clear_timers,
                                              claim_timer, result, snapshot, before, outbox, undone))

    @staticmethod
    def _commit(table: Table, expected_rev: int, expected_version: int | None, entry: LogEntry | None,
                timers: dict[str, list[Timer]] | None, clear: bool, claim: int | None, result: Result | None,
                snapshot: bool, before: Table | None, outbox: list[OutboxItem] | None,
                undone: LogEntry | None = None) -> Unit[Table]:
        """The unit of `commit`. Its statements are built here, by the caller (encoding the log
        entry, comparing the table and seats with `before`), so the transaction on the database
        thread only runs them (`db.each`)."""
        first = [append_action(table.id, entry)] if entry is not None else []
        if undone is not None:
            first.append(mark_undone(table.id, undone.seq, undone.version))
        save = save_table(table, expected_rev, expected_version, before)
        then = [clear_timers(table.id)] if clear else []
        if timers:
            then.append(replace_timers(table.id, timers, cleared=clear))
        if snapshot and table.state_json is not None:
            then.append(save_snapshot(table.id, table.version, table.state_json, table.updated_at))
        if result is not None:
            then.append(add_result(result))
        if outbox:
            then.append(add_to_outbox(outbox))
        return Store._run_commit(claim, first, save, then)

    @staticmethod
    def _called(call: Statement, saved: Table, claim: int | None, result: Result) -> Unit[Table]:
        """`cardbot_commit`, and the result in the same transaction."""
        _check_claim((yield call), claim)
        yield from add_result(result)
        return saved

    @staticmethod
    def _run_commit(claim: int | None, first: list[Unit[None]], save: Unit[Table], then: list[Unit[None]]) -> Unit[Table]:
        if claim is not None and not (yield from claim_timer(claim)):
            raise StaleWrite(f"timer {claim} already fired")
        for unit in first:
            yield from unit
        saved = yield from save
        for unit in then:
            yield from unit
        return saved

    async def append_action(self, table: Table, entry: LogEntry, *, expected_version: int, expected_rev: int,
                            **changes) -> Table:
        """A game action: the log row and the new state/version, or StaleWrite (see `commit`)."""
        return await self.commit(table, expected_rev=expected_rev, expected_version=expected_version,
                                 entry=entry, **changes)

    async def create_table(self, table: Table, timers: list[Timer]) -> Table:
        """A new table and its first timers (their table_id is filled in), in one transaction."""
        def unit() -> Unit[int]:
            new_id = yield from insert_table(table)
            for timer in timers:
                yield from add_timer(timer.model_copy(update={"table_id": new_id}))
            return new_id
        return table.model_copy(update={"id": await self.db.run(unit())})

    async def claim_timers(self, claims: list[int], follow: list[Timer], outbox: list[OutboxItem]) -> list[int]:
        """Claim all these timers, add follow-up timers and the notices to announce, in one
        transaction; StaleWrite, and nothing changes, when another process fired any of them
        first (the notice and follow-ups were built for all of them: a caller that lost one must
        not tell it). Returns the ids claimed (all of them)."""
        def unit() -> Unit[list[int]]:
            for timer_id in claims:
                if not (yield from claim_timer(timer_id)):
                    raise StaleWrite(f"timer {timer_id} already fired")
            for timer in follow:
                yield from add_timer(timer)
            yield from add_to_outbox(outbox)
            return list(claims)
        return await self.db.run(unit())

    async def close(self) -> None:
        await self.db.close()


def _check_claim(rows: list[dict], claim: int | None) -> None:
    """The move function answers 1 when the timer it was to claim first had fired already."""
    if rows[0]["code"] != 0:
        raise StaleWrite(f"timer {claim} already fired")


async def open_store(url: str = DEFAULT_URL, shards: Shards | None = None) -> Store:
    """Open (and migrate) the database at `url`: `sqlite:///path`, `sqlite:///:memory:`, `postgresql://…`."""
    db = await open_database(url)
    try:
        await migrate(db)
        store = Store(db, shards)
        await store.results.rebuild_stats_if_missing()
    except BaseException:
        await db.close()
        raise
    return store
