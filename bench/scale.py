"""Start and look-ups that must not grow with history: numbers, not pass/fail.

    python bench/scale.py [--tables 10000] [--results 100000] [--robots 100]

1. Start with many open tables (SQLite): open the store and let the service recover (robot
   moves a crash interrupted) with `--tables` running tables, `--robots` of them with a
   computer seat. Prints the seconds from opening the database to a service ready to serve.
2. `/game stats` and `/game leaderboard` of a guild with `--results` finished games: the
   median and worst of 20 calls each (plus, once, the time the store takes to build its
   stats from results written before it kept them).

The rows are written straight with sqlite3 (copies of one real game), so the same script
measures any version of the code.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from persistence import open_store  # noqa: E402
from tables import TableService  # noqa: E402

GUILD = 1


async def template(url: str) -> None:
    """One real running game (its rows are copied) and the schema."""
    store = await open_store(url)
    svc = TableService(store)
    table = await svc.open_lobby(GUILD, 1, "u1", "Ann", "sutosute")
    await svc.join(table.id, "u2", "Bob")
    await svc.start(table.id, "u1", seed=1)
    await store.close()


def fill_tables(path: Path, count: int, robots: int) -> None:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    row = dict(conn.execute("SELECT * FROM game_tables WHERE id = 1").fetchone())
    seats = [dict(r) for r in conn.execute("SELECT * FROM seats WHERE table_id = 1 ORDER BY position")]
    columns = [c for c in row if c != "id"]
    with conn:
        for n in range(2, count + 1):
            values = {**row, "channel_id": 1000 + n}
            cur = conn.execute(f"INSERT INTO game_tables ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                               [values[c] for c in columns])
            for seat in seats:
                is_cpu = n <= robots + 1 and seat["position"] == 1
                seat_values = {**seat, "table_id": cur.lastrowid, "user_id": "cpu:1" if is_cpu else f"{seat['user_id']}-{n}",
                               "is_cpu": is_cpu}
                conn.execute(f"INSERT INTO seats ({', '.join(seat_values)}) VALUES ({', '.join('?' * len(seat_values))})",
                             list(seat_values.values()))
    conn.close()


def fill_results(path: Path, count: int, players: int = 200) -> None:
    rng = random.Random(1)
    conn = sqlite3.connect(path)
    (table_id,) = conn.execute("SELECT MAX(id) FROM game_tables").fetchone()
    template_row = conn.execute("SELECT * FROM game_tables WHERE id = 1").fetchone()
    with conn:
        for n in range(count):
            a, b = rng.sample(range(players), 2)
            users = [f"p{a}", f"p{b}"]
            winner = rng.choice(users)
            cur = conn.execute("INSERT INTO game_tables (guild_id, channel_id, game, status, host, options, version, "
                               "lobby_version, rev, settings, auto_played, created_at, updated_at, finished_at) "
                               "VALUES (?, ?, 'sutosute', 'finished', ?, ?, 10, 3, 20, ?, 0, ?, ?, ?)",
                               (GUILD, 5_000_000 + n, users[0], template_row[6], template_row[15], n, n, n))
            result = {"table_id": cur.lastrowid, "guild_id": GUILD, "game": "sutosute", "players": users,
                      "humans": users, "ranking": [[winner], [u for u in users if u != winner]], "winners": [winner],
                      "scores": {}, "ended_by": "rules", "rated": True, "finished_at": float(n),
                      "turn_seconds": {u: 60.0 for u in users}, "turns": {u: 3 for u in users}, "summary": None}
            conn.execute("INSERT INTO results (table_id, guild_id, game, ended_by, rated, finished_at, data) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?)", (cur.lastrowid, GUILD, "sutosute", "rules", 1, float(n),
                                                         json.dumps(result)))
    del table_id
    conn.close()


async def start_time(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    store = await open_store(url)
    svc = TableService(store)
    recovered = await svc.recover()  # ready to serve: the robots' moves go on as their own steps
    elapsed = time.perf_counter() - started
    await svc.settle()
    await store.close()
    return elapsed, len(recovered)


async def query_times(url: str, calls: int = 20) -> dict[str, float]:
    opened = time.perf_counter()
    store = await open_store(url)
    out = {"open_s": time.perf_counter() - opened}
    svc = TableService(store)
    for name, call in (("stats", lambda: svc.stats(GUILD)), ("stats_one_user", lambda: svc.stats(GUILD, user_id="p7")),
                       ("leaderboard", lambda: svc.leaderboard(GUILD, "sutosute"))):
        times = []
        for _ in range(calls):
            t = time.perf_counter()
            await call()
            times.append(time.perf_counter() - t)
        out[f"{name}_ms"] = 1000 * statistics.median(times)
        out[f"{name}_max_ms"] = 1000 * max(times)
    await store.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=10_000)
    ap.add_argument("--robots", type=int, default=100, help="of those, tables with a computer seat")
    ap.add_argument("--results", type=int, default=100_000)
    ap.add_argument("--calls", type=int, default=20, help="calls of each look-up")
    ap.add_argument("--only", choices=("start", "stats"), default=None)
    args = ap.parse_args()
    directory = Path(tempfile.mkdtemp())
    if args.only != "stats":
        measure_start(directory, args)
    if args.only != "start":
        measure_stats(directory, args)


def measure_start(directory: Path, args: argparse.Namespace) -> None:
    path = directory / "tables.sqlite3"
    asyncio.run(template(f"sqlite:///{path}"))
    fill_tables(path, args.tables, args.robots)
    seconds, recovered = asyncio.run(start_time(f"sqlite:///{path}"))
    print(f"start with {args.tables} open tables ({args.robots} with a computer seat): {seconds:.2f} s "
          f"({recovered} tables had robot moves to make)", flush=True)
    seconds, _ = asyncio.run(start_time(f"sqlite:///{path}"))
    print(f"  again (nothing left to recover): {seconds:.2f} s", flush=True)


def measure_stats(directory: Path, args: argparse.Namespace) -> None:
    path = directory / "results.sqlite3"
    asyncio.run(template(f"sqlite:///{path}"))
    fill_results(path, args.results)
    first = asyncio.run(query_times(f"sqlite:///{path}", args.calls))
    print(f"{args.results} finished games, first open (builds the kept stats if missing): {first['open_s']:.2f} s; "
          f"/game stats median {first['stats_ms']:.1f} ms, leaderboard {first['leaderboard_ms']:.1f} ms", flush=True)
    r = asyncio.run(query_times(f"sqlite:///{path}", args.calls))
    print(f"  then open {r['open_s']:.3f} s; /game stats median {r['stats_ms']:.1f} ms (max {r['stats_max_ms']:.1f}), "
          f"one player's stats {r['stats_one_user_ms']:.1f} ms, leaderboard {r['leaderboard_ms']:.1f} ms "
          f"(max {r['leaderboard_max_ms']:.1f})")


if __name__ == "__main__":
    main()
