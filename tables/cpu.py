"""Computer moves off the event loop.

A search thinks for up to a second of CPU; run on the event loop it would freeze every other
table and every button. `CpuRunner` sends it to a pool of worker processes (the state travels
as JSON) and awaits the answer, so the loop keeps serving others meanwhile. The random level
is instant and runs inline. Workers run at a lower OS priority than the bot (`search_worker`):
on a machine with fewer free cores than searches, people's clicks are served first.

The runner counts what it did (`CpuStats`): decisions, search iterations, the workers' CPU
time and how many decisions wait or think now, for the load bench and operators.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import time
from collections import deque
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.kit import Game, ai, ismcts

from .search_worker import start_search_worker

DEFAULT_BUDGET_S = 0.9  # thinking time per move; with the pool's hand-off the move is ready within 1 s
# A hint is a search like a computer's move and shares the workers, after the computers' own
# moves: the queue serves a higher priority first (a hint waits while computers think).
PRIORITY_HINT = 1


def _choose(game_key: str, state_json: str, player: str, level: str, seed: int, budget_s: float,
            iterations: int | None) -> tuple[str, list[str], int, float, float]:
    """In a worker: the agent's answer (module level, so a process pool can call it), with the
    search iterations, the CPU seconds it took and when the worker took it up (wall clock)."""
    started = time.time()
    game = registry.get(game_key)
    done, cpu = ismcts.iterations_done, time.process_time()
    prompt_id, choice = ai.choose(game, game.load_state(state_json), player, level=level, seed=seed,
                                  budget_s=budget_s, iterations=iterations)
    return prompt_id, choice, ismcts.iterations_done - done, time.process_time() - cpu, started


def _advise(game_key: str, state_json: str, player: str, seed: int, budget_s: float,
            iterations: int | None) -> tuple[ai.Advice, int, float]:
    """In a worker: the strong player's answer for a person's hint, with the root statistics
    of its search (`ai.advise`), the search iterations and the CPU seconds it took."""
    game = registry.get(game_key)
    done, cpu = ismcts.iterations_done, time.process_time()
    advice = ai.advise(game, game.load_state(state_json), player, seed=seed, budget_s=budget_s, iterations=iterations)
    return advice, ismcts.iterations_done - done, time.process_time() - cpu


_shared_pool: ProcessPoolExecutor | None = None
_pool_workers: int | None = None  # SEARCH_WORKERS; None: one per core


def configure_pool(workers: int | None) -> None:
    """How many search worker processes the shared pool starts (before its first use)."""
    global _pool_workers
    if workers is not None and workers < 1:
        raise ValueError("a pool needs at least one worker")
    _pool_workers = workers


def pool_workers() -> int:
    return _pool_workers or max(1, os.cpu_count() or 1)


def shared_pool() -> ProcessPoolExecutor:
    """One pool of worker processes per bot process (started on first use). Workers are
    spawned, not forked: the bot's threads (database drivers) must not be copied mid-lock.
    Each worker collects garbage as the bot does, runs at a lower priority than the bot and
    exits when the bot dies, even by kill -9 (`search_worker`)."""
    global _shared_pool
    if _shared_pool is None:
        _shared_pool = ProcessPoolExecutor(pool_workers(), mp_context=multiprocessing.get_context("spawn"),
                                           initializer=start_search_worker, initargs=(os.getpid(),))
    return _shared_pool


RECENT_WAITS = 2000  # queue waits kept for the operator's figures


@dataclass
class CpuStats:
    """What a runner did so far. `waiting`: decisions asked for and not answered yet (queued
    for a worker or thinking); `most_waiting`: the most at once; `waits`: (when answered, how
    long the decision waited for a worker), the latest `RECENT_WAITS`."""

    decisions: int = 0
    iterations: int = 0
    cpu_s: float = 0.0
    waiting: int = 0
    most_waiting: int = 0
    waits: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=RECENT_WAITS))

    def recent(self, since: float) -> QueueFigures:
        """The queue as operators read it: decisions answered since `since`, waiting now, and
        the median and 95th percentile of their waits for a worker."""
        waits = sorted(w for at, w in self.waits if at >= since)
        p95 = waits[min(len(waits) - 1, int(0.95 * len(waits)))] if waits else 0.0
        return QueueFigures(answered=len(waits), waiting=self.waiting, most_waiting=self.most_waiting,
                            wait_p50_s=statistics.median(waits) if waits else 0.0, wait_p95_s=p95)


@dataclass(frozen=True)
class QueueFigures:
    answered: int
    waiting: int
    most_waiting: int
    wait_p50_s: float
    wait_p95_s: float


class CpuRunner:
    """Chooses computer moves: `budget_s` per decision, or a fixed `iterations` count
    (deterministic, for tests); `executor` defaults to the shared process pool. `inline`
    thinks on the event loop itself: only for tests with a tiny iteration count."""

    def __init__(self, budget_s: float = DEFAULT_BUDGET_S, iterations: int | None = None,
                 executor: Executor | None = None, inline: bool = False):
        self.budget_s = budget_s
        self.iterations = iterations
        self.executor = executor
        self.inline = inline
        self.stats = CpuStats()

    async def choose(self, game: Game, state: Any, player: str, level: str, seed: int) -> tuple[str, list[str]]:
        stats = self.stats
        if level == "random" or self.inline:
            done, cpu = ismcts.iterations_done, time.process_time()
            answer = ai.choose(game, state, player, level=level, seed=seed, budget_s=self.budget_s,
                               iterations=self.iterations)
            self._count(ismcts.iterations_done - done, time.process_time() - cpu)
            return answer
        loop = asyncio.get_running_loop()
        stats.waiting += 1
        stats.most_waiting = max(stats.most_waiting, stats.waiting)
        asked = time.time()
        try:
            prompt_id, choice, iterations, cpu_s, started = await loop.run_in_executor(
                self.executor or shared_pool(), _choose, game.key, state.model_dump_json(), player, level, seed,
                self.budget_s, self.iterations)
        finally:
            stats.waiting -= 1
        stats.waits.append((time.time(), max(0.0, started - asked)))
        self._count(iterations, cpu_s)
        return prompt_id, choice

    async def hint(self, game: Game, state: Any, player: str, seed: int, *, table_id: int | None = None,
                   priority: int = PRIORITY_HINT) -> ai.Advice:
        """The strong player's answer for `player` with why (a person's 💡 Hint), thought out in
        the same workers as computer moves, at `priority` (below the computers' moves), never
        on the event loop unless the runner is `inline` (tests). `table_id` names the table
        whose queue the hint joins."""
        if self.inline:
            return ai.advise(game, state, player, seed=seed, budget_s=self.budget_s, iterations=self.iterations)
        loop = asyncio.get_running_loop()
        advice, iterations, cpu_s = await loop.run_in_executor(
            self.executor or shared_pool(), _advise, game.key, state.model_dump_json(), player, seed,
            self.budget_s, self.iterations)
        self.stats.iterations += iterations
        self.stats.cpu_s += cpu_s
        return advice

    def _count(self, iterations: int, cpu_s: float) -> None:
        self.stats.decisions += 1
        self.stats.iterations += iterations
        self.stats.cpu_s += cpu_s


def default_runner() -> CpuRunner:
    """The runner a service uses when given none (tests swap in a quicker one)."""
    return CpuRunner()
