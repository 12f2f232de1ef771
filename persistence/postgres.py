"""PostgreSQL backend (asyncpg pool). Commits are durable by PostgreSQL's default
(synchronous_commit = on). An optional schema isolates a database user's tables (tests).

Every statement is prepared once per connection (asyncpg's statement cache, keyed by the SQL
text, which repositories keep fixed). A game move is one such statement in a transaction of
its own (`atomic`, `repos/moves.py`): one round trip, no BEGIN and COMMIT around it. The pool
holds at most `pool_size` connections (`?pool_size=N` in the URL, default 20); see the README
for budgeting them against the server's `max_connections`."""
from __future__ import annotations

from typing import Any

from .db import DEFAULT_POOL_SIZE, Database, Statement, T, Unit
from .errors import Conflict, StaleWrite
from .repos.moves import STALE_PREFIX

try:
    import asyncpg
except ImportError:  # pragma: no cover - only without the [postgres] extra
    asyncpg = None


def _rowcount(status: str) -> int:
    """asyncpg returns a status tag like 'UPDATE 3' or 'INSERT 0 1'."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _reset(conn: Any) -> None:
    """What a connection needs before it goes back to the pool. asyncpg's default resets the
    whole session (a round trip on every release); this code keeps no session state (no
    LISTEN, no session advisory locks, no SET), so only an unfinished transaction is undone."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, pool: Any, schema: str | None):
        self._pool = pool
        self.schema = schema
        self.round_trips = 0  # statements sent, BEGIN and COMMIT included (bench/interactions.py)

    @classmethod
    async def open(cls, dsn: str, schema: str | None = None, pool_size: int = DEFAULT_POOL_SIZE) -> PostgresDatabase:
        if asyncpg is None:
            raise RuntimeError("PostgreSQL needs asyncpg: pip install -e '.[postgres]'")
        settings = {}
        if schema:
            conn = await asyncpg.connect(dsn)
            try:
                await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
            except asyncpg.UniqueViolationError:
                pass  # another process created it at the same moment
            finally:
                await conn.close()
            settings["search_path"] = schema
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=pool_size, server_settings=settings, reset=_reset)
        return cls(pool, schema)

    async def _statement(self, conn: Any, s: Statement) -> Any:
        if self.trace is not None:
            self.trace.append((s.sql, s.args))
        self.round_trips += 1
        try:
            if s.mode == "many":
                await conn.executemany(s.sql, s.args)
                return None
            if s.mode == "fetch":
                return [dict(r) for r in await conn.fetch(s.sql, *s.args)]
            return _rowcount(await conn.execute(s.sql, *s.args))
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e
        except asyncpg.RaiseError as e:  # a compare-and-set lost inside a function (cardbot_move)
            if str(e).startswith(STALE_PREFIX):
                raise StaleWrite(str(e)) from e
            raise

    async def _drive(self, conn: Any, unit: Unit[T]) -> T:
        answer: Any = None
        error: BaseException | None = None
        while True:
            try:
                statement = unit.throw(error) if error is not None else unit.send(answer)
            except StopIteration as stop:
                return stop.value
            answer, error = None, None
            try:
                answer = await self._statement(conn, statement)
            except Conflict as e:
                error = e

    async def run(self, unit: Unit[T]) -> T:
        async with self._pool.acquire() as conn, conn.transaction():
            self.round_trips += 2
            return await self._drive(conn, unit)

    async def read(self, unit: Unit[T]) -> T:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            self.round_trips += 2
            return await self._drive(conn, unit)

    async def atomic(self, statement: Statement) -> Any:
        async with self._pool.acquire() as conn:
            return await self._statement(conn, statement)

    async def fetch(self, sql: str, *args: Any) -> list[dict]:
        async with self._pool.acquire() as conn:
            return await self._statement(conn, Statement(sql, args, "fetch"))

    async def drop_schema(self) -> None:
        """Remove this database's schema and everything in it (test teardown)."""
        if self.schema:
            await self.execute(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')

    async def close(self) -> None:
        await self._pool.close()
