"""PostgreSQL backend (asyncpg pool). Commits are durable by PostgreSQL's default
(synchronous_commit = on). An optional schema isolates a database user's tables (tests).

Every statement is prepared once per connection (asyncpg's statement cache, keyed by the SQL
text, which repositories keep fixed). A game move is one such statement in a transaction of
its own (`atomic`, `repos/moves.py`): one round trip, no BEGIN and COMMIT around it; moves that
come while MOVES_IN_FLIGHT others are under way share one round trip and one commit
(`group_commit.py`). The pool
holds at most `pool_size` connections (`?pool_size=N` in the URL, default 20); see the README
for budgeting them against the server's `max_connections`.

A dropped connection (a restart, `pg_terminate_backend`, a pooled connection that died while
idle) is retried once on a fresh one; when that fails too, or the connection drops while
committing, the call raises `Unavailable` and nothing was changed. An outage is logged as
two lines (`outage`), never as a traceback per call.
"""
from __future__ import annotations

import asyncio
from typing import Any

from .db import DEFAULT_POOL_SIZE, Database, Statement, T, Unit
from .errors import Conflict, StaleWrite, Unavailable
from .group_commit import GroupCommit
from .outage import Outage, is_connection_error, one_line, quiet_asyncpg_reconnects
from .repos.moves import CALL as MOVE_CALL
from .repos.moves import CLAIM_ARG, MOVE_ARGS, STALE_PREFIX

try:
    import asyncpg
except ImportError:  # pragma: no cover - only without the [postgres] extra
    asyncpg = None


# the move function's arguments for a call that writes nothing: it claims timer -1 first, which
# no table has, and answers 1 (claimed already) before anything else
_NO_MOVE = [-1 if i == CLAIM_ARG else None for i in range(MOVE_ARGS)]


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


# Moves sent at once before the next ones wait and go together (group_commit.py). Measured with
# bench/interactions.py on the 2-core machine (32 tables as fast as answers come): 2 in flight
# served the most moves per second (4 and 20 fewer, 1 fewer still) and halved the server's CPU per
# move; a batch grows with the load, so a bigger server is not held back by it.
MOVES_IN_FLIGHT = 2

CONNECT_TIMEOUT_S = 10  # a server that does not answer at all is an outage, not a minute's wait


class _Progress:
    """How far a unit got: its statements with their answers, and the one it waits on."""

    __slots__ = ("answered", "pending")

    def __init__(self) -> None:
        self.answered: list[tuple[Statement, Any]] = []
        self.pending: Statement | None = None


