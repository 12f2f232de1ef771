"""SQLite backend: WAL, synchronous=FULL, one connection on one thread, group commit.

Every unit (a transaction, see `db.py`) runs whole on the database thread: one hop from
the event loop per transaction, not one per statement. A durable commit costs an fsync
(milliseconds), so units that queue while a commit runs go together in the next hop: each in
a SAVEPOINT of one `BEGIN IMMEDIATE … COMMIT`, rolled back alone when it fails, every caller
answered only after the COMMIT that holds its work. `BEGIN IMMEDIATE` takes the write lock
up front so a second process waits (busy_timeout) instead of failing half way through.
"""
from __future__ import annotations

import asyncio
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .checkpoint import WRITER_AUTOCHECKPOINT_PAGES, Checkpointer
from .db import Database, Row, Statement, T, Unit, to_qmark
from .errors import Conflict, StoreError

PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
           "PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000")
MAX_GROUP = 64  # units sharing one commit at most
PEEK_BUSY_MS = 20  # a peek on the event loop never waits longer for a lock; it goes to the reader thread instead
Outcome = tuple[bool, Any]  # (succeeded, value or exception)


class SqliteDatabase(Database):
    dialect = "sqlite"

    def __init__(self, conn: sqlite3.Connection, path: str, thread: ThreadPoolExecutor,
                 reader: sqlite3.Connection | None = None, reader_thread: ThreadPoolExecutor | None = None,
                 peeker: sqlite3.Connection | None = None, checkpointer: Checkpointer | None = None):
        self._conn = conn
        self.path = path
        self._thread = thread
        # reads on a second connection and thread (WAL lets them run while a commit waits
        # for the disk); an in-memory database has one connection for both
        self._reader = reader or conn
        self._reader_thread = reader_thread or thread
        # tiny reads by key run on the event loop itself: in WAL a reader does not wait for
        # the writer, and a hop to a thread costs far more than reading one row
        self._peeker = peeker
        self._checkpointer = checkpointer  # WAL checkpoints in the background (checkpoint.py)
        self._queue: list[tuple[Unit[Any], asyncio.Future]] = []
        self._writer: asyncio.Task | None = None
        self.commits = 0  # group commits made (benchmarks, tests)

    @classmethod
    async def open(cls, path: str) -> SqliteDatabase:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        loop = asyncio.get_running_loop()
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")

        def connect(pragmas: tuple[str, ...] = PRAGMAS) -> sqlite3.Connection:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            for pragma in pragmas:
                conn.execute(pragma).fetchall()
            return conn
        if path == ":memory:":
            return cls(await loop.run_in_executor(thread, connect), path, thread)
        conn = await loop.run_in_executor(thread, connect,
                                          (*PRAGMAS, f"PRAGMA wal_autocheckpoint = {WRITER_AUTOCHECKPOINT_PAGES}"))
        reader_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-read")
        reader = await loop.run_in_executor(reader_thread, connect)
        peeker = connect(("PRAGMA query_only = ON", f"PRAGMA busy_timeout = {PEEK_BUSY_MS}"))
        return cls(conn, path, thread, reader, reader_thread, peeker, Checkpointer(path))

    async def _hop(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def _read_hop(self, fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._reader_thread, fn, *args)

    # ---- on the database threads -------------------------------------------------------
    def _statement(self, s: Statement, conn: sqlite3.Connection | None = None) -> Any:
        if self.trace is not None:
            self.trace.append((s.sql, s.args))
        conn = conn or self._conn
        sql = to_qmark(s.sql)
        try:
            if s.mode == "many":
                conn.executemany(sql, s.args).close()
                return None
            cursor = conn.execute(sql, s.args)
            rows = cursor.fetchall()
        except sqlite3.IntegrityError as e:
            raise Conflict(str(e)) from e
        if s.mode == "fetch":
            return [dict(r) for r in rows]
        return max(cursor.rowcount, 0)

    def _drive(self, unit: Unit[T], conn: sqlite3.Connection | None = None) -> T:
        """Run a unit's statements, feeding each result back; a refused constraint is
        thrown into the unit as Conflict (it may catch it)."""
        answer: Any = None
        error: BaseException | None = None
        while True:
            try:
                statement = unit.throw(error) if error is not None else unit.send(answer)
            except StopIteration as stop:
                return stop.value
            answer, error = None, None
            try:
                answer = self._statement(statement, conn)
            except Conflict as e:
                error = e

    def _begin(self) -> StoreError | None:
        conn = self._conn
        try:
            if conn.in_transaction:  # left behind by a failed ROLLBACK: nobody's work
                conn.execute("ROLLBACK")
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as e:
            return StoreError(f"the transaction could not begin: {e}")
        return None

    def _alone(self, unit: Unit[Any]) -> Outcome:
        """A unit that has the transaction to itself needs no savepoint: a failure rolls it all back."""
        conn = self._conn
        refused = self._begin()
        if refused is not None:
            return False, refused
        try:
            value = self._drive(unit)
        except Exception as e:  # noqa: BLE001 - handed to the unit's caller
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return False, e
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as e:  # the disk refused: nothing of this transaction is durable
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            return False, StoreError(f"the transaction was not committed: {e}")
        return True, value

    def _group(self, units: list[Unit[Any]]) -> list[Outcome]:
        """One transaction for `units`, each in a savepoint; one COMMIT (one fsync) for all."""
        if len(units) == 1:
            return [self._alone(units[0])]
        conn = self._conn
        outcomes: list[Outcome] = []
        refused = self._begin()
        if refused is not None:
            return [(False, refused)] * len(units)
        first = 0  # index of the first unit in the open transaction
        for i, unit in enumerate(units):
            conn.execute("SAVEPOINT unit")
            try:
                outcomes.append((True, self._drive(unit)))
                conn.execute("RELEASE unit")
            except Exception as e:  # noqa: BLE001 - handed to the unit's caller
                outcomes.append((False, e))
                if conn.in_transaction:
                    conn.execute("ROLLBACK TO unit")
                    conn.execute("RELEASE unit")
                else:  # SQLite dropped the whole transaction (disk full, I/O, a ROLLBACK clause)
                    self._lose(outcomes, first, i, "SQLite rolled the transaction back")
                    conn.execute("BEGIN IMMEDIATE")
                    first = i + 1
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as e:  # the disk refused: nothing of this transaction is durable
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            self._lose(outcomes, first, len(outcomes), str(e))
        return outcomes

    @staticmethod
    def _lose(outcomes: list[Outcome], start: int, end: int, why: str) -> None:
        for j in range(start, end):
            if outcomes[j][0]:
                outcomes[j] = (False, StoreError(f"the transaction was not committed: {why}"))

    def _read(self, unit: Unit[T]) -> T:
        self._reader.execute("BEGIN")  # one snapshot for the unit's statements
        try:
            return self._drive(unit, self._reader)
        finally:
            self._reader.execute("COMMIT")

    # ---- on the event loop --------------------------------------------------------------
    async def run(self, unit: Unit[T]) -> T:
        done = asyncio.get_running_loop().create_future()
        self._queue.append((unit, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write())
        return await done

    async def _write(self) -> None:
        """Take what is queued, run it as one group on the thread, answer every caller.
        A caller cancelled before its turn is left out (its work never ran)."""
        while self._queue:
            batch = [(u, f) for u, f in self._queue[:MAX_GROUP] if not f.cancelled()]
            del self._queue[:MAX_GROUP]
            if not batch:
                continue
            try:
                outcomes = await asyncio.shield(self._hop(self._group, [u for u, _ in batch]))
            except BaseException as e:  # noqa: BLE001 - the loop is going away: nobody may hang
                outcomes = [(False, StoreError(f"the transaction was not committed: {e!r}"))] * len(batch)
            if any(ok for ok, _ in outcomes):
                self.commits += 1
                if self._checkpointer is not None:
                    self._checkpointer.committed()
            for (_, done), (ok, value) in zip(batch, outcomes, strict=True):
                if not done.done():
                    done.set_result(value) if ok else done.set_exception(value)

    async def read(self, unit: Unit[T]) -> T:
        return await self._read_hop(self._read, unit)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return await self._read_hop(self._statement, Statement(sql, args, "fetch"), self._reader)

    async def peek(self, sql: str, *args: Any) -> list[Row]:
        if self._peeker is not None:
            try:
                return self._statement(Statement(sql, args, "fetch"), self._peeker)
            except sqlite3.OperationalError:  # locked past PEEK_BUSY_MS (a WAL recovery): read on the thread
                pass
        return await self.fetch(sql, *args)

    async def pragma(self, name: str) -> Any:
        return await self.fetchval(f"PRAGMA {name}")

    async def close(self) -> None:
        while self._writer is not None and not self._writer.done():
            await self._writer
        if self._peeker is not None:
            self._peeker.close()
        if self._checkpointer is not None:
            self._checkpointer.close()
        if self._reader is not self._conn:
            await self._read_hop(self._reader.close)
            self._reader_thread.shutdown(wait=True)
        await self._hop(self._conn.close)
        self._thread.shutdown(wait=True)
