"""The outbox's claims, on SQLite and PostgreSQL: one owner per notice (two processes
never both post it), a stopped owner's claims go back, start-up reads every pending row in pages,
finished rows are purged after their retention, and a timer claim is all-or-nothing (the process
that lost any of a table's reminder timers tells none of them)."""
from __future__ import annotations

import asyncio

import pytest
from records import T0, new_table, running

from persistence import StaleWrite, open_store
from persistence.models import Timer
from persistence.repos import OutboxItem


def items(n: int, start: int = 0, table_id: int = 1) -> list[OutboxItem]:
    return [OutboxItem(f"n-{i}", table_id, 5, "{}", T0 + i) for i in range(start, start + n)]


async def test_a_notice_has_one_owner_until_its_lease_runs_out(store):
    await store.outbox.add(items(3))
    assert await store.outbox.claim(["n-0", "n-1"], "a", T0, 60) == ["n-0", "n-1"]
    assert await store.outbox.claim(["n-0", "n-1", "n-2"], "b", T0 + 10, 60) == ["n-2"], "a holds n-0 and n-1"
    assert await store.outbox.claim(["n-0"], "a", T0 + 20, 60) == ["n-0"], "the owner may claim again (a retry)"
    assert await store.outbox.claim(["n-1"], "b", T0 + 61, 60) == ["n-1"], "a lapsed lease (a dead owner) is taken"
    assert await store.outbox.finish(["n-1"], "a", "delivered", T0 + 62) == 0, "a lost claim is not finished"
    assert await store.outbox.finish(["n-1"], "b", "delivered", T0 + 62) == 1
    assert await store.outbox.claim(["n-1"], "b", T0 + 63, 60) == [], "a told notice is never claimed again"
    assert [i.notice_id for i in await store.outbox.pending()] == ["n-0", "n-2"]


async def test_claimable_leaves_out_held_rows_and_retries_not_yet_due(store):
    await store.outbox.add(items(4))
    await store.outbox.claim(["n-1"], "a", T0, 60)
    await store.outbox.claim(["n-2"], "a", T0, 60)
    await store.outbox.retry_later(["n-2"], "a", T0 + 100, "503")
    page = await store.outbox.claimable(T0 + 10)
    assert [r.item.notice_id for r in page] == ["n-0", "n-3"]
    assert [r.item.notice_id for r in await store.outbox.claimable(T0 + 100)] == ["n-0", "n-1", "n-2", "n-3"]
    assert await store.outbox.release("a") == 1, "a stopping owner gives its claims back"
    assert [r.item.notice_id for r in await store.outbox.claimable(T0 + 10, created_before=T0 + 1)] == ["n-0", "n-1"]


async def test_every_pending_row_is_read_in_pages(store):
    await store.outbox.add(items(730))
    seen, after = [], 0
    while page := await store.outbox.claimable(T0 + 1000, after_seq=after, limit=100):
        seen += [r.item.notice_id for r in page]
        after = page[-1].seq
    assert len(seen) == 730 and len(set(seen)) == 730, "more than the old 500-row cap, each once"


async def test_finished_rows_are_purged_after_their_retention_and_refusals_listed(store):
    await store.outbox.add(items(3))
    await store.outbox.claim(["n-0", "n-1", "n-2"], "a", T0, 60)
    await store.outbox.finish(["n-0"], "a", "delivered", T0 + 1)
    await store.outbox.finish(["n-1"], "a", "refused", T0 + 1, "403 50013: Missing Permissions")
    refused = await store.outbox.refused(5)
    assert [(r.item.notice_id, r.outcome, r.error) for r in refused] == [("n-1", "refused", "403 50013: Missing Permissions")]
    assert await store.outbox.purge(T0 + 2) == 2
    assert [r.item.notice_id for r in await store.outbox.rows(["n-0", "n-1", "n-2"])] == ["n-2"], "pending rows stay"


async def test_two_processes_claiming_the_same_notices_split_them(store_url):
    a, b = await open_store(store_url), await open_store(store_url)
    try:
        await a.outbox.add(items(200))
        ids = [f"n-{i}" for i in range(200)]
        got_a, got_b = await asyncio.gather(a.outbox.claim(ids, "a", T0, 60), b.outbox.claim(ids, "b", T0, 60))
        assert sorted(got_a + got_b) == sorted(ids), "every notice has exactly one owner"
    finally:
        await a.close()
        await b.close()


async def test_a_timer_claim_is_all_or_nothing(store):
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    first = await store.timers.add(Timer(table_id=table.id, kind="reminder", due_at=T0, seat="u1"))
    second = await store.timers.add(Timer(table_id=table.id, kind="reminder", due_at=T0, seat="u2"))
    assert await store.timers.claim(first.id)  # another process fired this one
    with pytest.raises(StaleWrite):
        await store.claim_timers([first.id, second.id], [], items(1))
    assert await store.outbox.pending() == [], "nothing is told for a claim that was lost"
    assert await store.claim_timers([second.id], [], items(1)) == [second.id]
    assert len(await store.outbox.pending()) == 1
