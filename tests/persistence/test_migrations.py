"""Numbered migrations: the version lives in the database, reopening is a no-op, a newer
database is refused, and the loader picks the right file per dialect."""
from __future__ import annotations

import pytest

from persistence import SchemaTooNew, open_database, open_store
from persistence.migrate import load_migrations, migrate, schema_version, split_statements


async def test_fresh_database_is_at_the_latest_version_and_reopening_changes_nothing(store_url):
    latest = load_migrations("sqlite")[-1].number
    store = await open_store(store_url)
    assert await schema_version(store.db) == latest
    rows = await store.db.fetch("SELECT version, name FROM schema_version ORDER BY version")
    assert [r["version"] for r in rows] == list(range(1, latest + 1))
    await store.close()
    again = await open_store(store_url)
    assert await again.db.fetchval("SELECT COUNT(*) AS n FROM schema_version") == latest
    await again.close()


async def test_a_database_newer_than_the_code_is_refused(store_url):
    store = await open_store(store_url)
    await store.db.execute("INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                           999, "from_the_future", 0.0)
    await store.close()
    with pytest.raises(SchemaTooNew) as err:
        await open_store(store_url)
    assert err.value.found == 999 and "newer" in str(err.value)


async def test_a_failing_migration_leaves_the_database_unchanged(store_url, tmp_path):
    (tmp_path / "0001_ok.sql").write_text("CREATE TABLE a (x INTEGER);\n")
    (tmp_path / "0002_broken.sql").write_text("CREATE TABLE b (x INTEGER);\nCREATE TABLE a (x INTEGER);\n")
    db = await open_database(store_url)
    try:
        with pytest.raises(Exception, match=r"(?i)exists"):  # sqlite3 or asyncpg error, never half applied
            await migrate(db, load_migrations(db.dialect, tmp_path))
        assert await schema_version(db) == 0
        (tmp_path / "0002_broken.sql").write_text("CREATE TABLE b (x INTEGER);\n")
        assert await migrate(db, load_migrations(db.dialect, tmp_path)) == 2
        await db.execute("INSERT INTO b (x) VALUES ($1)", 1)
    finally:
        await db.close()


def test_dialect_files_take_precedence_and_gaps_are_errors(tmp_path):
    (tmp_path / "0001_base.sql").write_text("CREATE TABLE t (id {{AUTO_ID}});")
    (tmp_path / "0002_x.sql").write_text("SELECT 1;")
    (tmp_path / "0002_x.postgres.sql").write_text("SELECT 2;")
    sqlite = load_migrations("sqlite", tmp_path)
    postgres = load_migrations("postgres", tmp_path)
    assert sqlite[1].statements == ("SELECT 1",) and postgres[1].statements == ("SELECT 2",)
    assert "AUTOINCREMENT" in sqlite[0].statements[0] and "IDENTITY" in postgres[0].statements[0]
    (tmp_path / "0004_gap.sql").write_text("SELECT 4;")
    with pytest.raises(ValueError, match="without gaps"):
        load_migrations("sqlite", tmp_path)


def test_statements_split_at_line_ends_and_comments_are_dropped():
    sql = "-- a comment; not a statement\nCREATE TABLE a (x TEXT DEFAULT 'a;b');\n\nCREATE INDEX i ON a (x);"
    assert split_statements(sql) == ["CREATE TABLE a (x TEXT DEFAULT 'a;b')", "CREATE INDEX i ON a (x)"]


def test_a_function_body_between_dollar_quotes_stays_one_statement():
    sql = ("CREATE FUNCTION f() RETURNS INTEGER LANGUAGE plpgsql AS $$\nBEGIN\n    RETURN 1;\nEND;\n$$;\n"
           "SELECT f();")
    assert split_statements(sql) == ["CREATE FUNCTION f() RETURNS INTEGER LANGUAGE plpgsql AS $$\nBEGIN\n"
                                     "    RETURN 1;\nEND;\n$$", "SELECT f()"]
