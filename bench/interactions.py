"""How fast the bot answers a move: numbers, not pass/fail.

    python bench/interactions.py [--seconds 5] [--tables 1,8,32] [--game sutosute] [--db /tmp/bench.sqlite3]
                                 [--postgres postgresql://postgres@127.0.0.1:5432/cardbot_bench] [--rate 800]
                                 [--processes 2]

Closed loop first (each table moves again as soon as it is answered: the most the service
does, and queueing shows as latency: 32 tables at 1,600 moves/s wait ~20 ms by Little's law),
then, per `--rate`, an open loop at that offered load, as real players give it.

Part 1 (table service, durable): every `act` of a person is one or more durable transactions
(SQLite: WAL, synchronous=FULL; PostgreSQL: synchronous_commit on) including the computer moves
that follow. Prints, per number of tables played at once, the person-actions/s, all logged
actions/s (with computer and automatic moves) and the p50/p99/max latency of one `act` call,
as a front end sees it, and the CPU time of this process per act (all threads: a figure
that does not depend on what else the machine runs); on PostgreSQL also the round trips to
the server per act and per logged move (statements sent, BEGIN and COMMIT included; the
pool size comes from the URL, `?pool_size=N`), and, when the server runs on this machine, the
CPU its processes serving the bench's connections spent per act. Each group's first table is
set up, and the pool's connections opened, before the clock starts. A player keeps the table `act` answered (as a front end draws
its board from it), reads the decisions of the person whose turn it shows with `prompts_for` (as the
front end's hand controls do) and answers one. PostgreSQL runs when `--postgres` or
TEST_POSTGRES_URL names a database (the bench works in a schema of its own and drops it).
`--processes N` also plays the same tables split over N processes sharing the PostgreSQL
database, as bot processes with SHARD_IDS do (each is then one of several writers: a read checks
that a held table is still the stored one, one more round trip a decision); their figures are
added up.

Part 2 (Discord REST calls per game action under SimCord): see `rest_calls_per_action`,
filled in by the Discord front end.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import Rng  # noqa: E402
from games.kit.playout import random_choice  # noqa: E402
from persistence import Store, open_store  # noqa: E402
from persistence.testing import isolated_url  # noqa: E402
from tables import TableService, runtime  # noqa: E402


# ---- part 1: the table service on SQLite ------------------------------------------------
def _process_cpu_s(pids: list[int]) -> float | None:
    """CPU seconds these processes used so far, or None when they are not on this machine."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


async def _server_pids(store: Store) -> list[int]:
    """The PostgreSQL server processes behind this store's pool (its connections are all open:
    `warm`), so the server's CPU per move can be read when the server runs on this machine."""
    db = store.db
    if db.dialect != "postgres":
        return []
    rows = await db.fetch("SELECT pid FROM pg_stat_activity WHERE application_name = $1", _APPLICATION)
    return [row["pid"] for row in rows]


_APPLICATION = f"cardbot-bench-{os.getpid()}"


async def _new_table(svc: TableService, key: str, channel: int, seed: int) -> int:
    game = registry.get(key)
    low, _ = game.player_range(game.parse_options({}))
    people = [f"u{channel}-{i}" for i in range(max(low, 1))]
    table = await svc.open_lobby(1, channel, people[0], people[0], key)
    for user in people[1:]:
        await svc.join(table.id, user, user)
    await svc.start(table.id, people[0], seed=seed)
    return table.id


async def _player(svc: TableService, key: str, channel: int, first: int, until: float, latencies: list[float],
                  counts: dict[str, int], interval: float | None = None, first_at: float = 0.0) -> None:
    """Plays tables in one channel back to back until the time is up, like one busy group.

    `interval` (open loop): a move every `interval` seconds from `first_at`, whatever the answers
    take; the latency is then counted from when the move was due, so a backlog counts in full."""
    rng = Rng(seed=channel)
    seed = channel * 1000
    table = await svc.get(first)
    due = first_at
    while time.perf_counter() < until:
        if interval is not None:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
        if table.status != "running":
            seed += 1
            table = await svc.get(await _new_table(svc, key, channel, seed))
            continue
        table_id = table.id
        prompts = []
        # the first person whose turn it is (the table says so) opens their hand
        for seat in sorted(table.seats, key=lambda s: s.turn_started_at is None):
            if not seat.is_cpu and not prompts:
                prompts = await svc.prompts_for(table_id, seat.user_id)
        prompt = rng.choice(prompts)
        started = time.perf_counter() if interval is None else due
        if interval is not None:
            due += interval
        result = await svc.act(table_id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))
        latencies.append(time.perf_counter() - started)
        table = result.table  # as a front end draws the board from what `act` answers
        counts["acts"] += 1
        counts["logged"] += len(result.actions)


