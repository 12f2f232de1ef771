"""Computer players thought out by real `python -m bot.worker` processes through PostgreSQL
(SEARCH_QUEUE=postgres): the table service here keeps no search workers and plays whole games
through them; a worker killed in the middle of a job, or one that hangs, has its job taken by
another once the lease passes, the hung one's late answer is refused, and no move is applied
twice (the log replays to the stored state, each version once)."""
from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from persistence import open_store
from tables import TableService
from tables.remote_search import RemoteRunner

GAME = "sutosute"
LEASE_S = 1.5
FAST = 30  # search iterations of a quick decision
SLOW_S = 3.0  # a decision's search time when the test stops its worker in the middle of it


class Worker:
    """A real `python -m bot.worker` process; its log goes to a file."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path):
        self.proc, self.log = proc, log
        self.name = f"{socket.gethostname()}:{proc.pid}"

    @classmethod
    async def start(cls, url: str, directory: Path, n: int) -> Worker:
        log = directory / f"worker-{n}.log"
        env = {**os.environ, "DATABASE_URL": url, "SEARCH_WORKERS": "1", "SEARCH_LEASE_S": str(LEASE_S),
               "LOG_LEVEL": "INFO"}
        with open(log, "wb") as out:
            proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.worker", cwd=directory, env=env,
                                                        stdin=asyncio.subprocess.DEVNULL, stdout=out, stderr=out)
        return cls(proc, log)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    async def stop(self) -> int:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
        return await asyncio.wait_for(self.proc.wait(), timeout=60)


async def job_row(store, wait_s: float = 60.0, taken: bool = False, **where) -> dict | None:
    """The first open job matching `where` (its id, attempt), and `taken` by a worker, waiting
    for it to appear."""
    loop = asyncio.get_running_loop()
    until = loop.time() + wait_s
    while loop.time() < until:
        for row in await store.db.fetch("SELECT id, worker, attempt, answered_at FROM search_jobs ORDER BY id"):
            if row["answered_at"] is None and all(row[k] == v for k, v in where.items()) and (
                    row["worker"] is not None or not taken):
                return row
        await asyncio.sleep(0.02)
    return None


async def person_moves(svc: TableService, table_id: int, person: str, rng: Rng) -> bool:
    """One random legal move of the person, without waiting for the computer; False when the
    game is over."""
    table = await svc.get(table_id)
    if table.status != "running":
        return False
    game = registry.get(table.game)
    prompts = [p for p in game.prompts(table.state(game)) if p.player == person]
    if prompts:
        prompt = rng.choice(prompts)
        await svc.act(table_id, person, table.version, prompt.id, random_choice(prompt, rng))
    return True


async def play_to_the_end(svc: TableService, table_id: int, rng: Rng) -> None:
    for _ in range(500):
        await svc.settle(table_id)
        if not await person_moves(svc, table_id, "u1", rng):
            return
    raise AssertionError("the game did not end")


async def check_each_move_applied_once(store, table_id: int) -> None:
    table = await store.tables.get(table_id)
    assert table.status == "finished"
    log = await store.actions.list(table_id, limit=100_000)
    assert [e.seq for e in log] == list(range(1, table.version + 1)), "every version once"
    game = registry.get(table.game)
    state = game.setup(table.players, game.parse_options(table.options), table.seed)
    for entry in log:  # replays to the stored state: no move was applied twice
        state, _ = game.apply(state, entry.player, entry.prompt_id, entry.choice)
    assert state.model_dump_json() == table.state_json
    assert await store.db.fetch("SELECT id FROM search_jobs") == [], "every answer collected"


async def computer_table(svc: TableService) -> int:
    table = await svc.open_lobby(1, 100, "u1", "U1", GAME)
    await svc.add_cpu(table.id, "u1")  # strong
    return (await svc.start(table.id, "u1", seed=11)).table.id


async def test_a_worker_process_plays_a_whole_game_for_the_computer_seat(pg_url, tmp_path):
    store = await open_store(pg_url)
    runner = await RemoteRunner.open(store.db, pg_url, iterations=FAST)
    svc = TableService(store, cpu_runner=runner)
    worker = await Worker.start(pg_url, tmp_path, 1)
    try:
        table_id = await computer_table(svc)
        await play_to_the_end(svc, table_id, Rng(seed=2))
        cpu_moves = [e for e in await store.actions.list(table_id, limit=100_000) if e.player == "cpu:1"]
        assert cpu_moves and runner.stats.decisions == len(cpu_moves), "every computer move came through the queue"
        assert runner.search_processes() == 1, "answered by the one worker process (one search process)"
        await check_each_move_applied_once(store, table_id)
    finally:
        assert await worker.stop() == 0, worker.text()
        await runner.close()
        await store.close()
    assert "waiting for jobs" in worker.text()


async def interrupt_a_job(svc, store, runner, table_id, rng, workers, sig) -> tuple[Worker, Worker]:
    """Make the computer's next decisions slow until one is in a worker's hands, send that
    worker `sig`, and return it with the worker that takes its job once the lease has passed."""
    runner.iterations = None  # the search runs for SLOW_S: the worker is in the middle of it when stopped
    for _ in range(100):
        await svc.settle(table_id)
        if not await person_moves(svc, table_id, "u1", rng):
            raise AssertionError("the game ended before a job could be interrupted")
        taken = await job_row(store, wait_s=5.0, taken=True, attempt=1)
        if taken is None:
            continue  # the computer owed nothing after this move
        holder = next(w for w in workers if w.name == taken["worker"])
        holder.proc.send_signal(sig)
        if (await job_row(store, wait_s=0.5, id=taken["id"])) is None:
            continue  # it had answered before the signal came: try the next decision
        runner.iterations = FAST
        again = await job_row(store, taken=True, id=taken["id"], attempt=2)
        assert again is not None, "the job is taken again once its lease has passed"
        return holder, next(w for w in workers if w.name == again["worker"])
    raise AssertionError("no decision could be interrupted")


async def test_a_killed_or_hung_worker_s_job_is_taken_again_and_no_move_is_applied_twice(pg_url, tmp_path):
    store = await open_store(pg_url)
    runner = await RemoteRunner.open(store.db, pg_url, budget_s=SLOW_S, iterations=FAST)
    svc = TableService(store, cpu_runner=runner)
    workers = [await Worker.start(pg_url, tmp_path, 1)]
    rng = Rng(seed=5)
    try:
        table_id = await computer_table(svc)
        # 1. a crash: the worker thinking is killed outright (its search process dies with it)
        workers.append(await Worker.start(pg_url, tmp_path, 2))  # starts while the first is killed
        killed, successor = await interrupt_a_job(svc, store, runner, table_id, rng, workers, signal.SIGKILL)
        assert successor is not killed
        await svc.settle(table_id)
        # 2. a hang: the worker stops (SIGSTOP) mid-job, another takes the job; woken, its answer is refused
        alive = [w for w in workers if w is not killed]
        workers.append(await Worker.start(pg_url, tmp_path, 3))
        alive.append(workers[-1])
        hung, successor = await interrupt_a_job(svc, store, runner, table_id, rng, alive, signal.SIGSTOP)
        assert successor is not hung
        await svc.settle(table_id)
        hung.proc.send_signal(signal.SIGCONT)
        await play_to_the_end(svc, table_id, rng)
        await check_each_move_applied_once(store, table_id)
    finally:
        codes = {w.name: await w.stop() for w in workers}
        await runner.close()
        await store.close()
    assert codes[killed.name] == -signal.SIGKILL
    assert all(code == 0 for name, code in codes.items() if name != killed.name), [w.text() for w in workers]
    assert "refused" in hung.text(), "the hung worker's late answer was refused by the job table"
