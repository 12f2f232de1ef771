"""Where the slow moves of `bench/interactions.py` lose their time: a timeline, not pass/fail.

    python bench/stalls.py [--seconds 10] [--tables 32] [--rate 800] [--db /tmp/x.sqlite3]
                           [--postgres postgresql://…]

Runs the same players as `bench/interactions.py` (one open-loop run at `--rate`, or closed
loop with `--rate 0`) with probes on: Python's garbage collections (`gc.callbacks`), the
event loop's lag (a task that asks to wake every millisecond), every group commit on the
SQLite thread (units in it, wall and thread-CPU time, the COMMIT alone, i.e. the fsync),
every WAL checkpoint (background and the writer's own, seen as a COMMIT that copies pages),
and every `act` call. It prints the distribution of each, then, for the moves slower than
`--slow` ms, how much of their time overlapped each kind of event.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import interactions  # noqa: E402

from persistence import sqlite as sqlite_backend  # noqa: E402
from persistence.checkpoint import WRITER_AUTOCHECKPOINT_PAGES  # noqa: E402
from tables import TableService  # noqa: E402

EVENTS: dict[str, list[tuple[float, float, object]]] = {}  # kind -> [(start, end, detail)]
_lock = threading.Lock()


def record(kind: str, start: float, end: float, detail: object = None) -> None:
    with _lock:
        EVENTS.setdefault(kind, []).append((start, end, detail))


# ---- probes ----------------------------------------------------------------------------------
_gc_start: dict[int, tuple[float, float]] = {}


def _gc_probe(phase: str, info: dict) -> None:
    now, cpu = time.perf_counter(), time.thread_time()
    if phase == "start":
        _gc_start[info["generation"]] = (now, cpu)
    else:
        started, cpu0 = _gc_start.pop(info["generation"], (now, cpu))
        record(f"gc{info['generation']}", started, now, cpu - cpu0)


class TimedConnection(sqlite3.Connection):
    """A connection that times its COMMITs and checkpoints (everything else passes through)."""

    def execute(self, sql, *args):  # noqa: ANN001 - sqlite3's signature
        if sql == "COMMIT" or sql.startswith("PRAGMA wal_checkpoint"):
            start, cpu = time.perf_counter(), time.thread_time()
            cursor = super().execute(sql, *args)
            if sql == "COMMIT":
                end = time.perf_counter()
                frames = wal_frames()
                record("commit", start, end, frames)
                if frames is not None and frames[0] >= WRITER_AUTOCHECKPOINT_PAGES:  # the wal hook checkpointed
                    record("autocheckpoint", start, end, frames)
                return cursor
            rows = cursor.fetchall()
            record("checkpoint", start, time.perf_counter(), tuple(rows[0]) if rows else None)
            record("checkpoint-cpu", start, start, time.thread_time() - cpu)
            return _Rows(rows)
        return super().execute(sql, *args)


SHM: list[str] = []  # the database's -shm file, once known


def wal_frames() -> tuple[int, int] | None:
    """(frames in the log, frames already copied back) from the WAL index header (the -shm
    file: mxFrame at byte 16, nBackfill at byte 96), read after a COMMIT."""
    if not SHM:
        return None
    try:
        with open(SHM[0], "rb") as f:
            head = f.read(100)
    except OSError:
        return None
    return int.from_bytes(head[16:20], sys.byteorder), int.from_bytes(head[96:100], sys.byteorder)


class _Rows:
    def __init__(self, rows):
        self._rows = rows

    def fetchall(self):
        return self._rows


_connect = sqlite3.connect


def _timed_connect(*args, **kwargs):
    kwargs.setdefault("factory", TimedConnection)
    return _connect(*args, **kwargs)


def install_sqlite_probes() -> None:
    sqlite_backend.sqlite3.connect = _timed_connect  # the module object is shared: checkpoint.py too
    group = sqlite_backend.SqliteDatabase._group

    def timed_group(self, units):
        start, cpu = time.perf_counter(), time.thread_time()
        try:
            return group(self, units)
        finally:
            record("group", start, time.perf_counter(), (len(units), time.thread_time() - cpu))
    sqlite_backend.SqliteDatabase._group = timed_group

    run = sqlite_backend.SqliteDatabase.run

    async def timed_run(self, unit):
        start = time.perf_counter()
        try:
            return await run(self, unit)
        finally:
            record("db.run", start, time.perf_counter())
    sqlite_backend.SqliteDatabase.run = timed_run


def install_act_probe() -> None:
    act = TableService.act

    async def timed_act(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            return await act(self, *args, **kwargs)
        finally:
            record("act", start, time.perf_counter())
    TableService.act = timed_act


async def _lag_probe(stop: asyncio.Event) -> None:
    while not stop.is_set():
        asked = time.perf_counter()
        await asyncio.sleep(0.001)
        woke = time.perf_counter()
        if woke - asked > 0.004:  # a loop blocked for more than a few ms
            record("loop-lag", asked + 0.001, woke)


# ---- report ----------------------------------------------------------------------------------
def _ms(x: float) -> str:
    return f"{1000 * x:7.2f}"


def _dist(values: list[float]) -> str:
    if not values:
        return "      -"
    v = sorted(values)
    pick = lambda q: v[min(len(v) - 1, int(q * len(v)))]  # noqa: E731
    return (f"n={len(v):6d} p50 {_ms(pick(0.5))} p99 {_ms(pick(0.99))} max {_ms(v[-1])} "
            f"total {1000 * sum(v):8.1f} ms")


def _overlap(a0: float, a1: float, spans: list[tuple[float, float, object]]) -> float:
    return sum(max(0.0, min(a1, e) - max(a0, s)) for s, e, _ in spans)


def report(slow_ms: float, t0: float) -> None:
    acts = EVENTS.get("act", [])
    if acts:  # what ran before the first move (start-up: migrations, the collection before gc.freeze) is not counted
        first = min(s for s, _, _ in acts)
        for kind, spans in EVENTS.items():
            EVENTS[kind] = [x for x in spans if x[1] >= first]
    print("\nwhat took how long (ms):")
    for kind in ("act", "db.run", "group", "commit", "checkpoint", "autocheckpoint", "gc0", "gc1", "gc2", "loop-lag"):
        spans = EVENTS.get(kind, [])
        print(f"  {kind:<11} {_dist([e - s for s, e, _ in spans])}")
    for g in ("gc0", "gc1", "gc2", "checkpoint-cpu"):
        print(f"  {g} thread-CPU {_dist([d for _, _, d in EVENTS.get(g, [])])}")
    print(f"  objects tracked by the collector at the end: {len(gc.get_objects())}, frozen {gc.get_freeze_count()}, "
          f"thresholds {gc.get_threshold()}, switch interval {sys.getswitchinterval() * 1000:.2f} ms")
    groups = EVENTS.get("group", [])
    if groups:
        sizes = sorted(d[0] for _, _, d in groups)
        cpu = [d[1] for _, _, d in groups]
        print(f"  group size: p50 {sizes[len(sizes) // 2]} p99 {sizes[int(0.99 * len(sizes))]} max {sizes[-1]}; "
              f"group thread-CPU {_dist(cpu)}")
    frames = [d[0] for _, _, d in EVENTS.get("commit", []) if d]
    steps = sorted(b - a for a, b in zip(frames, frames[1:], strict=False) if b > a)
    if steps:
        print(f"  WAL frames per commit: p50 {steps[len(steps) // 2]} max {steps[-1]}; log restarted "
              f"{sum(1 for a, b in zip(frames, frames[1:], strict=False) if b < a)} times; most frames in the log {max(frames)}")
    checkpoints = [d for _, _, d in EVENTS.get("checkpoint", []) if d]
    if checkpoints:
        print(f"  checkpoint (busy, log frames, copied): last {checkpoints[-1]}, "
              f"max log {max(c[1] for c in checkpoints)}")
    acts = EVENTS.get("act", [])
    slow = [(s, e) for s, e, _ in acts if e - s > slow_ms / 1000]
    print(f"\n{len(slow)} of {len(acts)} act calls over {slow_ms:.0f} ms; their time overlapped with (ms, sum over them):")
    total = sum(e - s for s, e in slow)
    print(f"  {'their own time':<30} {1000 * total:9.1f}")
    for kind, label in (("gc2", "gen-2 garbage collection"), ("gc1", "gen-1 garbage collection"),
                        ("gc0", "gen-0 garbage collection"), ("loop-lag", "event loop blocked > 4 ms"),
                        ("commit", "a COMMIT (WAL write + fsync)"),
                        ("autocheckpoint", "a COMMIT that checkpointed"), ("checkpoint", "a background checkpoint"),
                        ("group", "a group on the SQLite thread")):
        spans = EVENTS.get(kind, [])
        print(f"  {label:<30} {1000 * sum(_overlap(s, e, spans) for s, e in slow):9.1f}")
    worst = sorted(slow, key=lambda a: a[0] - a[1])[:8]
    print("\nthe slowest act calls (start s, ms) and what ran meanwhile:")
    for s, e in worst:
        parts = []
        for kind in ("gc2", "gc1", "gc0", "loop-lag", "autocheckpoint", "commit", "checkpoint", "group"):
            spans = [x for x in EVENTS.get(kind, []) if x[1] > s and x[0] < e]
            if spans:
                longest = max(x[1] - x[0] for x in spans)
                parts.append(f"{kind} x{len(spans)} (longest {1000 * longest:.1f})")
        print(f"  {s - t0:7.3f} {1000 * (e - s):7.1f}  " + ", ".join(parts))


async def _probed(url: str, game: str, tables: int, seconds: float, rate: float | None) -> dict:
    stop = asyncio.Event()
    lag = asyncio.get_running_loop().create_task(_lag_probe(stop))
    try:
        return await interactions.service_throughput(url, game, tables, seconds, rate)
    finally:
        stop.set()
        await lag


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--tables", type=int, default=32)
    ap.add_argument("--rate", type=float, default=800.0, help="person-moves/s offered (0: closed loop)")
    ap.add_argument("--game", default="sutosute")
    ap.add_argument("--db", type=Path, default=None)
    ap.add_argument("--postgres", default=None, help="probe a PostgreSQL run instead (no SQLite probes)")
    ap.add_argument("--slow", type=float, default=20.0, help="an act slower than this many ms is looked into")
    ap.add_argument("--default-gc", action="store_true",
                    help="compare: CPython's default collector (no tables/runtime.py tuning)")
    ap.add_argument("--switch-ms", type=float, default=None, help="experiment: sys.setswitchinterval")
    args = ap.parse_args()
    if args.default_gc:
        interactions.runtime.tune_gc = interactions.runtime.freeze_startup_objects = lambda: None
    if args.switch_ms:
        sys.setswitchinterval(args.switch_ms / 1000)
    gc.callbacks.append(_gc_probe)
    install_act_probe()
    rate = args.rate or None
    t0 = time.perf_counter()
    if args.postgres:
        os.environ.setdefault("TEST_POSTGRES_URL", args.postgres)

        async def on_postgres() -> dict:
            async with interactions.isolated_url("postgres", Path(tempfile.gettempdir())) as url:
                return await _probed(url, args.game, args.tables, args.seconds, rate)
        result = asyncio.run(on_postgres())
    else:
        install_sqlite_probes()
        db = args.db or Path(tempfile.mkdtemp()) / "stalls.sqlite3"
        db.unlink(missing_ok=True)
        SHM.append(f"{db}-shm")
        result = asyncio.run(_probed(f"sqlite:///{db}", args.game, args.tables, args.seconds, rate))
    print(interactions.HEADER)
    interactions.print_row(args.tables, result)
    report(args.slow, t0)


if __name__ == "__main__":
    main()
