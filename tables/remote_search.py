"""Computer players thought out by worker processes on other machines, fed through PostgreSQL.

With `SEARCH_QUEUE=postgres` a bot process keeps no search workers of its own: its
`RemoteRunner` (the same `choose` as `cpu.CpuRunner`) adds each decision to the job table
(`persistence.search_jobs`) and awaits the answer, told by LISTEN/NOTIFY with a poll as the
fallback. `python -m bot.worker` runs a `SearchWorker` anywhere that reaches the database: it
takes jobs (`SELECT … FOR UPDATE SKIP LOCKED`), thinks in its own pool of niced search
processes (`cpu._choose`, as the bot's pool would) and writes the answers.

Exactly once: a worker holds a job for a lease it renews while it thinks. When it dies the
lease passes and another worker takes the job again; the job table accepts the answer of the
latest taking only, once, and the bot reads it once. The bot then applies it as every computer
move is applied (`Automatic._step`): under the table's lock, with the version check, so an
answer about a position that has moved on is never played.
"""
from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import multiprocessing
import os
import socket
import time
import uuid
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.kit import Game, ai
from persistence.db import Database, postgres_settings
from persistence.search_jobs import MAX_ATTEMPTS, Answered, Job, SearchJobs, answers_channel, jobs_channel, listen

from . import cpu
from .search_worker import start_search_worker

log = logging.getLogger(__name__)

LEASE_S = 15.0  # a job is held this long without a renewal; a dead worker's job is taken again after it
POLL_S = 5.0  # the bot looks for answers this often when no notification came (1 s without a listener)
POLL_UNHEARD_S = 1.0
WORKER_POLL_S = 2.0  # an idle worker looks for jobs this often when no notification came
SWEEP_EVERY_S = 60.0
SEEN_WINDOW_S = 600.0  # workers that answered this recently count as the bot's workers
REPORT_EVERY_S = 60.0
RELISTEN_S = 30.0  # a lost listening connection is opened again at most this often (polling meanwhile)
HINT_LEVEL = "hint"  # a job's level for a person's hint: the worker answers with `ai.advise`
CONNECTIONS_PER_WORKER = 3  # a worker's pool of 2 and its listener (README: PostgreSQL connections)


class JobLost(RuntimeError):
    """The job left the table before it was answered (nobody renewed it for a minute)."""


