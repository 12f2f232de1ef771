"""Computer moves off the event loop, through a fair queue.

A search thinks for up to a second of CPU; run on the event loop it would freeze every other
table and every button. `CpuRunner` sends it to a pool of worker processes (the state travels
as JSON) and awaits the answer, so the loop keeps serving others meanwhile. The random level
is instant and runs inline. Workers run at a lower OS priority than the bot (`search_worker`):
on a machine with fewer free cores than searches, people's clicks are served first.

Strength does not depend on load: a decision searches the game and mode's iterations
(`search_budget`), so a busy machine makes the computer slower, never weaker. A wall ceiling
(`search_budget.CEILING_S`) still bounds one search; a search cut short by it is counted.

Fairness: the pool's own queue is first come, first served, so one table with many computer
seats (or many hints asked at once) would make every other table wait behind its backlog.
`FairQueue` hands the pool's workers out instead: higher priorities first (`MOVE`, then
`HINT`), and within a priority table by table in turn, each table's own decisions in order.

The runner counts what it did (`CpuStats`): decisions, search iterations, the workers' CPU
time, searches cut short and how many decisions wait or think now, for the load bench and
operators.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import statistics
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, MutableMapping
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from games import registry
from games.kit import Game, ai, ismcts

from . import search_budget
from .search_worker import start_search_worker

MOVE = 0  # a computer seat's move: a game waits for it
HINT = 1  # advice a person asked for: after every waiting move
PRIORITIES = (MOVE, HINT)
PRIORITY_HINT = HINT  # the name hints use


def _choose(game_key: str, state_json: str, player: str, level: str, seed: int, budget_s: float | None,
            iterations: int | None, ceiling_s: float, asked: float | None = None
            ) -> tuple[str, list[str], int, float, float, bool]:
    """In a worker: the agent's answer (module level, so a process pool can call it), with the
    search iterations, the CPU seconds it took, when the worker took it up (wall clock) and
    whether the wall ceiling cut the search short. `budget_s`: think that long (wall) instead
    of searching the game's iterations; `iterations` None: the game and mode's default. The
    ceiling counts from `asked` (when the table asked, wall clock): time spent in the queue is
    taken from the search, down to `search_budget.MIN_THINK_S`."""
    def think(game: Game, state: Any, budget: float, its: int | None) -> tuple[str, list[str]]:
        return ai.choose(game, state, player, level=level, seed=seed, budget_s=budget, iterations=its)

    (prompt_id, choice), *figures = _search(think, game_key, state_json, budget_s, iterations, ceiling_s, asked)
    return (prompt_id, choice, *figures)


def _advise(game_key: str, state_json: str, player: str, seed: int, budget_s: float | None,
            iterations: int | None, ceiling_s: float, asked: float | None = None
            ) -> tuple[ai.Advice, int, float, float, bool]:
    """In a worker: the strong player's answer for a person's hint, with the root statistics
    of its search (`ai.advise`), searched as `_choose` searches a computer's move, and the same
    figures as `_choose` returns."""
    def think(game: Game, state: Any, budget: float, its: int | None) -> ai.Advice:
        return ai.advise(game, state, player, seed=seed, budget_s=budget, iterations=its)

    return _search(think, game_key, state_json, budget_s, iterations, ceiling_s, asked)


def _search(think: Any, game_key: str, state_json: str, budget_s: float | None, iterations: int | None,
            ceiling_s: float, asked: float | None) -> tuple[Any, int, float, float, bool]:
    """One search in a worker, as `_choose` describes: the budget resolved (the game and mode's
    iterations unless a wall `budget_s` or `iterations` is given, the ceiling less the time
    queued), then `think(game, state, budget, iterations)` and its figures."""
    started = time.time()
    game = registry.get(game_key)
    state = game.load_state(state_json)
    if budget_s is None and iterations is None:
        iterations = search_budget.iterations_for(state)
    ceiling = search_budget.ceiling_left(ceiling_s, started - asked if asked is not None else 0.0)
    done, cut, cpu = ismcts.iterations_done, ismcts.searches_cut_short, time.process_time()
    answer = think(game, state, budget_s if iterations is None else ceiling, iterations)
    return (answer, ismcts.iterations_done - done, time.process_time() - cpu, started,
            ismcts.searches_cut_short > cut)


_shared_pool: ProcessPoolExecutor | None = None
_pool_workers: int | None = None  # SEARCH_WORKERS; None: one per core
_ceiling_s: float = search_budget.CEILING_S  # SEARCH_CEILING_S


def configure_pool(workers: int | None, ceiling_s: float | None = None) -> None:
    """How many search worker processes the shared pool starts (before its first use), and
    the wall ceiling of one search for runners made afterwards (None: `CEILING_S`)."""
    global _pool_workers, _ceiling_s
    if workers is not None and workers < 1:
        raise ValueError("a pool needs at least one worker")
    if ceiling_s is not None and ceiling_s <= 0:
        raise ValueError("a search needs some time")
    _pool_workers = workers
    _ceiling_s = ceiling_s or search_budget.CEILING_S


def pool_workers() -> int:
    return _pool_workers or max(1, os.cpu_count() or 1)


def ceiling_s() -> float:
    """The configured wall ceiling of one search (SEARCH_CEILING_S)."""
    return _ceiling_s


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
    for a worker or thinking), and by priority `waiting_by_priority`; `most_waiting`: the most
    at once; `waits`: (when answered, how long the decision waited for a worker), the latest
    `RECENT_WAITS`; `cut_short`: when searches stopped at the wall ceiling before doing their
    iterations (they played weaker than the budget: the machine needs more cores)."""

    decisions: int = 0
    iterations: int = 0
    cpu_s: float = 0.0
    waiting: int = 0
    most_waiting: int = 0
    waiting_by_priority: dict[int, int] = field(default_factory=dict)
    waits: deque[tuple[float, float]] = field(default_factory=lambda: deque(maxlen=RECENT_WAITS))
    cut_short: deque[float] = field(default_factory=lambda: deque(maxlen=RECENT_WAITS))

    def recent(self, since: float) -> QueueFigures:
        """The queue as operators read it: decisions answered since `since`, waiting now, the
        median and 95th percentile of their waits for a worker, and how many searches the
        wall ceiling cut short."""
        waits = sorted(w for at, w in self.waits if at >= since)
        p95 = waits[min(len(waits) - 1, int(0.95 * len(waits)))] if waits else 0.0
        return QueueFigures(answered=len(waits), waiting=self.waiting, most_waiting=self.most_waiting,
                            wait_p50_s=statistics.median(waits) if waits else 0.0, wait_p95_s=p95,
                            cut_short=sum(1 for at in self.cut_short if at >= since))


