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