class RemoteRunner:
    """Chooses computer moves through the job table. As with `CpuRunner`, a strong decision
    searches its game and mode's default iterations unless the runner fixes `iterations`
    (tests) or a wall-clock `budget_s`; either travels with the job, and the worker applies
    its own wall ceiling (SEARCH_CEILING_S where it runs). The random level is instant and runs inline.
    `table_id` and `priority` order the queue (lower priority first, then fair across tables,
    then age). Counts what it did in `stats`, as `CpuRunner` does, so the operators' figures
    are the same."""

    def __init__(self, jobs: SearchJobs, url: str | None = None, budget_s: float | None = None,
                 iterations: int | None = None, poll_s: float = POLL_S, ceiling_s: float | None = None):
        self.jobs = jobs
        self.url = url  # for the listener; None: poll only
        self.budget_s = budget_s
        self.iterations = iterations
        self.ceiling_s = ceiling_s if ceiling_s is not None else cpu.ceiling_s()  # for operators' figures
        self.poll_s = poll_s
        self.owner = uuid.uuid4().hex[:16]
        self.stats = cpu.CpuStats()
        self._waiting: dict[int, asyncio.Future[Answered]] = {}
        self._told: set[int] = set()  # answered ids heard before their waiter was registered
        self._wake = asyncio.Event()
        self._listener: Any = None
        self._poller: asyncio.Task | None = None
        self._seen: dict[str, tuple[float, int]] = {}  # worker -> (when it last answered, its search processes)
        self._closed = False
        self._listen_tried = 0.0

    @classmethod
    async def open(cls, db: Database, url: str, **kwargs: Any) -> RemoteRunner:
        """A runner on the store's database (its pool) plus one listening connection."""
        runner = cls(SearchJobs(db), url, **kwargs)
        await runner._listen()
        return runner

    async def _listen(self) -> None:
        if self.url is None:
            return
        try:
            self._listener = await listen(self.url, answers_channel(self.owner), self._heard)
        except Exception as error:  # noqa: BLE001 - polling still finds every answer
            log.warning("search answers: cannot listen (%s); looking for answers every %.0f s instead",
                        error, POLL_UNHEARD_S)
            self._listener = None

    def _heard(self, payload: str) -> None:
        if payload.isdigit():
            job_id = int(payload)
            if job_id not in self._waiting:
                self._told.add(job_id)
        self._wake.set()

    def search_processes(self) -> int:
        """Search processes of the workers that answered this bot in the last ten minutes."""
        since = time.time() - SEEN_WINDOW_S
        return sum(slots for seen, slots in self._seen.values() if seen >= since)

    async def choose(self, game: Game, state: Any, player: str, level: str, seed: int, *,
                     table_id: int | None = None, priority: int = 0, **_more: Any) -> tuple[str, list[str]]:
        if level == "random":
            answer = ai.choose(game, state, player, level=level, seed=seed, iterations=self.iterations)
            self._count(0, 0.0)
            return answer
        reply = await self._ask(game, state, player, level, seed, table_id, priority)
        self._count(int(reply.get("iterations") or 0), float(reply.get("cpu_s") or 0.0), bool(reply.get("cut")))
        return reply["prompt_id"], list(reply["choice"])

    async def hint(self, game: Game, state: Any, player: str, seed: int, *, table_id: int | None = None,
                   priority: int = cpu.HINT) -> ai.Advice:
        """A person's 💡 Hint (`CpuRunner.hint`), thought out by a worker: a job of level
        `HINT_LEVEL`, after every waiting computer move."""
        reply = await self._ask(game, state, player, HINT_LEVEL, seed, table_id, priority)
        self.stats.iterations += int(reply.get("iterations") or 0)
        self.stats.cpu_s += float(reply.get("cpu_s") or 0.0)
        return ai.Advice(**reply["advice"])

    async def _ask(self, game: Game, state: Any, player: str, level: str, seed: int, table_id: int | None,
                   priority: int) -> dict[str, Any]:
        """Queue one job and await its answer (the worker's reply, read once)."""
        if self._closed:
            raise RuntimeError("the search runner is closed")
        stats = self.stats
        stats.waiting += 1
        stats.most_waiting = max(stats.most_waiting, stats.waiting)
        job_id: int | None = None
        try:
            job_id = await self.jobs.add(self.owner, game=game.key, state=state.model_dump_json(), player=player,
                                         level=level, seed=seed, budget_s=self.budget_s, iterations=self.iterations,
                                         table_id=table_id, priority=priority)
            waiter = self._waiting[job_id] = asyncio.get_running_loop().create_future()
            if job_id in self._told:
                self._told.discard(job_id)
                self._wake.set()
            self._ensure_poller()
            answered = await waiter
        except asyncio.CancelledError:
            if job_id is not None:  # nobody waits for it any more: no worker should think about it
                self._waiting.pop(job_id, None)
                await asyncio.shield(self._drop([job_id]))
            raise
        finally:
            stats.waiting -= 1
        reply = json.loads(answered.answer)
        if "error" in reply:
            raise RuntimeError(f"search job {answered.id} failed in worker {reply.get('worker')}: {reply['error']}")
        stats.waits.append((time.time(), answered.waited_s))
        self._seen[str(reply.get("worker"))] = (time.time(), int(reply.get("slots") or 1))
        return reply

    def _count(self, iterations: int, cpu_s: float, cut_short: bool = False) -> None:
        self.stats.decisions += 1
        self.stats.iterations += iterations
        self.stats.cpu_s += cpu_s
        if cut_short:  # the worker's wall ceiling stopped the search before its iterations
            self.stats.cut_short.append(time.time())

    async def _drop(self, ids: list[int]) -> None:
        try:
            await self.jobs.drop(ids)
        except Exception as error:  # noqa: BLE001 - the sweep deletes it a minute later
            log.warning("search jobs %s: could not drop (%s)", ids, error)

    def _ensure_poller(self) -> None:
        if self._poller is None or self._poller.done():
            self._poller = asyncio.create_task(self._poll(), name="search-answers")

    async def _poll(self) -> None:
        """Collect answers while anything waits: at once when told, else every `poll_s` (which
        also tells the job table that this bot still wants its jobs)."""
        last_check = time.monotonic()
        while self._waiting:
            heard = self._listener is not None and not self._listener.is_closed()
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll_s if heard else POLL_UNHEARD_S)
            except TimeoutError:
                pass
            self._wake.clear()
            ids = list(self._waiting)
            if not ids:
                break
            try:
                answers = await self.jobs.collect(ids)
            except Exception as error:  # noqa: BLE001 - a database hiccup: the next round tries again
                log.warning("search answers: %s; trying again", error)
                await asyncio.sleep(POLL_UNHEARD_S)
                continue
            for answered in answers:  # read once (collected means deleted): handed over before anything else
                waiter = self._waiting.pop(answered.id, None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(answered)
            try:
                if time.monotonic() - last_check > self.poll_s * 6:
                    last_check = time.monotonic()
                    lost = await self.jobs.missing([i for i in ids if i in self._waiting])
                    for job_id in lost:
                        waiter = self._waiting.pop(job_id, None)
                        if waiter is not None and not waiter.done():
                            waiter.set_exception(JobLost(f"search job {job_id} left the table unanswered"))
                if not heard and self.url is not None and not self._closed and \
                        time.monotonic() - self._listen_tried > RELISTEN_S:
                    self._listen_tried = time.monotonic()
                    await self._listen()
            except Exception as error:  # noqa: BLE001 - checked again on a later round
                log.warning("search answers: %s", error)

    async def close(self) -> None:
        """Stop waiting: the jobs still open are dropped (their steps resume at the next start)."""
        self._closed = True
        waiting, self._waiting = self._waiting, {}
        for waiter in waiting.values():
            if not waiter.done():
                waiter.cancel()
        if waiting:
            await self._drop(list(waiting))
        if self._poller is not None:
            self._poller.cancel()
            try:
                await self._poller
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass
        if self._listener is not None:
            listener, self._listener = self._listener, None
            try:
                await listener.close()
            except Exception:  # noqa: BLE001 - already gone
                pass


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


class SearchWorker:
    """Takes jobs from the job table and answers them: `slots` searches at once, each in a niced
    process of its own pool (they die with this process, `search_worker`). It renews each job's
    lease every third of `lease_s` while it thinks, sweeps jobs nobody wants once a minute, and
    logs a line a minute of what it did."""

    def __init__(self, jobs: SearchJobs, url: str | None = None, slots: int | None = None, lease_s: float = LEASE_S,
                 name: str | None = None, executor: Executor | None = None, poll_s: float = WORKER_POLL_S,
                 ceiling_s: float | None = None):
        self.jobs = jobs
        self.ceiling_s = ceiling_s if ceiling_s is not None else cpu.ceiling_s()
        self.url = url
        self.slots = slots or max(1, os.cpu_count() or 1)
        self.lease_s = lease_s
        self.name = name or worker_name()
        self.poll_s = poll_s
        self._executor = executor
        self._own_executor = executor is None
        self._wake = asyncio.Event()
        self._listener: Any = None
        self.answered = 0
        self.refused = 0  # answers the table refused (the job was taken again, or dropped)
        self.iterations = 0
        self.cpu_s = 0.0

    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.slots, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=start_search_worker, initargs=(os.getpid(),))
        return self._executor

    async def run(self, stop: asyncio.Event) -> None:
        """Serve jobs until `stop` is set; jobs in hand are then given back untouched."""
        await self._listen()
        self.executor()
        log.info("search worker %s: %d search processes, lease %.0f s, waiting for jobs", self.name, self.slots,
                 self.lease_s)
        tasks = [asyncio.create_task(self._slot(stop), name=f"search-slot-{n}") for n in range(self.slots)]
        tasks.append(asyncio.create_task(self._housekeeping(stop), name="search-housekeeping"))
        try:
            await stop.wait()
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if self._listener is not None:
                try:
                    await self._listener.close()
                except Exception:  # noqa: BLE001
                    pass
            if self._own_executor and self._executor is not None:
                self._executor.shutdown(wait=False, cancel_futures=True)

    async def _listen(self) -> None:
        if self.url is None:
            return
        try:
            self._listener = await listen(self.url, jobs_channel(self.jobs.schema), lambda _payload: self._wake.set())
        except Exception as error:  # noqa: BLE001 - polling still finds every job
            log.warning("search worker %s: cannot listen (%s); looking for jobs every %.0f s", self.name, error,
                        self.poll_s)
            self._listener = None

    async def close(self) -> None:
        """Close the database this worker was opened on (`open_worker`)."""
        await self.jobs.db.close()

    async def _slot(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                job = await self.jobs.take(self.name, self.lease_s)
            except Exception as error:  # noqa: BLE001 - the database is away: try again shortly
                log.warning("search worker %s: cannot take a job (%s)", self.name, error)
                await asyncio.sleep(self.poll_s)
                continue
            if job is None:
                try:
                    await asyncio.wait_for(self._wake.wait(), self.poll_s)
                except TimeoutError:
                    pass
                self._wake.clear()
                continue
            await self.work(job)

    async def work(self, job: Job) -> bool:
        """Think about one job and write its answer; True when the table took the answer."""
        if job.attempt > MAX_ATTEMPTS:  # every worker that took it died: answer rather than die again
            reply: dict[str, Any] = {"error": f"taken {job.attempt - 1} times without an answer"}
        else:
            renewer = asyncio.create_task(self._renew(job))
            try:
                reply = await self._think(job)
            except asyncio.CancelledError:
                renewer.cancel()
                await asyncio.shield(self._release(job))
                raise
            finally:
                renewer.cancel()
        reply.update(worker=self.name, slots=self.slots)
        try:
            taken = await self.jobs.answer(job, json.dumps(reply))
        except Exception as error:  # noqa: BLE001 - unanswered, the job is taken again after its lease
            log.warning("search job %s: answer not written (%s)", job.id, error)
            return False
        if taken:
            self.answered += 1
            self.iterations += int(reply.get("iterations") or 0)
            self.cpu_s += float(reply.get("cpu_s") or 0.0)
        else:
            self.refused += 1
            log.warning("search job %s: answer of attempt %d refused (the job was taken again after its lease "
                        "passed, or its bot no longer waits)", job.id, job.attempt)
        return taken

    async def _think(self, job: Job) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        for tries in (1, 2):
            try:
                # the ceiling counts from when this worker took the job (the bot's clock may differ)
                if job.level == HINT_LEVEL:
                    advice, iterations, cpu_s, _started, cut = await loop.run_in_executor(
                        self.executor(), cpu._advise, job.game, job.state, job.player, job.seed, job.budget_s,
                        job.iterations, self.ceiling_s)
                    return {"advice": dataclasses.asdict(advice), "iterations": iterations, "cpu_s": cpu_s,
                            "cut": cut}
                prompt_id, choice, iterations, cpu_s, _started, cut = await loop.run_in_executor(
                    self.executor(), cpu._choose, job.game, job.state, job.player, job.level, job.seed,
                    job.budget_s, job.iterations, self.ceiling_s)
                return {"prompt_id": prompt_id, "choice": choice, "iterations": iterations, "cpu_s": cpu_s,
                        "cut": cut}
            except BrokenProcessPool:  # a search process died (killed, out of memory): a fresh pool, once
                log.warning("search worker %s: a search process died on job %s", self.name, job.id)
                if tries == 2 or not self._own_executor:
                    return {"error": "the search process died"}
                broken, self._executor = self._executor, None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
            except Exception as error:  # noqa: BLE001 - a bad job: answered with the error, not retried forever
                log.exception("search job %s failed", job.id)
                return {"error": f"{type(error).__name__}: {error}"}
        raise AssertionError("unreachable")

    async def _renew(self, job: Job) -> None:
        while True:
            await asyncio.sleep(self.lease_s / 3)
            try:
                if not await self.jobs.renew(job, self.lease_s):
                    return  # taken again or dropped: the answer will be refused, nothing to keep
            except Exception as error:  # noqa: BLE001 - the next renewal tries again
                log.warning("search job %s: lease not renewed (%s)", job.id, error)

    async def _release(self, job: Job) -> None:
        try:
            await self.jobs.release(job)
        except Exception as error:  # noqa: BLE001 - then it is taken again once its lease passes
            log.warning("search job %s: not given back (%s)", job.id, error)

    async def _housekeeping(self, stop: asyncio.Event) -> None:
        """Once a minute: sweep unwanted jobs and say what this worker did and what waits."""
        answered, cpu_s = 0, 0.0
        while not stop.is_set():
            await asyncio.sleep(min(SWEEP_EVERY_S, REPORT_EVERY_S))
            if self.url is not None and (self._listener is None or self._listener.is_closed()):
                await self._listen()  # the database restarted: hear of new jobs again
            try:
                await self.jobs.sweep()
                depth = await self.jobs.depth()
            except Exception as error:  # noqa: BLE001
                log.warning("search worker %s: %s", self.name, error)
                continue
            if self.answered != answered or depth["open"]:
                log.info("search worker %s: %d answers in the last minute (%.1f s of search CPU), %d refused in all; "
                         "queue now %d jobs, %d being thought about, the oldest %.1f s old", self.name,
                         self.answered - answered, self.cpu_s - cpu_s, self.refused, depth["open"], depth["taken"],
                         depth["oldest_s"])
            answered, cpu_s = self.answered, self.cpu_s


async def open_worker(url: str, slots: int | None = None, lease_s: float = LEASE_S, **kwargs: Any) -> SearchWorker:
    """A worker on its own small pool (2 connections) plus its listener."""
    from persistence.postgres import PostgresDatabase

    dsn, schema, _ = postgres_settings(url)
    db = await PostgresDatabase.open(dsn, schema, pool_size=2)
    return SearchWorker(SearchJobs(db), url, slots=slots, lease_s=lease_s, **kwargs)


__all__ = ["LEASE_S", "JobLost", "RemoteRunner", "SearchWorker", "open_worker"]
