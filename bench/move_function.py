"""What PostgreSQL's move function costs the server, without the game around it.

    python bench/move_function.py [--postgres URL] [--connections 16] [--seconds 3] [--runs 3] [VARIANT.sql ...]

Each connection plays a table of its own with the same kind of call a move sends
(`SELECT cardbot_move(…)`: a ~1-3 KB state, one changed seat, one replaced turn timer, one notice,
a snapshot every 20 moves), as fast as answers come. Prints, per run, the calls and the CPU per
call of this process and of the server processes behind the connections (read from /proc: the
server must run on this machine). The bench's game loop costs the client far more than this, so
here small changes to the function show where `bench/interactions.py` only shows noise.

A VARIANT is a file of SQL run after the migrations in place of the function (a full
`CREATE FUNCTION cardbot_move …`, plus any `ALTER …` to try), measured alternately with the
migrations' own ("current"); medians at the end. Works in a schema of its own and drops it.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interactions import _process_cpu_s  # noqa: E402

from persistence import open_store  # noqa: E402
from persistence.db import postgres_dsn_and_schema  # noqa: E402
from persistence.repos.moves import CALL  # noqa: E402

SCHEMA = f"bench_move_{os.getpid()}"
SEATS = 3


async def _setup(url: str, connections: int, variant: Path | None) -> None:
    import asyncpg
    store = await open_store(f"{url}{'&' if '?' in url else '?'}schema={SCHEMA}")
    await store.close()
    conn = await asyncpg.connect(postgres_dsn_and_schema(url)[0], server_settings={"search_path": SCHEMA})
    try:
        if variant is not None:
            await conn.execute("DROP FUNCTION cardbot_move")
            await conn.execute(variant.read_text(encoding="utf-8"))
        for channel in range(connections):
            table = await conn.fetchval(
                "INSERT INTO game_tables (channel_id, game, status, host, options, version, lobby_version, rev, "
                "state, settings, auto_played, created_at, updated_at) "
                "VALUES ($1, 'sutosute', 'running', 'h', '{}', 0, 0, 0, '{}', '{}', FALSE, 0, 0) RETURNING id", channel)
            for position in range(SEATS):
                await conn.execute(
                    "INSERT INTO seats (table_id, position, user_id, display_name, is_cpu, auto, idle_expiries, "
                    "turn_seconds, turns) VALUES ($1, $2, $3, 'n', FALSE, FALSE, 0, 0, 0)", table, position, f"u{position}")
    finally:
        await conn.close()


def _move(table: int, n: int) -> list[Any]:
    """The arguments of move `n` of `table`, shaped as persistence/repos/moves.py sends them."""
    cards = "abcdefghij" * (100 + (n * 7) % 150)
    state = f'{{"n": {n}, "cards": "{cards}"}}'
    seat = f"u{n % SEATS}"
    return [table, n, n, n + 1, n + 1, state, float(n), False, n + 1,
            n + 1, seat, f"p{n}", '"1"', False, "[" + '{"e": 1},' * 40 + "{}]", float(n), n + 1, True, None, False,
            [n % SEATS], [seat], ["n"], [False], [False], [0], [float(n)], [1.0], [n], [None],
            [seat], ["turn"], [seat], [n + 60.0], [n + 1], [False], ["d" * 100], None, n % 20 == 0,
            [f"n{table}-{n}"], [table], [1], ["p" * 140], [float(n)]]


async def _run(url: str, connections: int, seconds: float) -> tuple[int, float, float]:
    import asyncpg
    app = f"bench-move-{os.getpid()}"
    pool = await asyncpg.create_pool(postgres_dsn_and_schema(url)[0], min_size=connections, max_size=connections,
                                     server_settings={"search_path": SCHEMA, "application_name": app})
    try:
        async with pool.acquire() as conn:
            pids = [r["pid"] for r in await conn.fetch("SELECT pid FROM pg_stat_activity WHERE application_name = $1", app)]
            tables = [r["id"] for r in await conn.fetch("SELECT id FROM game_tables ORDER BY id")]
        calls = 0

        async def play(table: int, until: float) -> None:
            nonlocal calls
            async with pool.acquire() as conn:
                n = 0
                while time.perf_counter() < until:
                    await conn.fetch(CALL, *_move(table, n))
                    n += 1
                    calls += 1

        server, cpu, start = _process_cpu_s(pids), time.process_time(), time.perf_counter()
        await asyncio.gather(*(play(t, start + seconds) for t in tables))
        server_after, cpu = _process_cpu_s(pids), time.process_time() - cpu
    finally:
        await pool.close()
    spent = float("nan") if server is None or server_after is None else server_after - server
    return calls, 1000 * cpu / max(calls, 1), 1000 * spent / max(calls, 1)


async def _drop(url: str) -> None:
    import asyncpg
    conn = await asyncpg.connect(postgres_dsn_and_schema(url)[0])
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE')
    finally:
        await conn.close()


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--postgres", default=os.environ.get("TEST_POSTGRES_URL"), help="PostgreSQL URL")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("variants", nargs="*", type=Path)
    args = ap.parse_args()
    if not args.postgres:
        sys.exit("pass --postgres URL or set TEST_POSTGRES_URL")
    server: dict[str, list[float]] = {}
    print(f"{'function':<40} {'calls':>7} {'client CPU ms':>13} {'server CPU ms':>13}")
    for _ in range(args.runs):
        for variant in [None, *args.variants]:
            name = "current" if variant is None else str(variant)
            try:
                await _setup(args.postgres, args.connections, variant)
                calls, client, spent = await _run(args.postgres, args.connections, args.seconds)
            finally:
                await _drop(args.postgres)
            server.setdefault(name, []).append(spent)
            print(f"{name:<40} {calls:>7} {client:13.3f} {spent:13.3f}", flush=True)
    for name, values in server.items():
        print(f"median server CPU ms/call {name}: {statistics.median(values):.3f}")


if __name__ == "__main__":
    asyncio.run(main())
