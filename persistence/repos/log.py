"""The append-only action log and the state snapshots taken along it."""
from __future__ import annotations

import builtins
import json

from pydantic import TypeAdapter

from games.kit import Event

from ..db import Database, Statement, Unit, execute
from ..errors import StaleWrite
from ..models import LogEntry

_EVENTS = TypeAdapter(list[Event])


def append_action(table_id: int, entry: LogEntry) -> Unit[None]:
    """StaleWrite if `seq` is taken: the (table_id, seq) key lets only one writer in. The row
    is encoded now, when called, not in the transaction (see `db.each`)."""
    return _inserted(execute(
        "INSERT INTO actions (table_id, seq, player, prompt_id, choice, auto, events, created_at, version, "
        "undoable, undo_refusal, undone) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
        "ON CONFLICT (table_id, seq) DO NOTHING",
        table_id, entry.seq, entry.player, entry.prompt_id, json.dumps(entry.choice), entry.auto,
        _EVENTS.dump_json(entry.events).decode(), float(entry.created_at), entry.version, entry.undoable,
        entry.undo_refusal, entry.undone), f"action {entry.seq} of table {table_id} already exists")


def _inserted(statement: Statement, taken: str) -> Unit[None]:
    if (yield statement) != 1:
        raise StaleWrite(taken)


def mark_undone(table_id: int, seq: int, version: int) -> Unit[None]:
    """Take entry `seq` back: it stays in the log marked undone, and snapshots taken at or
    after its version (no longer the game's) go, so a rebuild never reads them."""
    changed = yield execute("UPDATE actions SET undone = TRUE WHERE table_id = $1 AND seq = $2 AND undone = FALSE",
                            table_id, seq)
    if changed != 1:
        raise StaleWrite(f"action {seq} of table {table_id} was already undone")
    yield execute("DELETE FROM snapshots WHERE table_id = $1 AND version >= $2", table_id, version)


def _entry(r) -> LogEntry:
    return LogEntry(seq=r["seq"], player=r["player"], prompt_id=r["prompt_id"], choice=json.loads(r["choice"]),
                    auto=bool(r["auto"]), created_at=r["created_at"], events=_EVENTS.validate_json(r["events"]),
                    version=r["version"], undoable=bool(r["undoable"]), undo_refusal=r["undo_refusal"],
                    undone=bool(r["undone"]))


def save_snapshot(table_id: int, version: int, state_json: str, created_at: float) -> Unit[None]:
    yield execute("INSERT INTO snapshots (table_id, version, state, created_at) VALUES ($1, $2, $3, $4) "
                  "ON CONFLICT (table_id, version) DO NOTHING", table_id, version, state_json, float(created_at))


class ActionRepo:
    def __init__(self, db: Database):
        self.db = db

    async def append(self, table_id: int, entry: LogEntry) -> None:
        await self.db.run(append_action(table_id, entry))

    async def list(self, table_id: int, limit: int | None = None, before_seq: int | None = None,
                   after_seq: int = 0) -> list[LogEntry]:
        """Entries in order (undone ones included); with `limit`, the last `limit` before `before_seq`."""
        upper = before_seq if before_seq is not None else 2**31 - 1
        sql = ("SELECT * FROM actions WHERE table_id = $1 AND seq > $2 AND seq < $3 ORDER BY seq DESC"
               + (" LIMIT $4" if limit is not None else ""))
        args = [table_id, after_seq, upper] + ([limit] if limit is not None else [])
        rows = await self.db.fetch(sql, *args)
        return [_entry(r) for r in reversed(rows)]

    async def live(self, table_id: int, after_version: int = 0) -> builtins.list[LogEntry]:
        """The moves that make up the game (not undone), after game version `after_version`, in order."""
        rows = await self.db.fetch("SELECT * FROM actions WHERE table_id = $1 AND undone = FALSE AND version > $2 "
                                   "ORDER BY version", table_id, after_version)
        return [_entry(r) for r in rows]

    async def last_live(self, table_id: int) -> LogEntry | None:
        """The table's latest move that was not undone."""
        row = await self.db.fetchrow("SELECT * FROM actions WHERE table_id = $1 AND undone = FALSE "
                                     "ORDER BY version DESC LIMIT 1", table_id)
        return None if row is None else _entry(row)

    async def count(self, table_id: int) -> int:
        return int(await self.db.fetchval("SELECT COUNT(*) AS n FROM actions WHERE table_id = $1", table_id))


class SnapshotRepo:
    def __init__(self, db: Database):
        self.db = db

    async def save(self, table_id: int, version: int, state_json: str, created_at: float) -> None:
        await self.db.run(save_snapshot(table_id, version, state_json, created_at))

    async def latest(self, table_id: int, at_most: int | None = None) -> tuple[int, str] | None:
        """The newest snapshot at or below `at_most`: (version, state JSON)."""
        row = await self.db.fetchrow(
            "SELECT version, state FROM snapshots WHERE table_id = $1 AND version <= $2 "
            "ORDER BY version DESC LIMIT 1", table_id, at_most if at_most is not None else 2**31 - 1)
        return None if row is None else (row["version"], row["state"])

    async def versions(self, table_id: int) -> list[int]:
        rows = await self.db.fetch("SELECT version FROM snapshots WHERE table_id = $1 ORDER BY version", table_id)
        return [r["version"] for r in rows]
