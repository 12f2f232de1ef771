"""`python -m persistence.copy SOURCE TARGET`: a SQLite database copied to PostgreSQL (and back
to a new SQLite file) keeps every table, seat, log entry, snapshot, result, stat, setting,
preference, timer and pending notice, and the bot carries on there."""
from __future__ import annotations

import os
import subprocess
import sys

from postgres_marks import needs_postgres

from games.kit import Rng
from games.kit.playout import random_choice
from persistence import open_store
from persistence.copy import TABLES, column_types, convert
from persistence.testing import FakeClock, isolated_url
from tables import TableService


async def a_busy_database(url: str) -> None:
    """Finished and running games, a lobby, settings, preferences, timers and an undelivered notice."""
    clock = FakeClock()
    store = await open_store(url)
    svc = TableService(store, clock=clock, snapshot_every=5, max_open_tables_per_user=10)
    await svc.update_guild_settings(1, lang="ja", turn_limit_s=3600, quiet_start=22, quiet_end=7)
    await svc.update_user_prefs("u1", lang="ja", notify_dm=True)
    rng = Rng(seed=9)
    for n, stop in enumerate([None, None, 7]):  # two finished games, one running
        table = await svc.open_lobby(1, 100 + n, "u1", "Ann", "sutosute")
        await svc.join(table.id, "u2", "Bob")
        table = (await svc.start(table.id, "u1", seed=n)).table
        moves = 0
        while table.status == "running" and (stop is None or moves < stop):
            clock.advance(30)
            owed = [p for s in table.seats for p in await svc.prompts_for(table.id, s.user_id)]
            prompt = owed[0]
            table = (await svc.act(table.id, prompt.player, table.version, prompt.id,
                                   random_choice(prompt, rng))).table
            moves += 1
    await svc.open_lobby(None, 999, "u3", "Cy", "fort-of-gold")  # a lobby outside a server, with its timer
    await store.close()


async def rows_of(url: str) -> dict[str, list[dict]]:
    """Every row of every table, values in plain Python types, in key order."""
    store = await open_store(url)
    out = {}
    for table, key in TABLES.items():
        types = await column_types(store.db, table)
        rows = await store.db.fetch(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
        out[table] = [{c: convert(v, types[c]) for c, v in sorted(r.items())} for r in rows]
    await store.close()
    return out


def run_copy(source: str, target: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "persistence.copy", source, target], capture_output=True, text=True,
                          timeout=120, cwd=os.getcwd())


@needs_postgres
async def test_sqlite_to_postgres_and_back_keeps_every_row(tmp_path):
    source = f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    await a_busy_database(source)
    original = await rows_of(source)
    assert all(original[t] for t in ("game_tables", "seats", "actions", "snapshots", "guild_settings", "user_prefs",
                                     "results", "player_stats", "timers", "outbox")), "every table has rows to copy"
    async with isolated_url("postgres", tmp_path) as pg:
        done = run_copy(source, pg)
        assert done.returncode == 0, done.stderr
        assert "game_tables: 4 rows" in done.stdout
        assert await rows_of(pg) == original
        back = f"sqlite:///{tmp_path / 'back.sqlite3'}"
        assert run_copy(pg, back).returncode == 0
        assert await rows_of(back) == original

        # the bot carries on in PostgreSQL: stats read the same, new ids come after the copied ones
        store = await open_store(pg)
        svc = TableService(store, clock=FakeClock())
        old = await open_store(source)
        assert await svc.stats(1) == await TableService(old).stats(1)
        await old.close()
        table = await svc.open_lobby(1, 555, "u9", "Di", "sutosute")
        assert table.id > max(r["id"] for r in original["game_tables"])
        await store.close()


async def test_a_target_that_is_not_empty_is_refused_in_one_line(tmp_path):
    source = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    target = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    await a_busy_database(source)
    assert run_copy(source, target).returncode == 0
    again = run_copy(source, target)
    assert again.returncode == 2
    assert again.stderr.strip().count("\n") == 0 and "not empty" in again.stderr
    assert "Traceback" not in again.stderr


def _one_line_refusal(done: subprocess.CompletedProcess, words: str) -> None:
    assert done.returncode != 0, done.stdout
    assert done.stdout == "" and done.stderr.strip().count("\n") == 0, done.stderr
    assert words in done.stderr and "Traceback" not in done.stderr


def test_a_mistyped_source_is_refused_and_nothing_is_created(tmp_path):
    missing = tmp_path / "typo" / "bot.sqlite3"
    done = run_copy(f"sqlite:///{missing}", f"sqlite:///{tmp_path / 'new.sqlite3'}")
    _one_line_refusal(done, "does not exist")
    assert not missing.parent.exists() and not (tmp_path / "new.sqlite3").exists()


def test_an_empty_or_foreign_source_file_is_refused_and_left_as_it_was(tmp_path):
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    _one_line_refusal(run_copy(f"sqlite:///{empty}", f"sqlite:///{tmp_path / 'a.sqlite3'}"), "not a SQLite database")
    assert empty.read_bytes() == b""
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    _one_line_refusal(run_copy(f"sqlite:///{text}", f"sqlite:///{tmp_path / 'b.sqlite3'}"), "not a SQLite database")
    import sqlite3
    other = tmp_path / "other.sqlite3"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    _one_line_refusal(run_copy(f"sqlite:///{other}", f"sqlite:///{tmp_path / 'c.sqlite3'}"), "holds no bot tables")
    assert [r[0] for r in sqlite3.connect(other).execute("SELECT name FROM sqlite_master")] == ["t"]


async def test_an_in_memory_target_or_source_is_refused(tmp_path):
    source = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    await a_busy_database(source)
    _one_line_refusal(run_copy(source, "sqlite:///:memory:"), "in-memory")
    _one_line_refusal(run_copy("sqlite:///:memory:", f"sqlite:///{tmp_path / 'b.sqlite3'}"), "in-memory")


def test_a_password_is_never_printed(tmp_path):
    done = run_copy("postgresql://bot:hunter2secret@127.0.0.1:1/nowhere", f"sqlite:///{tmp_path / 'b.sqlite3'}")
    assert done.returncode != 0 and "hunter2secret" not in done.stdout + done.stderr
    assert done.stderr.strip().count("\n") == 0 and done.stderr.startswith("copy failed")


@needs_postgres
async def test_the_success_line_hides_the_password(tmp_path):
    from persistence.copy import redact
    assert redact("postgresql://bot:pw@db:5432/bot") == "postgresql://bot:***@db:5432/bot"
    source = f"sqlite:///{tmp_path / 'a.sqlite3'}"
    await a_busy_database(source)
    async with isolated_url("postgres", tmp_path) as pg:
        with_password = pg.replace("postgresql://postgres@", "postgresql://postgres:sekrit99@", 1)
        done = run_copy(source, with_password)  # trust auth ignores the password
        assert done.returncode == 0, done.stderr
        assert "sekrit99" not in done.stdout + done.stderr and "postgres:***@" in done.stdout
