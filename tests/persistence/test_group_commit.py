"""Group commit on PostgreSQL (persistence/group_commit.py): moves that come while others are in
flight share one round trip and one commit, and each is written exactly as if it had gone alone:
a lost race in a batch fails that move only, and a batch whose connection drops is sent move by
move, never writing a move twice. The coalescing itself is checked without a database too."""
from __future__ import annotations

import asyncio

import pytest
from postgres_marks import needs_postgres
from records import T0, entry, new_table, running

from persistence import StaleWrite, open_store
from persistence.db import Statement
from persistence.group_commit import GroupCommit
from persistence.testing import isolated_url


@pytest.fixture
async def pg(tmp_path):
    async with isolated_url("postgres", tmp_path) as url:
        store = await open_store(url + "&pool_size=4")
        yield store
        await store.close()


async def _tables(store, n: int):
    tables = []
    for channel in range(100, 100 + n):
        table = await store.tables.create(new_table(channel_id=channel, players=("u1", "u2")))
        tables.append(await store.tables.save(running(table), expected_rev=0))
    return tables


def _move(table, state: str):
    return running(table, 1, state).model_copy(update={"log_seq": 1, "updated_at": T0 + 1})


async def _commit(store, table, state: str):
    return await store.append_action(_move(table, state), entry(1), expected_version=0, expected_rev=table.rev,
                                     before=table)


@needs_postgres
async def test_moves_that_come_together_share_round_trips_and_each_is_written_once(pg):
    tables = await _tables(pg, 12)
    trips = pg.db.round_trips
    saved = await asyncio.gather(*(_commit(pg, t, f'{{"t": {t.id}}}') for t in tables))
    assert [s.version for s in saved] == [1] * 12
    assert pg.db.moves.batches >= 1 and pg.db.moves.batched >= 2
    assert pg.db.round_trips - trips < 12                      # fewer round trips than moves
    for t in tables:
        stored = await pg.tables.get(t.id)
        assert (stored.version, stored.rev, stored.state_json) == (1, t.rev + 1, f'{{"t": {t.id}}}')
        assert [e.seq for e in await pg.actions.list(t.id)] == [1]


@needs_postgres
async def test_a_lost_race_in_a_batch_fails_that_move_only(pg):
    tables = await _tables(pg, 6)
    first = tables[0]
    # the other tables' moves go first and take the places in flight: the racing two wait, in one batch
    results = await asyncio.gather(*(_commit(pg, t, '{"who": "x"}') for t in tables[1:]),
                                   _commit(pg, first, '{"who": "a"}'), _commit(pg, first, '{"who": "b"}'),
                                   return_exceptions=True)
    others, racing = results[:-2], results[-2:]
    assert sum(isinstance(r, StaleWrite) for r in racing) == 1
    winner = next(r for r in racing if not isinstance(r, BaseException))
    assert (await pg.tables.get(first.id)).state_json == winner.state_json
    assert len(await pg.actions.list(first.id)) == 1
    assert all(not isinstance(r, BaseException) and r.version == 1 for r in others)
    assert pg.db.moves.batches >= 1                          # the halves without the race went together


@needs_postgres
async def test_a_batch_whose_connection_drops_is_sent_move_by_move_once(pg, monkeypatch):
    import asyncpg

    async def dropped(statements):
        raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation")

    monkeypatch.setattr(pg.db.moves, "_batch", dropped)
    tables = await _tables(pg, 8)
    saved = await asyncio.gather(*(_commit(pg, t, '{"v": 1}') for t in tables))
    assert [s.version for s in saved] == [1] * 8 and pg.db.moves.batches == 0
    for t in tables:
        assert len(await pg.actions.list(t.id)) == 1


@pytest.mark.parametrize("limit", [1, 2])
async def test_group_commit_keeps_to_its_limit_and_answers_each_move_its_own(limit):
    in_flight, most, sent = 0, 0, []

    async def single(s: Statement):
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        if s.args[1] == "bad":
            raise StaleWrite(f"move {s.args[0]}")
        sent.append([s.args[0]])
        return [{"code": s.args[0]}]

    async def batch(statements: list[Statement]):
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        if any(s.args[1] == "bad" for s in statements):
            raise StaleWrite("one of them")
        sent.append([s.args[0] for s in statements])
        return [[{"code": s.args[0]}] for s in statements]

    group = GroupCommit(single, batch, limit)
    moves = [Statement("move", (n, "bad" if n == 7 else "ok"), "fetch") for n in range(20, 0, -1)]
    answers = await asyncio.gather(*(group.submit(m) for m in moves), return_exceptions=True)
    for m, answer in zip(moves, answers, strict=True):
        if m.args[1] == "bad":
            assert isinstance(answer, StaleWrite)
        else:
            assert answer == [{"code": m.args[0]}]
    assert most <= limit
    assert sorted(n for group_sent in sent for n in group_sent) == sorted(n for n in range(1, 21) if n != 7)
    assert any(len(g) > 1 for g in sent) and all(g == sorted(g) for g in sent)   # batches, in table order


async def test_moves_waiting_on_a_batch_that_is_cancelled_are_cancelled_not_left_waiting():
    started = asyncio.Event()

    async def single(s: Statement):
        started.set()
        await asyncio.sleep(0.05)
        return [{"code": 0}]

    async def batch(statements: list[Statement]):
        await asyncio.sleep(10)
        return [[{"code": 0}] for _ in statements]

    group = GroupCommit(single, batch, 1)
    first = asyncio.ensure_future(group.submit(Statement("move", (1,), "fetch")))
    await started.wait()
    waiting = [asyncio.ensure_future(group.submit(Statement("move", (n,), "fetch"))) for n in (2, 3)]
    await first                                   # its place frees: the two go as one batch
    await asyncio.sleep(0.01)
    for task in list(group._sending):
        task.cancel()
    done, pending = await asyncio.wait(waiting, timeout=1)
    assert not pending and all(t.cancelled() for t in done)
