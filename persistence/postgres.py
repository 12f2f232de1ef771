"""PostgreSQL backend (asyncpg pool). Commits are durable by PostgreSQL's default
(synchronous_commit = on). An optional schema isolates a database user's tables (tests)."""
from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from .db import Database, Row
from .errors import Conflict

try:
    import asyncpg
except ImportError:  # pragma: no cover - only without the [postgres] extra
    asyncpg = None

_CONNECTION: ContextVar[tuple[PostgresDatabase, Any] | None] = ContextVar("pg_transaction", default=None)


def _rowcount(status: str) -> int:
    """asyncpg returns a status tag like 'UPDATE 3' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, pool: Any, schema: str | None):
        self._pool = pool
        self.schema = schema

    @classmethod
    async def open(cls, dsn: str, schema: str | None = None) -> PostgresDatabase:
        if asyncpg is None:
            raise RuntimeError("PostgreSQL needs asyncpg: pip install -e '.[postgres]'")
        settings = {}
        if schema:
            conn = await asyncpg.connect(dsn)
            try:
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
            finally:
                await conn.close()
            settings["search_path"] = schema
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=10, server_settings=settings)
        return cls(pool, schema)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        current = _CONNECTION.get()
        if current is not None and current[0] is self:
            yield current[1]
        else:
            async with self._pool.acquire() as conn:
                yield conn

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._connection() as conn:
            try:
                return _rowcount(await conn.execute(sql, *args))
            except asyncpg.IntegrityConstraintViolationError as e:
                raise Conflict(str(e)) from e

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        async with self._connection() as conn:
            try:
                await conn.executemany(sql, [tuple(r) for r in rows])
            except asyncpg.IntegrityConstraintViolationError as e:
                raise Conflict(str(e)) from e

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._connection() as conn:
            try:
                return [dict(r) for r in await conn.fetch(sql, *args)]
            except asyncpg.IntegrityConstraintViolationError as e:
                raise Conflict(str(e)) from e

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        current = _CONNECTION.get()
        if current is not None and current[0] is self:
            yield
            return
        async with self._pool.acquire() as conn:
            token = _CONNECTION.set((self, conn))
            try:
                async with conn.transaction():
                    yield
            finally:
                _CONNECTION.reset(token)

    async def run_script(self, statements: list[str]) -> None:
        for statement in statements:
            await self.execute(statement)

    async def drop_schema(self) -> None:
        """Remove this database's schema and everything in it (test teardown)."""
        if self.schema:
            await self.execute(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')

    async def close(self) -> None:
        await self._pool.close()
