"""Pending reminders, deadlines and lobby timeouts. A timer is claimed (marked fired) in a
transaction exactly once, so a restart neither loses nor repeats one."""
from __future__ import annotations

import json

from ..db import Database, Row
from ..models import Timer


def _timer(row: Row) -> Timer:
    return Timer(id=row["id"], table_id=row["table_id"], kind=row["kind"], seat=row["seat"], due_at=row["due_at"],
                 version=row["version"], fired=bool(row["fired"]), data=json.loads(row["data"]))


class TimerRepo:
    def __init__(self, db: Database):
        self.db = db

    async def add(self, timer: Timer) -> Timer:
        new_id = await self.db.fetchval(
            "INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            timer.table_id, timer.kind, timer.seat, float(timer.due_at), timer.version, timer.fired,
            json.dumps(timer.data))
        return timer.model_copy(update={"id": new_id})

    async def replace(self, table_id: int, seat: str, timers: list[Timer]) -> None:
        """The pending timers of one seat (or of the table, seat "") become `timers`."""
        await self.replace_many(table_id, {seat: timers})

    async def replace_many(self, table_id: int, by_seat: dict[str, list[Timer]]) -> None:
        """For each seat given, its pending timers become the listed ones (two statements in all)."""
        if not by_seat:
            return
        seats = list(by_seat)
        marks = ", ".join(f"${i}" for i in range(3, len(seats) + 3))
        async with self.db.transaction():
            await self.db.execute(f"DELETE FROM timers WHERE table_id = $1 AND fired = $2 AND seat IN ({marks})",
                                  table_id, False, *seats)
            await self.db.executemany(
                "INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [(table_id, t.kind, seat, float(t.due_at), t.version, t.fired, json.dumps(t.data))
                 for seat, timers in by_seat.items() for t in timers])

    async def clear(self, table_id: int) -> None:
        await self.db.execute("DELETE FROM timers WHERE table_id = $1", table_id)

    async def claim(self, timer_id: int) -> bool:
        """True for exactly one caller: the one that marked the timer fired."""
        return await self.db.execute("UPDATE timers SET fired = $1 WHERE id = $2 AND fired = $3",
                                     True, timer_id, False) == 1

    async def due(self, now: float, limit: int = 200) -> list[Timer]:
        rows = await self.db.fetch("SELECT * FROM timers WHERE fired = $1 AND due_at <= $2 "
                                   "ORDER BY due_at, id LIMIT $3", False, float(now), limit)
        return [_timer(r) for r in rows]

    async def next_due(self) -> float | None:
        value = await self.db.fetchval("SELECT MIN(due_at) AS t FROM timers WHERE fired = $1", False)
        return None if value is None else float(value)

    async def for_table(self, table_id: int, include_fired: bool = False) -> list[Timer]:
        sql = "SELECT * FROM timers WHERE table_id = $1" + ("" if include_fired else " AND fired = $2")
        args = [table_id] if include_fired else [table_id, False]
        rows = await self.db.fetch(sql + " ORDER BY due_at, id", *args)
        return [_timer(r) for r in rows]
