"""The bot's side of remote search workers (SEARCH_QUEUE=postgres), in one process: a step that
is cancelled takes its job out of the queue, a decision a worker could not make becomes a random
legal move (the game goes on), answers arrive by polling when nobody listens, and a worker that
stops gives its job back for the next one at once."""
from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from postgres_marks import SKIP_REASON, needs_postgres
from svc_helpers import open_table

from games import registry
from games.kit import ai
from persistence import open_store
from persistence.search_jobs import SearchJobs
from persistence.testing import isolated_url, postgres_base_url
from tables import TableService, cpu
from tables.remote_search import JobLost, RemoteRunner, SearchWorker

pytestmark = needs_postgres


@pytest.fixture
async def pg(tmp_path):
    if postgres_base_url() is None:
        pytest.skip(SKIP_REASON)
    async with isolated_url("postgres", tmp_path) as url:
        store = await open_store(url)
        yield url, store
        await store.close()


async def open_jobs(store) -> list[dict]:
    return await store.db.fetch("SELECT id, attempt, worker, lease_until FROM search_jobs ORDER BY id")


async def until(predicate, seconds: float = 20.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if await predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("never happened")


def a_position(seed: int = 3):
    game = registry.get("sutosute")
    state = game.setup(["u1", "cpu:1"], game.Options(), seed)
    return game, state, game.prompts(state)[0].player


async def test_a_cancelled_decision_leaves_the_queue(pg):
    url, store = pg
    runner = await RemoteRunner.open(store.db, url, iterations=4)
    game, state, player = a_position()
    asking = asyncio.create_task(runner.choose(game, state, player, "strong", seed=1, table_id=7, priority=0))
    await until(lambda: _some(open_jobs(store)))
    asking.cancel()  # an undo or an admin's end while the computer thinks
    with pytest.raises(asyncio.CancelledError):
        await asking
    assert await open_jobs(store) == [], "no worker thinks about a decision nobody waits for"
    assert runner.stats.waiting == 0
    await runner.close()


async def _some(rows) -> bool:
    return bool(await rows)


async def test_a_decision_the_worker_could_not_make_becomes_a_random_move(pg, monkeypatch):
    url, store = pg

    def broken(*args):
        raise ValueError("no such game state")

    monkeypatch.setattr(cpu, "_choose", broken)
    runner = await RemoteRunner.open(store.db, url, iterations=4)
    worker = SearchWorker(SearchJobs(store.db), url, slots=1, executor=ThreadPoolExecutor(1))
    stop = asyncio.Event()
    serving = asyncio.create_task(worker.run(stop))
    svc = TableService(store, cpu_runner=runner)
    table = await open_table(svc, "sutosute", ["u1"], cpus=1)
    game = registry.get("sutosute")
    started = await svc.start(table.id, "u1", seed=3)
    for _ in range(10):  # the person moves until the computer owes a decision
        await svc.settle(table.id)
        if any(e.player == "cpu:1" for e in await store.actions.list(table.id)):
            break
        table = await svc.get(table.id)
        prompt = next(p for p in game.prompts(table.state(game)) if p.player == "u1")
        await svc.act(table.id, "u1", table.version, prompt.id, [o.key for o in prompt.options[:max(prompt.min, 1)]])
    assert any(e.player == "cpu:1" for e in await store.actions.list(table.id)), "the computer still moved"
    assert worker.answered >= 1 and runner.stats.decisions == 0, "the worker answered with its error"
    assert started.table.id == table.id and await open_jobs(store) == []
    stop.set()
    await serving
    await runner.close()


async def test_answers_arrive_by_polling_when_nobody_listens(pg):
    url, store = pg
    runner = RemoteRunner(SearchJobs(store.db), url=None, iterations=4, poll_s=0.2)  # no LISTEN connection
    worker = SearchWorker(SearchJobs(store.db), url=None, slots=1, executor=ThreadPoolExecutor(1), poll_s=0.2)
    stop = asyncio.Event()
    serving = asyncio.create_task(worker.run(stop))
    game, state, player = a_position()
    prompt_id, choice = await asyncio.wait_for(runner.choose(game, state, player, "strong", seed=1), 60)
    assert (prompt_id, choice) == cpu._choose(game.key, state.model_dump_json(), player, "strong", 1, None, 4, 60.0)[:2]
    assert runner.stats.decisions == 1 and runner.search_processes() == 1
    stop.set()
    await serving
    await runner.close()


async def test_a_hint_is_thought_out_by_a_worker_after_the_waiting_computer_moves(pg):
    """With SEARCH_QUEUE=postgres the bot keeps no search worker: a person's hint is a job too,
    queued after every computer move, and answers what `ai.advise` answers with its figures."""
    url, store = pg
    runner = RemoteRunner(SearchJobs(store.db), url=None, iterations=4, poll_s=0.1)
    game, state, player = a_position()
    hinting = asyncio.create_task(runner.hint(game, state, player, seed=1, table_id=1))
    moving = asyncio.create_task(runner.choose(game, state, player, "strong", seed=1, table_id=2))
    await until(lambda: _count_open(store, 2))
    order = [r["level"] for r in await store.db.fetch("SELECT level FROM search_jobs ORDER BY priority, id")]
    assert order == ["strong", "hint"], "the hint waits behind the computer's move"
    worker = SearchWorker(SearchJobs(store.db), url=None, slots=1, executor=ThreadPoolExecutor(1), poll_s=0.1)
    stop = asyncio.Event()
    serving = asyncio.create_task(worker.run(stop))
    advice = await asyncio.wait_for(hinting, 60)
    await asyncio.wait_for(moving, 60)
    expected = ai.advise(game, state, player, seed=1, iterations=4)
    assert (advice.prompt_id, advice.choice) == (expected.prompt_id, expected.choice)
    assert advice.simulations == expected.simulations and advice.share == expected.share
    stop.set()
    await serving
    await runner.close()


async def _count_open(store, n: int) -> bool:
    return len(await open_jobs(store)) >= n


async def test_a_job_that_left_the_table_unanswered_is_reported(pg):
    url, store = pg
    runner = RemoteRunner(SearchJobs(store.db), url=None, iterations=4, poll_s=0.05)
    game, state, player = a_position()
    asking = asyncio.create_task(runner.choose(game, state, player, "strong", seed=1))
    await until(lambda: _some(open_jobs(store)))
    await store.db.execute("DELETE FROM search_jobs")  # swept: as if this bot had stalled for a minute
    with pytest.raises(JobLost):
        await asyncio.wait_for(asking, 30)
    await runner.close()


async def test_a_stopping_worker_gives_its_job_back_for_the_next_one_at_once(pg):
    url, store = pg
    runner = RemoteRunner(SearchJobs(store.db), url=None, iterations=4, poll_s=0.05)
    game, state, player = a_position()
    asking = asyncio.create_task(runner.choose(game, state, player, "strong", seed=1))
    busy, gate = ThreadPoolExecutor(1), threading.Event()
    busy.submit(gate.wait)  # its one search thread is busy: the job it takes waits in its hands
    stopping = SearchWorker(SearchJobs(store.db), url=None, slots=1, lease_s=600, executor=busy, name="stopping")
    stop = asyncio.Event()
    serving = asyncio.create_task(stopping.run(stop))
    await until(lambda: _taken_by(store, "stopping"))
    stop.set()  # SIGTERM: the job goes back (its lease of ten minutes is not waited for)
    await serving
    gate.set()
    rows = await store.db.fetch("SELECT attempt, lease_until, answered_at FROM search_jobs")
    assert [tuple(r.values()) for r in rows] == [(1, None, None)], "given back unanswered"
    assert stopping.answered == 0
    nxt = SearchWorker(SearchJobs(store.db), url=None, slots=1, executor=ThreadPoolExecutor(1), name="next")
    stop = asyncio.Event()
    serving = asyncio.create_task(nxt.run(stop))
    assert await asyncio.wait_for(asking, 60)
    assert nxt.answered == 1
    stop.set()
    await serving
    await runner.close()


async def _taken_by(store, name: str) -> bool:
    return any(r["worker"] == name for r in await open_jobs(store))
