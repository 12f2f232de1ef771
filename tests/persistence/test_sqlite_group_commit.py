"""SQLite group commit: transactions queued behind each other share one COMMIT, each is
rolled back alone when it fails, and every caller returns only once its work is committed
(another connection sees it)."""
from __future__ import annotations

import asyncio

import pytest
from records import new_table

from persistence import Conflict, open_store


@pytest.fixture
async def two_stores(tmp_path):
    url = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    writer, reader = await open_store(url), await open_store(url)
    yield writer, reader
    await writer.close()
    await reader.close()


async def test_queued_transactions_share_commits_and_are_visible_when_they_return(two_stores):
    writer, reader = two_stores
    before = writer.db.commits
    seen_by_other_connection = []

    async def create(channel: int) -> None:
        table = await writer.tables.create(new_table(channel_id=channel))
        seen_by_other_connection.append(await reader.tables.get(table.id) is not None)

    await asyncio.gather(*(create(c) for c in range(40)))
    assert all(seen_by_other_connection) and len(seen_by_other_connection) == 40
    assert 1 <= writer.db.commits - before < 40
    assert len(await reader.tables.all_open()) == 40


async def test_a_failing_transaction_in_a_group_leaves_the_others_committed(two_stores):
    writer, reader = two_stores
    await writer.tables.create(new_table(channel_id=1))

    async def create(channel: int):
        try:
            return await writer.tables.create(new_table(channel_id=channel, host=f"h{channel}"))
        except Conflict:
            return None

    results = await asyncio.gather(*(create(c) for c in [2, 1, 3, 1, 4]))
    assert [r is not None for r in results] == [True, False, True, False, True]
    assert sorted(t.channel_id for t in await reader.tables.all_open()) == [1, 2, 3, 4]
    # the failed ones left no seats behind
    rows = await reader.db.fetch("SELECT COUNT(*) AS n FROM seats")
    assert rows[0]["n"] == 4


async def test_a_cancelled_caller_does_not_strand_the_group(two_stores):
    writer, reader = two_stores
    tasks = [asyncio.create_task(writer.tables.create(new_table(channel_id=c))) for c in range(10)]
    await asyncio.sleep(0)
    tasks[5].cancel()
    done = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), timeout=10)
    created = [t for t in done if not isinstance(t, BaseException)]
    assert len(created) >= 9
    assert len(await reader.tables.all_open()) == len(created)


async def test_a_single_write_outside_a_transaction_is_durable_when_it_returns(two_stores):
    writer, reader = two_stores
    table = await writer.tables.create(new_table(channel_id=9))

    async def busy(channel):
        await writer.tables.create(new_table(channel_id=channel))

    await asyncio.gather(busy(10), writer.tables.set_board_message(table.id, 77, 1.0), busy(11))
    assert (await reader.tables.get(table.id)).board_message_id == 77
