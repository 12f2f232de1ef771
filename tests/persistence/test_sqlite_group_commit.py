"""SQLite group commit: transactions queued behind each other share one COMMIT, each is
rolled back alone when it fails, and every caller returns only once its work is committed
(another connection sees it)."""
from __future__ import annotations

import asyncio
import threading

import pytest
from records import new_table

from persistence import Conflict, StoreError, open_store, sqlite


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


class HeldGroups:
    """Hold each of the first `held` groups on the database thread until the test lets it go,
    so a cancellation arrives while SQLite is carrying the group out. The test waits for
    events, never for a guessed number of milliseconds, so a loaded machine changes nothing."""

    def __init__(self, db, held: int):
        self.entered = [threading.Event() for _ in range(held)]
        self.release = [threading.Event() for _ in range(held)]
        self.sizes: list[int] = []
        real = db._group

        def held_group(units):
            index = len(self.sizes)
            self.sizes.append(len(units))
            if index < held:
                self.entered[index].set()
                assert self.release[index].wait(timeout=10), "the test never released the group"
            return real(units)

        db._group = held_group

    async def on_thread(self, index: int) -> None:
        """Wait until group `index` is on the database thread."""
        assert await asyncio.to_thread(self.entered[index].wait, 10), f"group {index} never started"


async def test_a_caller_cancelled_while_its_group_runs_does_not_strand_the_others(two_stores):
    writer, reader = two_stores
    groups = HeldGroups(writer.db, held=2)
    first = asyncio.create_task(writer.tables.create(new_table(channel_id=1)))
    await groups.on_thread(0)
    second = asyncio.create_task(writer.tables.create(new_table(channel_id=2)))  # queued behind it
    third = asyncio.create_task(writer.tables.create(new_table(channel_id=3)))
    await asyncio.sleep(0)  # both are queued
    groups.release[0].set()
    await groups.on_thread(1)  # the second group (2 and 3) is on the thread now
    assert groups.sizes == [1, 2]
    second.cancel()
    groups.release[1].set()
    created = await asyncio.wait_for(first, timeout=5)
    assert await reader.tables.get(created.id) is not None
    assert (await asyncio.wait_for(third, timeout=5)).channel_id == 3
    # the cancelled caller's work was already being committed: all of it is there, once
    assert sorted(t.channel_id for t in await reader.tables.all_open()) == [1, 2, 3]


async def test_a_caller_cancelled_before_its_turn_changes_nothing(two_stores):
    writer, reader = two_stores
    groups = HeldGroups(writer.db, held=1)
    first = asyncio.create_task(writer.tables.create(new_table(channel_id=1)))
    await groups.on_thread(0)
    queued = asyncio.create_task(writer.tables.create(new_table(channel_id=2)))
    await asyncio.sleep(0)
    queued.cancel()
    with pytest.raises(asyncio.CancelledError):
        await queued
    groups.release[0].set()
    await asyncio.wait_for(first, timeout=5)
    table = await asyncio.wait_for(writer.tables.create(new_table(channel_id=3)), timeout=5)
    await asyncio.wait_for(writer.tables.set_board_message(table.id, 5, 1.0), timeout=5)
    seen = await reader.tables.get(table.id)  # committed, so another connection sees it
    assert seen is not None and seen.board_message_id == 5
    assert sorted(t.channel_id for t in await reader.tables.all_open()) == [1, 3]


async def test_a_group_is_one_hop_to_the_database_thread(two_stores):
    """A transaction's statements run together on the thread: the event loop hands over
    one unit per transaction, not one per statement."""
    writer, _ = two_stores
    hops = []
    real = writer.db._hop

    async def counted(fn, *args):
        hops.append(getattr(fn, "__name__", "?"))
        return await real(fn, *args)

    writer.db._hop = counted
    table = await writer.tables.create(new_table(channel_id=1, players=("u1", "u2", "u3")))
    assert hops == ["_group"]
    hops.clear()
    await writer.tables.save(table.model_copy(update={"host": "u2"}), expected_rev=0, before=table)
    assert hops == ["_group"]


async def test_work_after_sqlite_dropped_the_group_is_committed_on_its_own(two_stores):
    """SQLite itself rolls a whole transaction back on some errors (disk full, I/O, here an
    INSERT OR ROLLBACK): the group's earlier units are lost and told so, but a transaction
    queued after it starts afresh and is reported committed only when it is."""
    writer, reader = two_stores
    existing = await writer.tables.create(new_table(channel_id=1))
    outcomes: dict[str, object] = {}

    async def run(name, coro):
        try:
            outcomes[name] = await coro
        except Exception as error:  # noqa: BLE001 - recorded for the assertions
            outcomes[name] = error

    doomed = asyncio.create_task(run("doomed", writer.tables.create(new_table(channel_id=2))))
    await asyncio.sleep(0)
    dropper = asyncio.create_task(run("dropper", writer.db.execute(
        "INSERT OR ROLLBACK INTO game_tables (id, guild_id, channel_id, game, status, host, options, version, "
        "lobby_version, rev, settings, auto_played, created_at, updated_at) "
        "SELECT id, guild_id, channel_id, game, status, host, options, version, lobby_version, rev, settings, "
        "auto_played, created_at, updated_at FROM game_tables WHERE id = $1", existing.id)))
    later = asyncio.create_task(run("later", writer.tables.create(new_table(channel_id=3))))
    await asyncio.wait_for(asyncio.gather(doomed, dropper, later), timeout=5)
    assert isinstance(outcomes["dropper"], Conflict)
    channels = sorted(t.channel_id for t in await reader.tables.all_open())
    assert isinstance(outcomes["doomed"], StoreError) == (2 not in channels), "told the truth about channel 2"
    assert not isinstance(outcomes["later"], BaseException), f"later failed: {outcomes['later']!r}"
    assert 3 in channels


async def test_the_log_is_checkpointed_in_the_background_and_stays_bounded(tmp_path, monkeypatch):
    """Checkpoints run beside the commits (after a group commit, unless one still runs), the log never grows far
    past the writer's own limit, and every committed row is there after a reopen."""
    monkeypatch.setattr(sqlite, "WRITER_AUTOCHECKPOINT_PAGES", 400)
    url = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    store = await open_store(url)
    try:
        for channel in range(120):
            await store.tables.create(new_table(channel_id=channel))
        checkpointer = store.db._checkpointer
        assert checkpointer.checkpoints >= 5  # one at a time: some commits find the last one still running
        checkpointer.wait()  # else this test's own checkpoint finds it running (busy)
        busy, log_frames, _ = (await store.db.fetch("PRAGMA wal_checkpoint(PASSIVE)"))[0].values()
        assert busy == 0 and log_frames < 400 + 50
    finally:
        await store.close()
    store = await open_store(url)
    try:
        assert len(await store.tables.all_open()) == 120
    finally:
        await store.close()
