"""Notices waiting to be announced. One is written in the transaction of the change that
caused it, so a crash right after a commit cannot lose it. A front end claims a notice before
posting it (owner and lease: two live processes never post the same row), and finishes it as
'delivered' once Discord accepted the post, 'stale' when it was dropped, or 'refused' when
Discord will never take it; a transient failure keeps it pending for a retry. Finished rows are
purged after a retention period."""
from __future__ import annotations

from dataclasses import dataclass

from ..db import Database, Unit, each, execute, many
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


@dataclass(frozen=True)
class OutboxRow:
    """A stored notice with its delivery bookkeeping."""
    seq: int
    item: OutboxItem
    attempts: int
    outcome: str | None
    error: str | None


def _row(r: dict) -> OutboxRow:
    return OutboxRow(r["seq"], OutboxItem(r["notice_id"], r["table_id"], r["guild_id"], r["payload"], r["created_at"]),
                     r["attempts"], r["outcome"], r["error"])


def _mark(notice_ids: list[str], now: float) -> Unit[None]:
    yield many("UPDATE outbox SET delivered = $1, delivered_at = $2, outcome = COALESCE(outcome, 'delivered'), "
               "owner = NULL, lease_until = NULL WHERE notice_id = $3",
               [(True, float(now), notice_id) for notice_id in notice_ids])


def _claim(notice_ids: list[str], owner: str, now: float, lease_s: float) -> Unit[list[str]]:
    held = []
    for notice_id in notice_ids:
        changed = yield execute(
            "UPDATE outbox SET owner = $1, lease_until = $2, attempts = attempts + 1 WHERE notice_id = $3 "
            "AND delivered = $4 AND (owner IS NULL OR owner = $1 OR lease_until < $5)",
            owner, float(now + lease_s), notice_id, False, float(now))
        if changed:
            held.append(notice_id)
    return held


def _finish(notice_ids: list[str], owner: str, outcome: str, now: float, error: str) -> Unit[int]:
    done = 0
    for notice_id in notice_ids:
        done += (yield execute(
            "UPDATE outbox SET delivered = $1, delivered_at = $2, outcome = $3, error = $4, owner = NULL, "
            "lease_until = NULL WHERE notice_id = $5 AND owner = $6 AND delivered = $7",
            True, float(now), outcome, error[:500] or None, notice_id, owner, False))
    return done


class OutboxRepo:
    def __init__(self, db: Database, shards: Shards | None = None):
        self.db = db
        self.shards = shards

    async def add(self, items: list[OutboxItem]) -> None:
        await self.db.run(add_to_outbox(items))

    async def pending(self, limit: int = 500) -> list[OutboxItem]:
        """Undelivered notices of the guilds this process serves, oldest first."""
        where = "delivered = $1"
        args: list[object] = [False]
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

    # ---- claims: one owner posts a notice --------------------------------------
    async def claim(self, notice_ids: list[str], owner: str, now: float, lease_s: float) -> list[str]:
        """Take these notices for `owner` until `now + lease_s`: those still pending and not
        held by another owner's live lease. Returns the ids this owner now holds."""
        if not notice_ids:
            return []
        return await self.db.run(_claim(notice_ids, owner, now, lease_s))

    async def claimable(self, now: float, *, after_seq: int = 0, limit: int = 100,
                        created_before: float | None = None) -> list[OutboxRow]:
        """A page of pending notices (seq > after_seq) nobody holds and whose retry is due,
        of the guilds this process serves, oldest first (the caller claims them)."""
        where = ["delivered = $1", "seq > $2", "next_at <= $3", "(lease_until IS NULL OR lease_until < $3)",
                 "created_at <= $4"]
        args: list = [False, after_seq, float(now), float(now if created_before is None else created_before)]
        if self.shards is not None:
            condition, shard_args = self.shards.where("guild_id", len(args) + 2)
            where.append(condition)
            args += [limit, *shard_args]
        else:
            args.append(limit)
        rows = await self.db.fetch(f"SELECT * FROM outbox WHERE {' AND '.join(where)} ORDER BY seq LIMIT $5", *args)
        return [_row(r) for r in rows]

    async def finish(self, notice_ids: list[str], owner: str, outcome: str, now: float, error: str = "") -> int:
        """End these notices held by `owner`: 'delivered', 'stale' or 'refused' (with why)."""
        if not notice_ids:
            return 0
        return await self.db.run(_finish(notice_ids, owner, outcome, now, error))

    async def retry_later(self, notice_ids: list[str], owner: str, at: float, error: str) -> None:
        """A transient failure: give the claim up and try again at `at` (any process may)."""
        await self.db.run(each([many("UPDATE outbox SET owner = NULL, lease_until = NULL, next_at = $1, error = $2 "
                                     "WHERE notice_id = $3 AND owner = $4",
                                     [(float(at), error[:500], i, owner) for i in notice_ids])]))

    async def rows(self, notice_ids: list[str]) -> list[OutboxRow]:
        found = []
        for notice_id in notice_ids:
            found += [_row(r) for r in await self.db.fetch("SELECT * FROM outbox WHERE notice_id = $1", notice_id)]
        return found

    async def refused(self, guild_id: int | None, limit: int = 10) -> list[OutboxRow]:
        """The latest notices Discord refused for good in a server (for /gameadmin tables)."""
        rows = await self.db.fetch("SELECT * FROM outbox WHERE outcome = $1 AND guild_id = $2 ORDER BY seq DESC LIMIT $3",
                                   "refused", guild_id, limit)
        return [_row(r) for r in rows]

    async def purge(self, before: float) -> int:
        """Forget finished notices (delivered, stale or refused) older than `before`: the outbox stays small."""
        return await self.db.execute("DELETE FROM outbox WHERE delivered = $1 AND delivered_at < $2", True, float(before))

    async def release(self, owner: str) -> int:
        """A process stopping gives up its claims: the next one takes them at once, not after the lease."""
        return await self.db.execute("UPDATE outbox SET owner = NULL, lease_until = NULL WHERE owner = $1 AND delivered = $2",
                                     owner, False)
