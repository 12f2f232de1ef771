"""One small async database interface over aiosqlite and asyncpg.

Queries are written once with asyncpg's `$1` placeholders; the SQLite backend rewrites
them to `?1`. Inside `async with db.transaction():` every call made by the same task runs
in that transaction (a context variable carries it), so repositories compose into one
atomic unit without passing connections around.
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Literal
from urllib.parse import parse_qs, urlparse

Row = dict[str, Any]
Dialect = Literal["sqlite", "postgres"]

DEFAULT_URL = "sqlite:///data/bot.sqlite3"
_PLACEHOLDER = re.compile(r"\$(\d+)")


def to_qmark(sql: str) -> str:
    """`$1` placeholders -> SQLite's numbered `?1`."""
    return _PLACEHOLDER.sub(r"?\1", sql)


class Database(ABC):
    """What repositories need from a backend."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run one statement; returns the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def fetchval(self, sql: str, *args: Any) -> Any:
        row = await self.fetchrow(sql, *args)
        return None if row is None else next(iter(row.values()))

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[None]:
        """All-or-nothing; committed durably when the block exits without an exception."""

    @abstractmethod
    async def run_script(self, statements: list[str]) -> None:
        """Run DDL statements inside the current transaction (migrations)."""

    @abstractmethod
    async def close(self) -> None: ...


def sqlite_path(url: str) -> str:
    """`sqlite:///:memory:` -> ':memory:'; `sqlite:///data/x.db` -> 'data/x.db'; `sqlite:////abs/x.db` -> '/abs/x.db'."""
    rest = url.split("://", 1)[1]
    return rest[1:] if rest.startswith("/") else rest


def postgres_dsn_and_schema(url: str) -> tuple[str, str | None]:
    """Split an optional `?schema=name` off a PostgreSQL URL (tests isolate themselves in a schema)."""
    parsed = urlparse(url)
    query = parse_qs(parsed.query)
    schema = query.pop("schema", [None])[0]
    rest = "&".join(f"{k}={v[0]}" for k, v in query.items())
    dsn = parsed._replace(query=rest).geturl()
    if schema is not None and not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,62}", schema):
        raise ValueError(f"invalid schema name {schema!r}")
    return dsn, schema


async def open_database(url: str = DEFAULT_URL) -> Database:
    scheme = url.split("://", 1)[0].lower()
    if scheme == "sqlite":
        from .sqlite import SqliteDatabase
        return await SqliteDatabase.open(sqlite_path(url))
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresDatabase
        dsn, schema = postgres_dsn_and_schema(url)
        return await PostgresDatabase.open(dsn, schema)
    raise ValueError(f"unsupported database URL {url!r}: use sqlite:///path or postgresql://…")

