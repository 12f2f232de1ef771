"""SQLite backend (aiosqlite): WAL, synchronous=FULL, one connection serialised by a lock.

One connection keeps the write order simple and is fast enough for a bot (a durable
commit takes about a millisecond). `BEGIN IMMEDIATE` takes the write lock up front so a
second process waits (busy_timeout) instead of failing half way through a transaction.
"""
from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import aiosqlite

from .db import Database, Row, to_qmark
from .errors import Conflict

_IN_TRANSACTION: ContextVar[SqliteDatabase | None] = ContextVar("sqlite_transaction", default=None)
PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
           "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000")


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str):
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await conn.execute(pragma)
        return cls(conn, path)

    @asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """Exclusive use of the connection, unless this task is already inside our transaction."""
        if _IN_TRANSACTION.get() is self:
            yield
        else:
            async with self._lock:
                yield

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._turn():
            try:
                cursor = await self._conn.execute(to_qmark(sql), args)
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e
            count = cursor.rowcount
            await cursor.close()
            return count

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        async with self._turn():
            try:
                await self._conn.executemany(to_qmark(sql), [tuple(r) for r in rows])
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._turn():
            try:
                async with self._conn.execute(to_qmark(sql), args) as cursor:
                    return [dict(r) for r in await cursor.fetchall()]
            except sqlite3.IntegrityError as e:
                raise Conflict(str(e)) from e

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        if _IN_TRANSACTION.get() is self:
            yield  # nested: part of the outer transaction
            return
        async with self._lock:
            token = _IN_TRANSACTION.set(self)
            try:
                await self._conn.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self._conn.execute("ROLLBACK")
                    raise
                await self._conn.execute("COMMIT")
            finally:
                _IN_TRANSACTION.reset(token)

    async def run_script(self, statements: list[str]) -> None:
        for statement in statements:
            await self.execute(statement)

    async def pragma(self, name: str) -> Any:
        return await self.fetchval(f"PRAGMA {name}")

    async def close(self) -> None:
        await self._conn.close()