@dataclass(frozen=True)
class QueueFigures:
    answered: int
    waiting: int
    most_waiting: int
    wait_p50_s: float
    wait_p95_s: float
    cut_short: int = 0


class FairQueue:
    """Turns at `slots` workers: the highest priority first (the lowest number), and within a
    priority table by table in turn (round robin), each table's decisions in the order asked.
    A decision awaits `turn`, uses a worker, then calls `release`, which hands the worker to
    the next in line. One table with a backlog thus delays another table's decision by at most
    one of its own per worker, and a hint never goes before a waiting move."""

    def __init__(self, slots: int):
        if slots < 1:
            raise ValueError("a queue needs at least one worker")
        self.slots = slots
        self.busy = 0
        self._lines: dict[int, OrderedDict[Hashable, deque[asyncio.Future[None]]]] = {}

    def queued(self) -> int:
        """Decisions waiting for a worker (not yet thinking)."""
        return sum(not f.done() for tables in self._lines.values() for line in tables.values() for f in line)

    async def turn(self, priority: int = MOVE, table: Hashable = None) -> None:
        if self.busy < self.slots and not self._lines:
            self.busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._lines.setdefault(priority, OrderedDict()).setdefault(table, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self.release()  # handed a worker just as it was cancelled: pass it on
            else:
                self._drop(priority, table, turn)
            raise

    def release(self) -> None:
        """A worker is free: the next in line gets it, else it stays free."""
        while self._lines:
            priority = min(self._lines)
            tables = self._lines[priority]
            table, line = next(iter(tables.items()))
            turn = line.popleft()
            if line:
                tables.move_to_end(table)  # this table's next decision after the other tables'
            else:
                del tables[table]
            if not tables:
                del self._lines[priority]
            if not turn.done():  # (a cancelled one is skipped)
                turn.set_result(None)
                return
        self.busy -= 1

    def _drop(self, priority: int, table: Hashable, turn: asyncio.Future[None]) -> None:
        tables: MutableMapping[Hashable, deque[asyncio.Future[None]]] = self._lines.get(priority, {})
        line = tables.get(table)
        if line is not None and turn in line:
            line.remove(turn)
            if not line:
                del tables[table]
            if not tables:
                self._lines.pop(priority, None)


class SearchRunner(Protocol):
    """What the table service and the operators' figures use of a runner: a `CpuRunner` (this
    process's search workers) or a `remote_search.RemoteRunner` (workers on other machines)."""

    stats: CpuStats
    ceiling_s: float

    async def choose(self, game: Game, state: Any, player: str, level: str, seed: int, *,
                     table_id: int | None = None, priority: int = MOVE) -> tuple[str, list[str]]: ...

    async def hint(self, game: Game, state: Any, player: str, seed: int, *, table_id: int | None = None,
                   priority: int = HINT) -> ai.Advice: ...

    def search_processes(self) -> int: ...


class CpuRunner:
    """Chooses computer moves. A strong decision searches the game and mode's default
    iterations (`search_budget`) unless the runner fixes `iterations` (tests) or a wall-clock
    `budget_s` (the load bench's reference); `ceiling_s` bounds an iteration budget's wall time
    (default: `configure_pool`'s, SEARCH_CEILING_S).
    `executor` defaults to the shared process pool, `workers` to its size: the decisions the
    runner lets think at once (the rest wait in its `FairQueue`). `inline` thinks on the event
    loop itself: only for tests with a tiny iteration count."""

    def __init__(self, budget_s: float | None = None, iterations: int | None = None,
                 executor: Executor | None = None, inline: bool = False, workers: int | None = None,
                 ceiling_s: float | None = None):
        self.budget_s = budget_s
        self.iterations = iterations
        self.ceiling_s = ceiling_s if ceiling_s is not None else _ceiling_s
        self.executor = executor
        self.inline = inline
        self.workers = workers
        self.stats = CpuStats()
        self._queue: FairQueue | None = None

    @property
    def queue(self) -> FairQueue:
        if self._queue is None:  # on first use: SEARCH_WORKERS is configured by then
            slots = self.workers or (pool_workers() if self.executor is None
                                     else getattr(self.executor, "_max_workers", None) or 1)
            self._queue = FairQueue(slots)
        return self._queue

    async def choose(self, game: Game, state: Any, player: str, level: str, seed: int, *,
                     table_id: Hashable = None, priority: int = MOVE) -> tuple[str, list[str]]:
        """`player`'s answer at `level`. `table_id` and `priority` (`MOVE`, `HINT`) place the
        decision in the fair queue; the answer depends only on the state, level and seed."""
        if level == "random" or self.inline:
            done, cut, cpu = ismcts.iterations_done, ismcts.searches_cut_short, time.process_time()
            iterations = self.iterations
            if iterations is None and self.budget_s is None:
                iterations = search_budget.iterations_for(state)
            answer = ai.choose(game, state, player, level=level, seed=seed,
                               budget_s=self.budget_s if iterations is None else self.ceiling_s,
                               iterations=iterations)
            self._count(ismcts.iterations_done - done, time.process_time() - cpu, ismcts.searches_cut_short > cut)
            return answer
        prompt_id, choice, iterations, cpu_s, _started, cut = await self._in_worker(
            priority, table_id, _choose, game.key, state.model_dump_json(), player, level, seed, self.budget_s,
            self.iterations, self.ceiling_s)
        self._count(iterations, cpu_s, cut)
        return prompt_id, choice

    async def hint(self, game: Game, state: Any, player: str, seed: int, *, table_id: Hashable = None,
                   priority: int = HINT) -> ai.Advice:
        """The strong player's answer for `player` with why (a person's 💡 Hint), searched as a
        computer's move would be (the game and mode's iterations) in the same workers, through
        the same fair queue at `priority` (`HINT`: after every waiting computer move). Never on
        the event loop unless the runner is `inline` (tests)."""
        if self.inline:
            iterations = self.iterations
            if iterations is None and self.budget_s is None:
                iterations = search_budget.iterations_for(state)
            return ai.advise(game, state, player, seed=seed, iterations=iterations,
                             budget_s=self.budget_s if iterations is None else self.ceiling_s)
        advice, iterations, cpu_s, _started, cut = await self._in_worker(
            priority, table_id, _advise, game.key, state.model_dump_json(), player, seed, self.budget_s,
            self.iterations, self.ceiling_s)
        self.stats.iterations += iterations
        self.stats.cpu_s += cpu_s
        return advice

    async def _in_worker(self, priority: int, table_id: Hashable, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args, asked)` in a search worker once the fair queue gives this decision its
        turn; the queue's figures (waiting, waits) count it. `fn` returns its own answer with
        the iterations, CPU seconds, when it started and whether it was cut short."""
        stats = self.stats
        loop = asyncio.get_running_loop()
        queue = self.queue
        stats.waiting += 1
        stats.most_waiting = max(stats.most_waiting, stats.waiting)
        stats.waiting_by_priority[priority] = stats.waiting_by_priority.get(priority, 0) + 1
        asked = time.time()
        try:
            await queue.turn(priority, table_id)
            try:
                job = (self.executor or shared_pool()).submit(fn, *args, asked)
            except BaseException:
                queue.release()
                raise
            job.add_done_callback(lambda _: _call_soon(loop, queue.release))  # the worker is free again
            answer = await asyncio.wrap_future(job, loop=loop)
        finally:
            stats.waiting -= 1
            stats.waiting_by_priority[priority] -= 1
        stats.waits.append((time.time(), max(0.0, answer[3] - asked)))
        return answer

    def search_processes(self) -> int:
        """The search worker processes thinking for this runner (operators' figures)."""
        return pool_workers()

    def _count(self, iterations: int, cpu_s: float, cut_short: bool = False) -> None:
        self.stats.decisions += 1
        self.stats.iterations += iterations
        self.stats.cpu_s += cpu_s
        if cut_short:
            self.stats.cut_short.append(time.time())


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Any) -> None:
    """Run `callback` on `loop` from any thread (a worker's answer arrives on the pool's)."""
    try:
        loop.call_soon_threadsafe(callback)
    except RuntimeError:  # the loop is closed: nobody waits for a worker any more
        pass


def default_runner() -> CpuRunner:
    """The runner a service uses when given none (tests swap in a quicker one)."""
    return CpuRunner()
