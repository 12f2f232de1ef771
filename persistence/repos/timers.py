"""Pending reminders, deadlines and lobby timeouts. A timer is claimed (marked fired) in a
transaction exactly once, so a restart neither loses nor repeats one; with shards, a process
sees only the timers of the guilds it serves."""
from __future__ import annotations

import json

from ..db import Database, Row, Unit, each, execute, fetch, many, params
from ..models import Timer
from ..shards import Shards

_INSERT = ("INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data) "
           "VALUES ($1, $2, $3, $4, $5, $6, $7)")


def _timer(row: Row) -> Timer:
    return Timer(id=row["id"], table_id=row["table_id"], kind=row["kind"], seat=row["seat"], due_at=row["due_at"],
                 version=row["version"], fired=bool(row["fired"]), data=json.loads(row["data"]))


def _values(table_id: int, seat: str, t: Timer) -> tuple:
    return (table_id, t.kind, seat, float(t.due_at), t.version, t.fired, json.dumps(t.data))


def add_timer(timer: Timer) -> Unit[int]:
    rows = yield fetch(_INSERT + " RETURNING id", *_values(timer.table_id, timer.seat, timer))
    return rows[0]["id"]


def replace_timers(table_id: int, by_seat: dict[str, list[Timer]], cleared: bool = False) -> Unit[None]:
    """For each seat given, its pending timers become the listed ones (two statements in all),
    built when called (`db.each`). `cleared`: the transaction deleted the table's timers
    already (`clear_timers`), so only the inserts are left."""
    if not by_seat:
        return each([])
    seats = list(by_seat)
    statements = [] if cleared else [execute(f"DELETE FROM timers WHERE table_id = $1 AND fired = FALSE "
                                             f"AND seat IN ({', '.join(params(len(seats), 2))})", table_id, *seats)]
    rows = [_values(table_id, seat, t) for seat, timers in by_seat.items() for t in timers]
    if rows:
        statements.append(many(_INSERT, rows))
    return each(statements)


def clear_timers(table_id: int) -> Unit[None]:
    yield execute("DELETE FROM timers WHERE table_id = $1", table_id)


def claim_timer(timer_id: int) -> Unit[bool]:
    """True for exactly one caller: the one that marked the timer fired."""
    changed = yield execute("UPDATE timers SET fired = TRUE WHERE id = $1 AND fired = FALSE", timer_id)
    return changed == 1


class TimerRepo:
    def __init__(self, db: Database, shards: Shards | None = None):
        self.db = db
        self.shards = shards

    async def add(self, timer: Timer) -> Timer:
        return timer.model_copy(update={"id": await self.db.run(add_timer(timer))})

    async def replace(self, table_id: int, seat: str, timers: list[Timer]) -> None:
        """The pending timers of one seat (or of the table, seat "") become `timers`."""
        await self.db.run(replace_timers(table_id, {seat: timers}))

    async def clear(self, table_id: int) -> None:
        await self.db.run(clear_timers(table_id))

    async def claim(self, timer_id: int) -> bool:
        return await self.db.run(claim_timer(timer_id))

    def _pending(self, start: int) -> tuple[str, str, list]:
        """FROM and WHERE of this process's pending timers (`fired = FALSE` as written in the
        partial index timers_pending), the shard's parameters numbered from `start`."""
        if self.shards is None:
            return "timers", "timers.fired = FALSE", []
        where, args = self.shards.where("t.guild_id", start)
        return "timers JOIN game_tables t ON t.id = timers.table_id", f"timers.fired = FALSE AND {where}", args

    async def due(self, now: float, limit: int = 200) -> list[Timer]:
        source, where, args = self._pending(3)
        rows = await self.db.fetch(f"SELECT timers.* FROM {source} WHERE {where} AND timers.due_at <= $1 "
                                   "ORDER BY timers.due_at, timers.id LIMIT $2", float(now), limit, *args)
        return [_timer(r) for r in rows]

    async def next_due(self) -> float | None:
        source, where, args = self._pending(1)
        value = await self.db.fetchval(f"SELECT MIN(timers.due_at) AS t FROM {source} WHERE {where}", *args)
        return None if value is None else float(value)

    async def for_table(self, table_id: int, include_fired: bool = False) -> list[Timer]:
        sql = "SELECT * FROM timers WHERE table_id = $1" + ("" if include_fired else " AND fired = FALSE")
        rows = await self.db.fetch(sql + " ORDER BY due_at, id", table_id)
        return [_timer(r) for r in rows]
