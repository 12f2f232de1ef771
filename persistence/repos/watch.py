"""Time away (a player's vacation and yearly allowance) and followers of tables.

Both are small keyed rows; the writes that must go with another change (a day of the
allowance spent as a turn's deadline is claimed) are units the caller puts in its transaction.
"""
from __future__ import annotations

from pydantic import BaseModel

from ..db import Database, Row, Unit, execute


class AwayRecord(BaseModel):
    """A player's current or last time away, and the allowance days used in `year`."""

    user_id: str
    since: float | None = None
    until: float | None = None
    year: int = 0
    used_days: int = 0

    def away_at(self, now: float) -> bool:
        return self.away_span(now) is not None

    def away_span(self, now: float) -> tuple[float, float] | None:
        """(since, until) of the time away `now` falls in; None when not away then."""
        if self.since is not None and self.until is not None and self.since <= now < self.until:
            return self.since, self.until
        return None


class Follow(BaseModel):
    table_id: int
    user_id: str
    told_round: int = 0
    told_end: bool = False
    created_at: float = 0.0


def _away(row: Row) -> AwayRecord:
    return AwayRecord(user_id=row["user_id"], since=row["since"], until=row["until"], year=row["year"],
                      used_days=row["used_days"])


def save_away(record: AwayRecord, now: float) -> Unit[None]:
    yield execute(
        "INSERT INTO away (user_id, since, until, year, used_days, updated_at) VALUES ($1, $2, $3, $4, $5, $6) "
        "ON CONFLICT (user_id) DO UPDATE SET since = excluded.since, until = excluded.until, "
        "year = excluded.year, used_days = excluded.used_days, updated_at = excluded.updated_at",
        record.user_id, record.since, record.until, record.year, record.used_days, float(now))


class AwayRepo:
    def __init__(self, db: Database):
        self.db = db

    async def get(self, user_id: str) -> AwayRecord | None:
        row = await self.db.fetchrow("SELECT * FROM away WHERE user_id = $1", user_id)
        return None if row is None else _away(row)

    async def many(self, user_ids: list[str]) -> dict[str, AwayRecord]:
        if not user_ids:
            return {}
        marks = ", ".join(f"${i}" for i in range(1, len(user_ids) + 1))
        rows = await self.db.fetch(f"SELECT * FROM away WHERE user_id IN ({marks})", *user_ids)
        return {r["user_id"]: _away(r) for r in rows}

    async def away_now(self, now: float) -> list[AwayRecord]:
        rows = await self.db.fetch("SELECT * FROM away WHERE until > $1 AND since <= $1 ORDER BY until", float(now))
        return [_away(r) for r in rows]

    async def save(self, record: AwayRecord, now: float) -> None:
        await self.db.run(save_away(record, now))


def _follow(row: Row) -> Follow:
    return Follow(table_id=row["table_id"], user_id=row["user_id"], told_round=row["told_round"],
                  told_end=bool(row["told_end"]), created_at=row["created_at"])


class FollowRepo:
    def __init__(self, db: Database):
        self.db = db

    async def add(self, follow: Follow) -> bool:
        """False when the user already follows the table."""
        changed = await self.db.execute(
            "INSERT INTO follows (table_id, user_id, told_round, told_end, created_at) VALUES ($1, $2, $3, $4, $5) "
            "ON CONFLICT (table_id, user_id) DO NOTHING",
            follow.table_id, follow.user_id, follow.told_round, follow.told_end, float(follow.created_at))
        return changed == 1

    async def remove(self, table_id: int, user_id: str) -> bool:
        return await self.db.execute("DELETE FROM follows WHERE table_id = $1 AND user_id = $2",
                                     table_id, user_id) == 1

    async def for_table(self, table_id: int) -> list[Follow]:
        rows = await self.db.fetch("SELECT * FROM follows WHERE table_id = $1 ORDER BY user_id", table_id)
        return [_follow(r) for r in rows]

    async def is_following(self, table_id: int, user_id: str) -> bool:
        return await self.db.fetchrow("SELECT user_id FROM follows WHERE table_id = $1 AND user_id = $2",
                                      table_id, user_id) is not None

    async def claim_round(self, table_id: int, user_id: str, round_no: int) -> bool:
        """True for exactly one caller: the one that moved the follower on to `round_no`."""
        return await self.db.execute(
            "UPDATE follows SET told_round = $3 WHERE table_id = $1 AND user_id = $2 AND told_round < $3",
            table_id, user_id, round_no) == 1

    async def claim_end(self, table_id: int, user_id: str) -> bool:
        return await self.db.execute(
            "UPDATE follows SET told_end = TRUE WHERE table_id = $1 AND user_id = $2 AND told_end = FALSE",
            table_id, user_id) == 1