def _same(answer: Any, before: Any) -> bool:
    if isinstance(before, Conflict):
        return isinstance(answer, Conflict)
    return answer == before


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, pool: Any, schema: str | None):
        self._pool = pool
        self.schema = schema
        self.round_trips = 0  # statements sent, BEGIN and COMMIT included (bench/interactions.py)
        self.outage = Outage()
        self.moves = GroupCommit(self._single, self._many, min(MOVES_IN_FLIGHT, pool.get_max_size()))

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
        quiet_asyncpg_reconnects()
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=pool_size, server_settings=settings, reset=_reset,
                                         timeout=CONNECT_TIMEOUT_S)
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

    async def _answer(self, conn: Any, s: Statement) -> Any:
        """A statement's answer, or the Conflict the unit is to be told of."""
        try:
            return await self._statement(conn, s)
        except Conflict as e:
            return e

    async def _drive(self, conn: Any, unit: Unit[T], progress: _Progress) -> T:
        """Run the unit to its end. `progress` keeps every statement and its answer, and the
        statement the unit waits on, so that a retry on a fresh connection can check that the
        unit saw the same database and go on from where it was."""
        answer: Any = None
        error: BaseException | None = None
        while True:
            if progress.pending is None:
                try:
                    progress.pending = unit.throw(error) if error is not None else unit.send(answer)
                except StopIteration as stop:
                    return stop.value
            answer, error = await self._answer(conn, progress.pending), None
            progress.answered.append((progress.pending, answer))
            progress.pending = None
            if isinstance(answer, Conflict):
                answer, error = None, answer

    async def _transaction(self, unit: Unit[T], **options: Any) -> T:
        """`unit` in one transaction, retried once on a fresh connection when the first one
        drops before committing: the statements the unit already saw run again and must answer
        the same (else nothing is changed and `Unavailable` says try again)."""
        progress = _Progress()
        for attempt in (1, 2):
            committing = False
            try:
                async with self._pool.acquire() as conn:
                    async with conn.transaction(**options):
                        for statement, before in progress.answered:
                            if not _same(await self._answer(conn, statement), before):
                                raise Unavailable("the database changed while the connection was lost; "
                                                  "nothing was changed")
                        result = await self._drive(conn, unit, progress)
                        committing = True
                self.outage.answered()
                return result
            except Exception as error:
                if not is_connection_error(error):
                    raise
                if attempt == 2 or committing:
                    self.outage.failed(error)
                    unit.close()
                    raise Unavailable(one_line(error)) from error
        raise AssertionError("unreachable")

    async def run(self, unit: Unit[T]) -> T:
        self.round_trips += 2  # BEGIN and COMMIT
        return await self._transaction(unit)

    async def read(self, unit: Unit[T]) -> T:
        self.round_trips += 2
        return await self._transaction(unit, isolation="repeatable_read", readonly=True)

    async def atomic(self, statement: Statement) -> Any:
        """One statement that is its own transaction (a move: `cardbot_move`), retried once on a
        fresh connection when the first one drops: its compare-and-set makes a second try that
        finds the move already written a `StaleWrite`, never a second move. Moves that come
        while MOVES_IN_FLIGHT others are under way share a transaction and a round trip
        (group_commit.py)."""
        if statement.sql == MOVE_CALL:
            return await self.moves.submit(statement)
        return await self._single(statement)

    async def _many(self, statements: list[Statement]) -> list[Any]:
        """Moves of one SQL text in one round trip and one transaction (asyncpg's `fetchmany`
        pipelines the binds under one Sync and runs them atomically): each move's rows, or an
        error for all of them (group_commit.py then sends each alone)."""
        if self.trace is not None:
            self.trace.extend((s.sql, s.args) for s in statements)
        self.round_trips += 1
        async with self._pool.acquire() as conn:
            rows = await conn.fetchmany(statements[0].sql, [s.args for s in statements])
        if len(rows) != len(statements):
            raise RuntimeError(f"{len(statements)} moves answered {len(rows)} rows")
        self.outage.answered()
        return [[dict(row)] for row in rows]

    async def fetch(self, sql: str, *args: Any) -> list[dict]:
        return await self._single(Statement(sql, args, "fetch"))

    async def _single(self, statement: Statement) -> Any:
        """One statement outside a transaction, retried once on a fresh connection when the
        first one drops; a second drop is an outage (`Unavailable`)."""
        for attempt in (1, 2):
            try:
                async with self._pool.acquire() as conn:
                    answer = await self._statement(conn, statement)
                self.outage.answered()
                return answer
            except Exception as error:
                if not is_connection_error(error):
                    raise
                if attempt == 2:
                    self.outage.failed(error)
                    raise Unavailable(one_line(error)) from error
        raise AssertionError("unreachable")

    async def warm(self) -> None:
        """Every connection of the pool opened, with the move statement prepared on it and the
        move function compiled by its server process: the first move on a connection would
        otherwise do both. The call claims a timer that does not exist, so it writes nothing."""
        held = await asyncio.gather(*(self._pool.acquire() for _ in range(self._pool.get_max_size())))
        try:
            await asyncio.gather(*(conn.fetchval(MOVE_CALL, *_NO_MOVE) for conn in held))
        finally:
            await asyncio.gather(*(self._pool.release(conn) for conn in held))

    async def close(self) -> None:
        await self._pool.close()
