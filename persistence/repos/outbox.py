"""Notices waiting to be announced. One is written in the transaction of the change that
caused it, so a crash right after a commit cannot lose it; the front end marks it delivered
once sent, and delivers whatever is still pending when it starts (at-least-once; the
notice id lets a front end drop a repeat)."""
from __future__ import annotations

from dataclasses import dataclass

from ..db import Database, Unit, each, many
from ..shards import Shards


@dataclass(frozen=True)
class OutboxItem:
    notice_id: str
    table_id: int
    guild_id: int | None
    payload: str  # the notice as JSON; the store does not read it
    created_at: float


def add_to_outbox(items: list[OutboxItem]) -> Unit[None]:
    """Built when called, run in the transaction (`db.each`)."""
    return each([many("INSERT INTO outbox (notice_id, table_id, guild_id, payload, created_at, delivered) "
                      "VALUES ($1, $2, $3, $4, $5, $6)",
                      [(i.notice_id, i.table_id, i.guild_id, i.payload, float(i.created_at), False) for i in items])]
                if items else [])


def _mark(notice_ids: list[str], now: float) -> Unit[None]:
    yield many("UPDATE outbox SET delivered = $1, delivered_at = $2 WHERE notice_id = $3",
               [(True, float(now), notice_id) for notice_id in notice_ids])


class OutboxRepo:
    def __init__(self, db: Database, shards: Shards | None = None):
        self.db = db
        self.shards = shards

    async def add(self, items: list[OutboxItem]) -> None:
        await self.db.run(add_to_outbox(items))

    async def pending(self, limit: int = 500) -> list[OutboxItem]:
        """Undelivered notices of the guilds this process serves, oldest first."""
        where, args = "delivered = $1", [False]
        if self.shards is not None:
            condition, shard_args = self.shards.where("guild_id", 3)
            where, args = f"{where} AND {condition}", [False, limit, *shard_args]
        else:
            args.append(limit)
        rows = await self.db.fetch(f"SELECT * FROM outbox WHERE {where} ORDER BY seq LIMIT $2", *args)
        return [OutboxItem(r["notice_id"], r["table_id"], r["guild_id"], r["payload"], r["created_at"]) for r in rows]

    async def mark_delivered(self, notice_ids: list[str], now: float) -> None:
        if notice_ids:
            await self.db.run(_mark(notice_ids, now))

    async def purge(self, before: float) -> int:
        """Forget delivered notices older than `before` (the outbox stays small)."""
        return await self.db.execute("DELETE FROM outbox WHERE delivered = $1 AND delivered_at < $2", True, float(before))
