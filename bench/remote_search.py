"""Computer decisions through the bot's own search workers and through `python -m bot.worker`
processes fed by PostgreSQL (SEARCH_QUEUE=postgres). Numbers, not pass/fail.

    python bench/remote_search.py [--tables 8] [--seconds 30] [--workers 2] [--procs 1 2]
                                  [--game sutosute] [--budget 0.9] [--postgres postgresql://…]

`--tables` tables each ask for one strong decision after another (a new one as soon as the
last is answered: the queue is never empty), on positions of random games, for `--seconds`:

- local: the bot's own pool of `--workers` search processes (SEARCH_QUEUE=local);
- remote, for each count in `--procs`: the bot keeps no search worker; that many
  `python -m bot.worker` processes with `--workers` search processes each take the jobs from
  the PostgreSQL database (`--postgres` or TEST_POSTGRES_URL; a schema of its own).

Prints per run: decisions/s (the capacity), per worker core, the wait for a worker p50/p95
(from asking to a worker taking it up), whether the wait is fair across tables (the worst
table's median against the median of all), and the bot process's own CPU per decision. The
machine's other work shows in these numbers: say what else it ran.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import Rng  # noqa: E402
from games.kit.playout import random_choice  # noqa: E402
from persistence import open_store  # noqa: E402
from persistence.testing import isolated_url  # noqa: E402
from tables import cpu  # noqa: E402
from tables.remote_search import RemoteRunner  # noqa: E402


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def positions(game_key: str, count: int, seed: int = 1) -> list[tuple]:
    """(state, player) pairs from random games, each with a decision owed by `player`."""
    game = registry.get(game_key)
    rng = Rng(seed=seed)
    found = []
    while len(found) < count:
        state = game.setup(["p1", "p2"], game.Options(), rng.below(2**31))
        for _ in range(rng.below(40)):
            prompts = game.prompts(state)
            if not prompts:
                break
            prompt = rng.choice(prompts)
            state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
        prompts = game.prompts(state)
        if prompts and any(len(p.options) > 1 for p in prompts):
            found.append((state, prompts[0].player))
    return found


async def drive(runner, game_key: str, tables: int, seconds: float) -> dict:
    game = registry.get(game_key)
    spots = positions(game_key, 64)
    per_table: list[list[float]] = [[] for _ in range(tables)]
    cpu_before = time.process_time()
    since = time.time()
    stop_at = time.monotonic() + seconds
    answered = 0

    def extra(n: int) -> dict:  # the job table orders by table (CpuRunner's own queue may not take it)
        return {"table_id": n + 1} if isinstance(runner, RemoteRunner) else {}

    async def table(n: int) -> None:
        nonlocal answered
        k = n
        while time.monotonic() < stop_at:
            state, player = spots[k % len(spots)]
            k += tables
            before = len(runner.stats.waits)
            await runner.choose(game, state, player, "strong", seed=k, **extra(n))
            answered += 1
            if len(runner.stats.waits) > before:
                per_table[n].append(runner.stats.waits[-1][1])

    started = time.monotonic()
    await asyncio.gather(*(table(n) for n in range(tables)))
    took = time.monotonic() - started
    waits = [w for at, w in runner.stats.waits if at >= since]
    medians = [statistics.median(t) for t in per_table if t]
    return {"decisions": answered, "per_s": answered / took, "wait_p50": pct(waits, 0.5), "wait_p95": pct(waits, 0.95),
            "fair": max(medians) / max(statistics.median(waits), 1e-9) if medians and waits else float("nan"),
            "bot_cpu_ms": 1000 * (time.process_time() - cpu_before) / max(answered, 1),
            "iterations": runner.stats.iterations / max(runner.stats.decisions, 1)}


def show(label: str, cores: int, r: dict) -> None:
    print(f"{label:<46} {r['decisions']:>5} decisions  {r['per_s']:5.2f}/s  {r['per_s'] / cores:5.2f}/s per worker "
          f"core  wait p50 {r['wait_p50']:5.2f} s p95 {r['wait_p95']:5.2f} s  worst table {r['fair']:4.2f}x median  "
          f"bot CPU {r['bot_cpu_ms']:5.1f} ms/decision  {r['iterations']:6.0f} iterations", flush=True)


async def local(args) -> None:
    cpu.configure_pool(args.workers)
    runner = cpu.CpuRunner(budget_s=args.budget)
    pool = cpu.shared_pool()
    await asyncio.gather(*(asyncio.get_running_loop().run_in_executor(pool, time.sleep, 0.2)
                           for _ in range(args.workers)))  # the workers are up before the clock starts
    show(f"local: bot with {args.workers} workers", args.workers, await drive(runner, args.game, args.tables,
                                                                              args.seconds))
    pool.shutdown()


async def remote(args, url: str, procs: int) -> None:
    store = await open_store(url)
    runner = await RemoteRunner.open(store.db, url, budget_s=args.budget)
    env = {**os.environ, "DATABASE_URL": url, "SEARCH_WORKERS": str(args.workers), "LOG_LEVEL": "WARNING"}
    workers = [await asyncio.create_subprocess_exec(sys.executable, "-m", "bot.worker", env=env)
               for _ in range(procs)]
    try:
        game = registry.get(args.game)
        state, player = positions(args.game, 1)[0]
        await asyncio.gather(*(runner.choose(game, state, player, "strong", seed=n)
                               for n in range(procs * args.workers)))  # every worker up before the clock starts
        runner.stats.waits.clear()
        label = f"remote: bot 0 workers, {procs} x bot.worker ({args.workers})"
        show(label, procs * args.workers, await drive(runner, args.game, args.tables, args.seconds))
    finally:
        for w in workers:
            w.send_signal(signal.SIGTERM)
        await asyncio.gather(*(w.wait() for w in workers))
        await runner.close()
        await store.close()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--workers", type=int, default=2, help="search processes per process that thinks")
    ap.add_argument("--procs", type=int, nargs="*", default=[1], help="worker processes, one run per count")
    ap.add_argument("--game", default="sutosute")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds per decision (default: the game and mode's iteration budget)")
    ap.add_argument("--postgres", default=os.environ.get("TEST_POSTGRES_URL"))
    ap.add_argument("--no-local", action="store_true")
    args = ap.parse_args()
    print(f"{args.game}, {args.tables} tables asking without pause, budget {args.budget} s, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    if not args.no_local:
        await local(args)
    if args.postgres:
        os.environ["TEST_POSTGRES_URL"] = args.postgres
        for procs in args.procs:
            async with isolated_url("postgres", Path(".")) as url:
                await remote(args, url, procs)
    else:
        print("no --postgres or TEST_POSTGRES_URL: the remote runs are skipped")


if __name__ == "__main__":
    asyncio.run(main())
