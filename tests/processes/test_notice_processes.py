"""Notices told once across real processes on one PostgreSQL database:

- two processes firing the same shard's timers (a rolling restart, overlapping SHARD_IDS): each
  reminder is told by the one process that claimed its timers, never also by the other;
- a new process starting while the old one is still posting: it does not read (and post again)
  the notices the old one holds; every pending notice is told exactly once.
"""
from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest
from test_two_processes import running_tables
from worker_process import WorkerProcess

from persistence import open_store

WORKER = str(Path(__file__).with_name("notice_worker.py"))


class NoticeWorker(WorkerProcess):
    script = WORKER


@pytest.fixture(params=["postgres", "sqlite"])
def either_url(request, tmp_path):
    """The audit saw reminders told twice on both backends (68 of 275 on PostgreSQL, 99 of ~200 on SQLite)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'bot.sqlite3'}"
    return request.getfixturevalue("pg_url")


async def test_overlapping_processes_tell_each_reminder_once(either_url):
    pg_url = either_url
    tables = await running_tables(pg_url, 60)
    store = await open_store(pg_url)
    rows = await store.db.fetch("SELECT table_id, due_at, data FROM timers WHERE kind = $1 AND fired = $2",
                                "reminder", False)
    first: dict[int, float] = {}
    for row in rows:
        first[row["table_id"]] = min(first.get(row["table_id"], row["due_at"]), row["due_at"])
    assert set(first) == set(tables), "every table has a reminder planned"
    now = max(first.values()) + 1  # every table's first reminder is due, no deadline has passed
    await store.close()
    workers = [await NoticeWorker.start("fire", pg_url, now=now, shard_count=1, shard_ids=[0]) for _ in range(2)]
    await asyncio.gather(*(w.go() for w in workers))
    told = [line for w in workers for line in await w.finish() if line.get("kind") == "reminder"]
    per_table = Counter(line["table"] for line in told)
    assert sorted(per_table) == sorted(tables), "every table's reminder was told"
    assert [t for t, n in per_table.items() if n > 1] == [], "no reminder was told by both processes"
    store = await open_store(pg_url)
    queued = await store.db.fetch("SELECT notice_id FROM outbox WHERE payload LIKE $1", '%"reminder"%')
    assert sorted(r["notice_id"] for r in queued) == sorted(line["told"] for line in told), \
        "what was told is what the outbox holds, once"
    await store.close()


async def test_a_process_starting_while_another_posts_does_not_post_its_notices_again(pg_url):
    await running_tables(pg_url, 40)  # each start leaves its turn pings pending in the outbox
    store = await open_store(pg_url)
    pending = [r["notice_id"] for r in await store.db.fetch("SELECT notice_id FROM outbox WHERE delivered = $1", False)]
    await store.close()
    assert len(pending) >= 40
    old = await NoticeWorker.start("deliver", pg_url, seconds=2, post_s=0.5)
    await old.go()
    assert (await old.read()) is not None  # the old process is posting
    new = await NoticeWorker.start("deliver", pg_url, seconds=2, post_s=0.5)  # the rolling restart
    await new.go()
    told = [line["told"] for w in (old, new) for line in await w.finish() if "told" in line]
    assert sorted(told) == sorted(pending), "every pending notice told exactly once"
    store = await open_store(pg_url)
    assert await store.outbox.pending() == []
    await store.close()
