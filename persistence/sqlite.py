"""SQLite backend (aiosqlite): WAL, synchronous=FULL, one connection, group commit.

One connection keeps the write order simple. A durable commit costs one fsync (a few
milliseconds on a busy disk), so transactions that queue up while one runs are grouped:
each is a SAVEPOINT inside one `BEGIN IMMEDIATE … COMMIT`, rolled back alone when it fails,
and every caller returns only after the COMMIT that contains its work. With one table
active this is exactly one commit per transaction; with many it shares the fsync.
`BEGIN IMMEDIATE` takes the write lock up front so a second process waits (busy_timeout)
instead of failing half way through.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from .db import Database, Row, to_qmark
from .errors import Conflict, StoreError

_IN_TRANSACTION: ContextVar[SqliteDatabase | None] = ContextVar("sqlite_transaction", default=None)
PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
           "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000")
MAX_GROUP = 64  # transactions sharing one commit at most
T = TypeVar("T")


async def _to_the_end(work: Awaitable[T]) -> T:
    """Run `work` to its end even if the calling task is cancelled meanwhile, then pass the
    cancellation on. SQLite carries out a BEGIN, COMMIT or ROLLBACK once it was sent, whether
    or not its caller still waits, so the bookkeeping around it (who is in the group, whose
    future to resolve, the lock) must be completed too, or other callers hang or lose work."""
    task = asyncio.ensure_future(work)
    cancelled = False
    while True:
        try:
            result = await asyncio.shield(task)
            break
        except asyncio.CancelledError:
            if task.done():
                raise
            cancelled = True
    if cancelled:
        raise asyncio.CancelledError
    return result


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str):
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._waiting = 0                                 # callers queued for the connection
        self._group: list[asyncio.Future] | None = None   # units in the open group transaction
        self._committer: asyncio.Task | None = None
        self._unit: Literal["first", "savepoint"] | None = None  # the open unit (the lock's holder's)
        self.commits = 0                                  # group commits made (benchmarks, tests)

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await conn.execute_fetchall(pragma)  # consumes the result: no statement left open
        return cls(conn, path)

    async def _sql(self, sql: str) -> None:
        await self._conn.execute_fetchall(sql)

    async def _acquire(self) -> None:
        self._waiting += 1
        try:
            await self._lock.acquire()
        finally:
            self._waiting -= 1

    async def _end_turn(self) -> None:
        """Give the connection up: hand the open group to the next caller, or commit it."""
        try:
            if self._group is not None:
                if not self._conn.in_transaction:
                    self._drop_group()
                elif self._waiting and len(self._group) < MAX_GROUP:
                    self._ensure_committer()
                else:
                    await self._commit_group()
        finally:
            self._lock.release()

    async def _commit_group(self) -> None:
        group, self._group = self._group or [], None
        try:
            await self._sql("COMMIT")
        except Exception as e:  # the disk refused: nothing of this group is durable
            try:
                if self._conn.in_transaction:
                    await self._sql("ROLLBACK")
            except Exception:  # noqa: BLE001 - the next BEGIN clears a transaction left behind
                pass
            self._fail(group, e)
            return
        self.commits += 1
        for done in group:
            if not done.done():
                done.set_result(None)

    def _drop_group(self) -> None:
        """SQLite rolled the group's transaction back by itself (disk full, I/O error, a
        statement's ROLLBACK conflict clause): everything in it is lost, and its callers are told."""
        group, self._group = self._group or [], None
        self._fail(group, StoreError("SQLite rolled the transaction back"))

    @staticmethod
    def _fail(group: list[asyncio.Future], error: BaseException) -> None:
        for done in group:
            if not done.done():
                done.set_exception(StoreError(f"the transaction was not committed: {error}"))

    def _ensure_committer(self) -> None:
        """Whoever holds the connection last commits; this task makes sure someone does,
        even if every caller queued behind us is cancelled."""
        if self._committer is None or self._committer.done():
            self._committer = asyncio.get_running_loop().create_task(self._commit_when_free())

    async def _commit_when_free(self) -> None:
        async with self._lock:
            if self._group is not None:
                await _to_the_end(self._commit_group())

    @asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """One statement outside a transaction: autocommit (durable at once), or part of the
        open group, in which case it returns after that group's commit."""
        if _IN_TRANSACTION.get() is self:
            yield
            return
        await self._acquire()
        done = None
        try:
            if self._group is not None and not self._conn.in_transaction:
                self._drop_group()  # the statement then commits on its own
            yield
            if self._group is not None:
                done = asyncio.get_running_loop().create_future()
                self._group.append(done)
        finally:
            await _to_the_end(self._end_turn())
        if done is not None:
            await done

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._turn():
            before = self._conn.total_changes  # one thread hop per statement, not two
            try:
                await self._conn.execute_fetchall(to_qmark(sql), args)
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e
            return self._conn.total_changes - before

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        async with self._turn():
            try:
                cursor = await self._conn.executemany(to_qmark(sql), [tuple(r) for r in rows])
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e
            await cursor.close()  # no statement may stay open across a COMMIT

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._turn():
            try:
                return [dict(r) for r in await self._conn.execute_fetchall(to_qmark(sql), args)]
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        if _IN_TRANSACTION.get() is self:
            yield  # nested: part of the outer transaction
            return
        await self._acquire()
        token = _IN_TRANSACTION.set(self)
        done = None
        try:
            try:
                await _to_the_end(self._open_unit())
                yield
            except BaseException:
                await _to_the_end(self._undo_unit())
                raise
            done = await _to_the_end(self._close_unit())
        finally:
            _IN_TRANSACTION.reset(token)
            await _to_the_end(self._end_turn())
        await done

    async def _open_unit(self) -> None:
        """Start this caller's unit: the group's transaction, or a savepoint inside it."""
        if self._group is not None and not self._conn.in_transaction:
            self._drop_group()  # SQLite dropped the group: start afresh
        if self._group is None:
            if self._conn.in_transaction:  # left behind by a failed ROLLBACK: nobody's work
                await self._sql("ROLLBACK")
            await self._sql("BEGIN IMMEDIATE")
            self._group, self._unit = [], "first"
        else:
            await self._sql("SAVEPOINT unit")
            self._unit = "savepoint"

    async def _close_unit(self) -> asyncio.Future:
        """The unit's work joins the group; the returned future resolves at the group's COMMIT."""
        unit, self._unit = self._unit, None
        if not self._conn.in_transaction:  # SQLite dropped it all, though the caller went on
            self._drop_group()
            raise StoreError("SQLite rolled the transaction back")
        if unit == "savepoint":
            await self._sql("RELEASE unit")
        done = asyncio.get_running_loop().create_future()
        assert self._group is not None
        self._group.append(done)
        return done

    async def _undo_unit(self) -> None:
        """Roll back this caller's unit alone (the whole transaction if nobody else is in it)."""
        unit, self._unit = self._unit, None
        if unit is None:  # it never began (BEGIN failed)
            return
        if not self._conn.in_transaction:  # SQLite dropped the whole group: all of it is lost
            self._drop_group()
        elif unit == "first":  # nobody else is in this group yet
            self._group = None
            await self._sql("ROLLBACK")
        else:
            await self._sql("ROLLBACK TO unit")
            await self._sql("RELEASE unit")

    async def run_script(self, statements: list[str]) -> None:
        for statement in statements:
            await self.execute(statement)

    async def pragma(self, name: str) -> Any:
        return await self.fetchval(f"PRAGMA {name}")

    async def close(self) -> None:
        async with self._lock:
            if self._group is not None:
                await _to_the_end(self._commit_group())
        if self._committer is not None:
            await self._committer
        await self._conn.close()
