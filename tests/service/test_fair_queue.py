"""The queue of computer decisions is fair: one table's backlog does not hold up another
table's decision, and a computer's move goes before a hint. The pool here is a stand-in whose
jobs run only when the test says, one worker, so the order in which the runner hands
decisions to the pool is what the test reads."""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor, Future

import pytest

from games import registry
from tables.cpu import HINT, MOVE, CpuRunner


class HeldPool(Executor):
    """Takes jobs and runs each only when `finish_next` is called (the real search, few
    iterations), noting the seed of every job in the order handed over."""

    def __init__(self):
        self.jobs: list[tuple] = []
        self.handed: list[int] = []

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        self.jobs.append((fn, args, future))
        self.handed.append(args[4])  # _choose(game, state, player, level, seed, ...)
        return future

    async def finish_next(self) -> int:
        """Run the oldest job that is handed over and not done; its seed."""
        for _ in range(100):  # let the runner hand over its next job
            pending = [job for job in self.jobs if not job[2].done()]
            if pending:
                break
            await asyncio.sleep(0)
        fn, args, future = pending[0]
        future.set_result(fn(*args))
        for _ in range(5):
            await asyncio.sleep(0)  # the answer reaches the runner, the worker goes to the next in line
        return args[4]


@pytest.fixture
def position():
    game = registry.get("sutosute")
    state = game.setup(["a", "b"], {}, seed=3)
    return game, state, game.prompts(state)[0].player


async def ask(runner, position, seed, table, priority=MOVE):
    game, state, player = position
    return await runner.choose(game, state, player, "strong", seed, table_id=table, priority=priority)


async def settle_loop():
    for _ in range(10):
        await asyncio.sleep(0)


async def test_a_later_decision_of_another_table_goes_before_a_busy_tables_backlog(position):
    pool = HeldPool()
    runner = CpuRunner(iterations=2, executor=pool, workers=1)
    backlog = [asyncio.create_task(ask(runner, position, seed, "A")) for seed in range(1, 7)]
    await settle_loop()
    other = asyncio.create_task(ask(runner, position, 100, "B"))
    await settle_loop()
    assert runner.stats.waiting == 7 and runner.queue.queued() == 6  # one thinks, six wait
    assert pool.handed == [1]
    finished = [await pool.finish_next() for _ in range(7)]
    assert finished == [1, 2, 100, 3, 4, 5, 6]  # B waited for one of A's decisions, not for all six
    await asyncio.gather(*backlog, other)
    assert other.result()[0] and runner.stats.decisions == 7 and runner.stats.waiting == 0


async def test_tables_take_turns_while_both_have_a_backlog(position):
    pool = HeldPool()
    runner = CpuRunner(iterations=2, executor=pool, workers=1)
    tasks = [asyncio.create_task(ask(runner, position, seed, "A")) for seed in (1, 2, 3)]
    await settle_loop()
    tasks += [asyncio.create_task(ask(runner, position, seed, "B")) for seed in (11, 12, 13)]
    await settle_loop()
    finished = [await pool.finish_next() for _ in range(6)]
    assert finished == [1, 2, 11, 3, 12, 13]
    await asyncio.gather(*tasks)


async def test_a_hint_waits_for_every_computer_move(position):
    pool = HeldPool()
    runner = CpuRunner(iterations=2, executor=pool, workers=1)
    busy = asyncio.create_task(ask(runner, position, 1, "A"))
    await settle_loop()
    hints = [asyncio.create_task(ask(runner, position, seed, "H", priority=HINT)) for seed in (50, 51)]
    await settle_loop()
    move = asyncio.create_task(ask(runner, position, 60, "M"))  # asked after the hints
    await settle_loop()
    assert runner.stats.waiting_by_priority == {MOVE: 2, HINT: 2}
    finished = [await pool.finish_next() for _ in range(4)]
    assert finished == [1, 60, 50, 51]
    await asyncio.gather(busy, move, *hints)


async def test_a_decision_dropped_while_queued_gives_its_place_to_the_next(position):
    pool = HeldPool()
    runner = CpuRunner(iterations=2, executor=pool, workers=1)
    first = asyncio.create_task(ask(runner, position, 1, "A"))
    await settle_loop()
    dropped = asyncio.create_task(ask(runner, position, 2, "A"))
    later = asyncio.create_task(ask(runner, position, 3, "B"))
    await settle_loop()
    dropped.cancel()  # the table's decision changed (a person moved): the search is not wanted
    await settle_loop()
    assert [await pool.finish_next() for _ in range(2)] == [1, 3]
    await asyncio.gather(first, later)
    assert dropped.cancelled() and runner.stats.waiting == 0 and runner.queue.busy == 0


async def test_two_workers_think_at_once_and_the_rest_wait(position):
    pool = HeldPool()
    runner = CpuRunner(iterations=2, executor=pool, workers=2)
    tasks = [asyncio.create_task(ask(runner, position, seed, "A")) for seed in (1, 2, 3)]
    await settle_loop()
    assert pool.handed == [1, 2] and runner.queue.queued() == 1
    assert [await pool.finish_next() for _ in range(3)] == [1, 2, 3]
    await asyncio.gather(*tasks)