async def service_throughput(url: str, key: str, tables: int, seconds: float,
                             rate: float | None = None, part: Part | None = None) -> dict[str, float]:
    """`rate`: None plays as fast as answers come (closed loop: the most the service does);
    else an offered load of `rate` person-moves/s spread evenly over the tables (open loop).
    `part`: this process is one of several sharing the database (`--processes`)."""
    game = registry.get(key)  # imported and its models built before the clock starts, as a bot does at start
    game.setup([f"warm-{i}" for i in range(game.player_range(game.parse_options({}))[0])], game.parse_options({}), 0)
    store = await open_store(url)
    try:
        # one process serving every shard, as `python -m bot` without SHARD_IDS: the only writer;
        # one of several, as with SHARD_IDS: its reads check that a held table is still current
        svc = TableService(store, max_open_tables_per_user=10, sole_writer=part is None)
        runtime.tune_gc()  # as `python -m bot` does at start (tables/runtime.py)
        runtime.freeze_startup_objects()
        latencies: list[float] = []
        counts = {"acts": 0, "logged": 0}
        # each group's first table is set up and the pool's connections opened before the clock
        # starts, as a bot that has been running a while: the figures are of moves, not of start-up
        base = 1000 + (part.index * tables if part else 0)  # channels of their own per process
        firsts = [await _new_table(svc, key, base + c, (base + c) * 1000) for c in range(tables)]
        await store.db.warm()
        if part is not None:  # every process starts its clock when all are set up
            await asyncio.to_thread(part.barrier.wait)
        pids = await _server_pids(store)
        server_cpu = _process_cpu_s(pids)
        start, cpu = time.perf_counter(), time.process_time()
        trips = getattr(store.db, "round_trips", None)  # PostgreSQL: statements sent, BEGIN/COMMIT included
        until = start + seconds
        interval = tables / rate if rate else None
        await asyncio.gather(*(_player(svc, key, base + c, firsts[c], until, latencies, counts, interval,
                                       start + 0.05 + (interval or 0) * c / tables) for c in range(tables)))
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        server_after = _process_cpu_s(pids) if pids else None
        server_cpu = None if server_cpu is None or server_after is None else server_after - server_cpu
        trips = None if trips is None else store.db.round_trips - trips
        if interval is not None:  # moves were due from start + 0.05 s
            elapsed -= 0.05
    finally:
        await store.close()
    latencies.sort()
    return {"acts_s": counts["acts"] / elapsed, "logged_s": counts["logged"] / elapsed,
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
            "max_ms": 1000 * latencies[-1], "acts": counts["acts"], "cpu_ms": 1000 * cpu / max(counts["acts"], 1),
            "server_cpu_ms": None if server_cpu is None else 1000 * server_cpu / max(counts["acts"], 1),
            "trips": None if trips is None else trips / max(counts["acts"], 1),
            "trips_logged": None if trips is None else trips / max(counts["logged"], 1),
            "latencies": latencies, "elapsed": elapsed, "cpu": cpu, "server_cpu": server_cpu, "trips_n": trips,
            "logged": counts["logged"]}


@dataclass
class Part:
    """One of `count` bench processes sharing a database (they wait for each other at `barrier`)."""
    index: int
    count: int
    barrier: Any


def _part_main(url: str, key: str, tables: int, seconds: float, rate: float | None, part: Part, out: Any) -> None:
    out.put(asyncio.run(service_throughput(f"{url}&application_name=cardbot-bench-{os.getpid()}", key, tables,
                                           seconds, rate, part)))


