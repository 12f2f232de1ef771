"""One small async database interface over SQLite and asyncpg.

A transaction is a *unit*: a generator that yields statements and receives their results,

    def rename(table_id, name):
        changed = yield execute("UPDATE t SET name = $1 WHERE id = $2", name, table_id)
        if changed != 1:
            raise StaleWrite(...)

    await db.run(rename(7, "x"))

so the same code runs on both backends: PostgreSQL drives it with awaits inside one
transaction, SQLite runs the whole unit on its database thread in one hop (no round trip
to the event loop per statement). Reads in the middle of a unit are fine; raising rolls the
unit back. Queries are written once with `$1` placeholders (`params()` numbers them); the
SQLite backend rewrites them to `?1`.
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypeVar
from urllib.parse import parse_qs, urlparse

Row = dict[str, Any]
Dialect = Literal["sqlite", "postgres"]
T = TypeVar("T")

DEFAULT_URL = "sqlite:///data/bot.sqlite3"
DEFAULT_POOL_SIZE = 20  # PostgreSQL connections per process at most (`?pool_size=N`)
_PLACEHOLDER = re.compile(r"\$(\d+)")


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of a unit. `mode`: "execute" answers the number of rows changed,
    "fetch" the rows, "many" runs `sql` once per row of `args` (answers None)."""

    sql: str
    args: tuple
    mode: Literal["execute", "fetch", "many"] = "execute"


Unit = Generator[Statement, Any, T]


def execute(sql: str, *args: Any) -> Statement:
    return Statement(sql, args, "execute")


def fetch(sql: str, *args: Any) -> Statement:
    return Statement(sql, args, "fetch")


def many(sql: str, rows: Sequence[Sequence[Any]]) -> Statement:
    return Statement(sql, tuple(tuple(r) for r in rows), "many")


def params(count: int, start: int = 1) -> list[str]:
    """`$start … $(start+count-1)`: placeholders numbered by code, never by hand."""
    return [f"${i}" for i in range(start, start + count)]


@lru_cache(maxsize=512)
def to_qmark(sql: str) -> str:
    """`$1` placeholders -> SQLite's numbered `?1`."""
    return _PLACEHOLDER.sub(r"?\1", sql)


def one(statement: Statement) -> Unit[Any]:
    """A unit of one statement."""
    return (yield statement)


def each(statements: Sequence[Statement]) -> Unit[None]:
    """Statements built beforehand, run in order (their answers unused).

    Why build before: a unit's generator body runs on SQLite's one database thread, inside the
    group's transaction, so encoding JSON and comparing pydantic models there lengthens every
    group commit. A repository function that builds its statements when called (on the event
    loop, while the database thread waits for the disk) and returns `each(...)` keeps the
    transaction to the statements alone."""
    for statement in statements:  # noqa: UP028 - `yield from` a list cannot take the answers sent back
        yield statement


class Database(ABC):
    """What repositories need from a backend."""

    dialect: Dialect
    trace: list[tuple[str, tuple]] | None = None  # when a list, every statement run is appended (query-plan test)

    @abstractmethod
    async def run(self, unit: Unit[T]) -> T:
        """Run `unit` as one transaction, committed durably before this returns."""

    @abstractmethod
    async def read(self, unit: Unit[T]) -> T:
        """Run a unit of reads against one consistent snapshot (no write lock, no commit wait)."""

    async def warm(self) -> None:
        """Open what the first busy seconds would otherwise open one by one (PostgreSQL: the
        pool's connections), so a burst after start-up does not queue behind connecting."""
        return None  # SQLite: one connection, opened with the database

    async def atomic(self, statement: Statement) -> Any:
        """One statement that is a transaction by itself (PostgreSQL: one round trip, no
        BEGIN/COMMIT of its own); answers as in a unit."""
        return await self.run(one(statement))

    async def execute(self, sql: str, *args: Any) -> int:
        """One statement in a transaction of its own; the number of rows it changed."""
        return await self.run(one(execute(sql, *args)))

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        return await self.read(one(fetch(sql, *args)))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def peek(self, sql: str, *args: Any) -> list[Row]:
        """A tiny read (a few columns of one row by key), for checking that a copy held in
        memory is still current. The same as `fetch`; SQLite answers it without a thread hop."""
        return await self.fetch(sql, *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return None if row is None else next(iter(row.values()))

    @abstractmethod
    async def close(self) -> None: ...


def sqlite_path(url: str) -> str:
    """`sqlite:///:memory:` -> ':memory:'; `sqlite:///data/x.db` -> 'data/x.db'; `sqlite:////abs/x.db` -> '/abs/x.db'."""
    rest = url.split("://", 1)[1]
    return rest[1:] if rest.startswith("/") else rest


def postgres_dsn_and_schema(url: str) -> tuple[str, str | None]:
    """Split an optional `?schema=name` off a PostgreSQL URL (tests isolate themselves in a schema)."""
    dsn, schema, _ = postgres_settings(url)
    return dsn, schema


def postgres_settings(url: str) -> tuple[str, str | None, int]:
    """A PostgreSQL URL's DSN for asyncpg, its optional `schema=name` and `pool_size=N`
    (connections this process opens at most; default DEFAULT_POOL_SIZE)."""
    parsed = urlparse(url)
    query = parse_qs(parsed.query)
    schema = query.pop("schema", [None])[0]
    pool = query.pop("pool_size", [str(DEFAULT_POOL_SIZE)])[0]
    rest = "&".join(f"{k}={v[0]}" for k, v in query.items())
    dsn = parsed._replace(query=rest).geturl()
    if schema is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,62}", schema):
        raise ValueError(f"invalid schema name {schema!r}")
    if not pool.isdigit() or int(pool) < 1:
        raise ValueError(f"invalid pool_size {pool!r}: a whole number of connections, at least 1")
    return dsn, schema, int(pool)


def check_url(url: str) -> str:
    """The URL's scheme ("sqlite" or "postgres"); ValueError with a readable message otherwise."""
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme == "sqlite":
        return "sqlite"
    if scheme in ("postgresql", "postgres"):
        return "postgres"
    raise ValueError(f"unsupported database URL {url!r}: use sqlite:///path or postgresql://…")


async def open_database(url: str = DEFAULT_URL) -> Database:
    if check_url(url) == "sqlite":
        from .sqlite import SqliteDatabase
        return await SqliteDatabase.open(sqlite_path(url))
    from .postgres import PostgresDatabase
    dsn, schema, pool_size = postgres_settings(url)
    return await PostgresDatabase.open(dsn, schema, pool_size)
