"""SQLite specifics: WAL and synchronous=FULL (durable commits), URLs, and a crash-like
close with an open transaction losing nothing that was committed."""
from __future__ import annotations

from records import new_table

from persistence import open_store
from persistence.db import postgres_dsn_and_schema, sqlite_path


async def test_wal_and_full_sync_are_on(tmp_path):
    store = await open_store(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    try:
        assert (await store.db.pragma("journal_mode")).lower() == "wal"
        assert await store.db.pragma("synchronous") == 2  # FULL
        assert await store.db.pragma("foreign_keys") == 1
    finally:
        await store.close()


async def test_a_relative_path_creates_its_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///data/bot.sqlite3")
    await store.tables.create(new_table())
    await store.close()
    assert (tmp_path / "data" / "bot.sqlite3").exists()


async def test_memory_database_works_for_quick_tests():
    store = await open_store("sqlite:///:memory:")
    assert (await store.tables.create(new_table())).id == 1
    await store.close()


def test_url_parsing():
    assert sqlite_path("sqlite:///:memory:") == ":memory:"
    assert sqlite_path("sqlite:///data/x.db") == "data/x.db"
    assert sqlite_path("sqlite:////abs/x.db") == "/abs/x.db"
    assert postgres_dsn_and_schema("postgresql://u@h:5432/db?schema=t_1") == ("postgresql://u@h:5432/db", "t_1")
    assert postgres_dsn_and_schema("postgresql://u@h/db") == ("postgresql://u@h/db", None)
