"""Copy a whole database to another one, e.g. from SQLite to PostgreSQL when a bot outgrows
one process:

    python -m persistence.copy sqlite:///data/bot.sqlite3 postgresql://bot@db:5432/bot

Both are brought to the newest schema first; the target must be empty. Every row of every
table is copied (tables, seats, the action log, snapshots, settings, preferences, results,
stats, timers, the outbox), in key order and in batches, with values converted to the
target's column types; PostgreSQL's id counters are moved past the copied ids. Stop the bot
while copying. A copy that fails half way leaves a partial target: empty it and run again.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from .db import Database, Row, check_url, many, one, open_database, params, sqlite_path
from .store import Store, open_store

# table -> its key columns, parents before children (foreign keys)
TABLES: dict[str, tuple[str, ...]] = {
    "game_tables": ("id",),
    "seats": ("table_id", "position"),
    "actions": ("table_id", "seq"),
    "snapshots": ("table_id", "version"),
    "guild_settings": ("guild_id",),
    "user_prefs": ("user_id",),
    "results": ("table_id",),
    "player_stats": ("guild_key", "game", "user_id"),
    "timers": ("id",),
    "outbox": ("seq",),
    "away": ("user_id",),
    "follows": ("table_id", "user_id"),
}
IDENTITIES = (("game_tables", "id"), ("timers", "id"), ("outbox", "seq"))
BATCH = 1000


class CopyError(Exception):
    """Something the operator must fix (said in one line)."""


async def column_types(db: Database, table: str) -> dict[str, str]:
    if db.dialect == "sqlite":
        rows = await db.fetch(f"PRAGMA table_info({table})")
        return {r["name"]: r["type"].lower() for r in rows}
    rows = await db.fetch("SELECT column_name, data_type FROM information_schema.columns "
                          "WHERE table_name = $1 AND table_schema = current_schema()", table)
    return {r["column_name"]: r["data_type"].lower() for r in rows}


def convert(value: Any, kind: str) -> Any:
    """A value as the target column's type wants it (SQLite keeps booleans as 0/1)."""
    if value is None:
        return None
    if kind.startswith("bool"):
        return bool(value)
    if kind.startswith(("double", "real", "float")):
        return float(value)
    if kind.startswith(("bigint", "integer", "int", "smallint")):
        return int(value)
    return value


async def pages(db: Database, table: str, key: tuple[str, ...]) -> Any:
    """The rows of `table` in key order, BATCH at a time (keyset paging: no OFFSET)."""
    order = ", ".join(key)
    last: Row | None = None
    while True:
        if last is None:
            rows = await db.fetch(f"SELECT * FROM {table} ORDER BY {order} LIMIT {BATCH}")
        else:
            after = f"({order}) > ({', '.join(params(len(key)))})"
            rows = await db.fetch(f"SELECT * FROM {table} WHERE {after} ORDER BY {order} LIMIT {BATCH}",
                                  *(last[k] for k in key))
        if not rows:
            return
        yield rows
        last = rows[-1]


async def copy_store(source: Store, target: Store, report=print) -> dict[str, int]:
    """Copy every row; returns the number of rows per table."""
    for table in TABLES:
        if await target.db.fetchval(f"SELECT COUNT(*) AS n FROM (SELECT 1 FROM {table} LIMIT 1) AS t"):
            raise CopyError(f"the target database is not empty (table {table} has rows): copy into a new database")
    counts: dict[str, int] = {}
    for table, key in TABLES.items():
        types = await column_types(target.db, table)
        counts[table] = 0
        async for rows in pages(source.db, table, key):
            columns = [c for c in rows[0] if c in types]
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(params(len(columns)))})"
            values = [[convert(r[c], types[c]) for c in columns] for r in rows]
            await target.db.run(one(many(sql, values)))
            counts[table] += len(rows)
        report(f"{table}: {counts[table]} rows")
    if target.db.dialect == "postgres":
        for table, column in IDENTITIES:
            await target.db.fetch(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                                  f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)")
    return counts


SQLITE_HEADER = b"SQLite format 3\x00"


def redact(url: str) -> str:
    """The URL as it may be printed: any password replaced by ***."""
    parsed = urlparse(url)
    if parsed.password is None:
        return url
    netloc = parsed.netloc.replace(f":{parsed.password}@", ":***@", 1)
    return parsed._replace(netloc=netloc).geturl()


def without_secrets(text: str, *urls: str) -> str:
    """`text` with the passwords of `urls` (and the URLs themselves) replaced by their redacted form."""
    text = " ".join(text.split("\n"))  # one line
    for url in urls:
        text = text.replace(url, redact(url))
        password = urlparse(url).password if "://" in url else None
        if password:
            text = text.replace(password, "***")
    return text


def check_sqlite_source(url: str) -> None:
    """A SQLite source must be an existing, non-empty SQLite file: a mistyped path must not
    become a new empty database that is then copied as 'copied 0 rows'."""
    path = sqlite_path(url)
    if path == ":memory:" or not path:
        raise CopyError("the source is an in-memory database: it holds nothing to copy")
    file = Path(path)
    if not file.is_file():
        raise CopyError(f"the source {path} does not exist (nothing was created or copied)")
    with file.open("rb") as handle:
        header = handle.read(len(SQLITE_HEADER))
    if header != SQLITE_HEADER:
        raise CopyError(f"the source {path} is not a SQLite database" + (" (it is empty)" if not header else ""))


def check_target(url: str) -> None:
    if check_url(url) == "sqlite" and sqlite_path(url) in (":memory:", ""):
        raise CopyError("the target is an in-memory database: the copy would vanish when this command ends")


async def check_source_has_tables(url: str) -> None:
    """The source must hold the bot's tables before it is opened as a store (which migrates):
    an empty database is refused, never migrated and copied as nothing."""
    db = await open_database(url)
    try:
        if db.dialect == "sqlite":
            found = await db.fetch("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'game_tables'")
        else:
            found = await db.fetch("SELECT table_name FROM information_schema.tables "
                                   "WHERE table_name = 'game_tables' AND table_schema = current_schema()")
    finally:
        await db.close()
    if not found:
        raise CopyError(f"the source {redact(url)} holds no bot tables: check its address")


async def copy_database(source_url: str, target_url: str, report=print) -> dict[str, int]:
    if source_url == target_url:
        raise CopyError("the source and the target are the same database")
    if check_url(source_url) == "sqlite":
        check_sqlite_source(source_url)
    check_target(target_url)
    await check_source_has_tables(source_url)
    source = await open_store(source_url)
    try:
        target = await open_store(target_url)
        try:
            return await copy_store(source, target, report)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m persistence.copy",
                                 description="Copy every table, log, result and setting to another (empty) database.")
    ap.add_argument("source", help="e.g. sqlite:///data/bot.sqlite3")
    ap.add_argument("target", help="e.g. postgresql://user@host:5432/bot")
    args = ap.parse_args(argv)
    try:
        counts = asyncio.run(copy_database(args.source, args.target))
    except (CopyError, ValueError, OSError) as error:
        print(without_secrets(f"copy failed: {error}", args.source, args.target), file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - a database refused: say so in one line
        print(without_secrets(f"copy failed: {type(error).__name__}: {error}", args.source, args.target),
              file=sys.stderr)
        return 1
    print(f"copied {sum(counts.values())} rows from {redact(args.source)} to {redact(args.target)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