def several_processes(url: str, key: str, tables: int, seconds: float, rate: float | None,
                      processes: int) -> dict[str, float]:
    """`tables` split over `processes` bench processes on one database, as bot processes with
    SHARD_IDS share one PostgreSQL database; their figures added up (moves/s, CPU, round trips)
    and their latencies pooled."""
    context = multiprocessing.get_context("spawn")
    barrier, out = context.Barrier(processes), context.Queue()
    shares = [tables // processes + (i < tables % processes) for i in range(processes)]
    children = [context.Process(target=_part_main, args=(url, key, share, seconds,
                                                          None if rate is None else rate * share / tables,
                                                          Part(i, processes, barrier), out))
                for i, share in enumerate(shares)]
    for child in children:
        child.start()
    parts = [out.get() for _ in children]
    for child in children:
        child.join()
    acts = sum(p["acts"] for p in parts)
    logged = sum(p["logged"] for p in parts)
    latencies = sorted(x for p in parts for x in p["latencies"])
    server = [p["server_cpu"] for p in parts]
    trips = [p["trips_n"] for p in parts]
    return {"acts_s": sum(p["acts_s"] for p in parts), "logged_s": sum(p["logged_s"] for p in parts),
            "p50_ms": 1000 * statistics.median(latencies),
            "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
            "max_ms": 1000 * latencies[-1], "acts": acts, "cpu_ms": 1000 * sum(p["cpu"] for p in parts) / max(acts, 1),
            "server_cpu_ms": None if None in server else 1000 * sum(server) / max(acts, 1),
            "trips": None if None in trips else sum(trips) / max(acts, 1),
            "trips_logged": None if None in trips else sum(trips) / max(logged, 1)}


HEADER = (f"{'tables':>6} {'acts/s':>8} {'logged/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'acts':>7} "
          f"{'CPU ms/act':>10} {'trips/act':>9} {'trips/move':>10} {'server CPU ms/act':>17}")


def print_row(n: int, r: dict[str, float]) -> None:
    print(f"{n:>6} {r['acts_s']:8.0f} {r['logged_s']:9.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} "
          f"{r['max_ms']:8.1f} {r['acts']:>7} {r['cpu_ms']:10.2f}"
          + ("" if r["trips"] is None else f" {r['trips']:9.2f} {r['trips_logged']:10.2f}")
          + ("" if r.get("server_cpu_ms") is None else f" {r['server_cpu_ms']:17.2f}"), flush=True)


async def _on_postgres(base: str, key: str, tables: int, seconds: float, rate: float | None = None,
                       processes: int = 1) -> dict[str, float]:
    os.environ.setdefault("TEST_POSTGRES_URL", base)
    async with isolated_url("postgres", Path(tempfile.gettempdir())) as url:
        if processes > 1:
            store = await open_store(url)  # migrated once, before the processes start
            await store.close()
            return await asyncio.to_thread(several_processes, url, key, tables, seconds, rate, processes)
        return await service_throughput(f"{url}&application_name={_APPLICATION}", key, tables, seconds, rate)


# ---- part 2: Discord REST calls per game action under SimCord -----------------------------
def rest_calls_per_action() -> dict[str, float] | None:
    """Discord REST calls per game action, measured under SimCord (bench/discord_rest.py)."""
    from discord_rest import rest_calls_per_action as measure
    return measure("sutosute", games=3)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0, help="time per configuration")
    ap.add_argument("--tables", default="1,8,32", help="tables played at once, comma separated")
    ap.add_argument("--game", default="sutosute", help="game key (people make random legal moves)")
    ap.add_argument("--db", type=Path, default=None, help="SQLite file (default: a temporary file)")
    ap.add_argument("--postgres", default=None, help="PostgreSQL URL (default: TEST_POSTGRES_URL, else skipped)")
    ap.add_argument("--no-rest", action="store_true", help="skip part 2 (Discord REST calls under SimCord)")
    ap.add_argument("--rate", type=float, action="append", default=None,
                    help="also an open-loop run at this many person-moves/s over the tables (repeatable), "
                         "latency counted from when each move was due, e.g. --rate 800")
    ap.add_argument("--processes", type=int, action="append", default=[],
                    help="PostgreSQL: also the same tables split over this many processes sharing the "
                         "database (repeatable), e.g. --processes 2")
    args = ap.parse_args()
    rates: list[float | None] = [None, *(args.rate or [])]
    db = args.db or Path(tempfile.mkdtemp()) / "bench.sqlite3"
    for rate in rates:
        load = "as fast as answers come" if rate is None else f"offered {rate:.0f} moves/s (open loop)"
        print(f"Table service on SQLite (WAL, synchronous=FULL), game {args.game}, {load}, {db}")
        print(HEADER)
        for n in (int(x) for x in args.tables.split(",")):
            db.unlink(missing_ok=True)
            print_row(n, asyncio.run(service_throughput(f"sqlite:///{db}", args.game, n, args.seconds, rate)))
    postgres = args.postgres or os.environ.get("TEST_POSTGRES_URL")
    for rate in rates if postgres else []:
        load = "as fast as answers come" if rate is None else f"offered {rate:.0f} moves/s (open loop)"
        print(f"Table service on PostgreSQL (synchronous_commit on), game {args.game}, {load}, {postgres}")
        print(HEADER)
        for n in (int(x) for x in args.tables.split(",")):
            print_row(n, asyncio.run(_on_postgres(postgres, args.game, n, args.seconds, rate)))
        for processes in args.processes:
            print(f"  the same tables split over {processes} processes (each one of several writers, "
                  "as bot processes with SHARD_IDS):")
            for n in (int(x) for x in args.tables.split(",")):
                print_row(n, asyncio.run(_on_postgres(postgres, args.game, n, args.seconds, rate, processes)))
    if not postgres:
        print("PostgreSQL: skipped (pass --postgres URL or set TEST_POSTGRES_URL)")
    if args.no_rest:
        return
    rest = rest_calls_per_action()
    print("Discord REST calls per person decision (SimCord, sutosute; a turn = /game hand + one decision):")
    for key, value in (rest or {}).items():
        print(f"  {key:<34} {value:8.2f}")


if __name__ == "__main__":
    main()
