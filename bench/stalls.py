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

    python bench/stalls.py --simcord [--games 1] [--players 3] [--picture-workers 0,1] [--rounds 2]

`--simcord` instead plays Guns & Steel games (3 players by default) through SimCord, the bot's
whole Discord surface with pictures on (`bench/discord_rest.py`), and measures how late the
event loop runs a task that asks to wake every millisecond: what a click on another table
waits for. A watcher thread samples where the event loop's thread is whenever it is more than
5 ms late, so the report names what held the loop (a picture drawn on it, JSON of a big state,
a search). `--picture-workers 0,1` runs the same games with pictures drawn on the pictures
thread (0) and in a worker process (1), alternating for `--rounds`, and prints each run and
the ratio of their medians.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bot"))

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


class LoopWatch:
    """Where the event loop's thread is while the loop is late: a task beats every millisecond,
    a thread looks every 2 ms and, when the last beat is over `late_ms` old, records the stack
    of the loop's thread (innermost frames of this project and of the libraries it called)."""

    ROOTS = ("bot/", "tables/", "games/", "pictures/", "persistence/")

    def __init__(self, late_ms: float = 5.0) -> None:
        self.late_s = late_ms / 1000
        self.beat = time.perf_counter()
        self.samples: Counter[str] = Counter()
        self.looks = 0
        self._stop = threading.Event()
        self._thread_id = threading.get_ident()

    async def heartbeat(self, stop: asyncio.Event) -> None:
        self._thread_id = threading.get_ident()
        watcher = threading.Thread(target=self._watch, name="loop-watch", daemon=True)
        watcher.start()
        try:
            while not stop.is_set():
                self.beat = time.perf_counter()
                await asyncio.sleep(0.001)
        finally:
            self._stop.set()
            watcher.join()

    def _watch(self) -> None:
        while not self._stop.wait(0.002):
            self.looks += 1
            if time.perf_counter() - self.beat > self.late_s:
                frame = sys._current_frames().get(self._thread_id)
                if frame is not None:
                    place = self.where(frame)
                    if "selectors.py:select" in place or "_read_from_self" in place:
                        place = "waiting for the OS to run the loop's thread (in select: a busy machine)"
                    self.samples[place] += 1

    @classmethod
    def where(cls, frame) -> str:  # noqa: ANN001 - a frame
        own, outer = None, None
        while frame is not None:
            path = frame.f_code.co_filename.replace("\\", "/")
            name = f"{Path(path).name}:{frame.f_code.co_name}"
            if outer is None:
                outer = name
            if own is None and any(f"/{root}" in path for root in cls.ROOTS) and "/site-packages/" not in path:
                own = f"{path.split('/')[-2]}/{name}"
                break
            frame = frame.f_back
        return f"{own or '-'} (in {outer})" if outer != (own or "").split("/")[-1] else own or "-"

    def report(self, top: int = 12) -> None:
        late = sum(self.samples.values())
        print(f"  loop late > {1000 * self.late_s:.0f} ms in {late} of {self.looks} looks "
              f"({100 * late / max(1, self.looks):.2f} %); where the loop's thread was (samples):")
        for place, n in self.samples.most_common(top):
            print(f"    {n:6d}  {place}")


class CallbackClock:
    """The event loop's own work, callback by callback: wall time and CPU time of the loop's
    thread (time.thread_time) for each. CPU time does not depend on how busy the machine is,
    so "no callback over 5 ms of CPU" shows that nothing CPU-heavy runs on the loop; wall time
    over CPU time is time the callback waited (for the GIL held by another thread, or for a
    core)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.heavy: Counter[str] = Counter()  # what ran > 5 ms of CPU: callback -> count
        self._run = asyncio.events.Handle._run

    def __enter__(self) -> CallbackClock:
        clock, run = self, self._run

        def timed(handle: asyncio.events.Handle) -> None:
            w0, c0 = time.perf_counter(), time.thread_time()
            run(handle)
            cpu = time.thread_time() - c0
            clock.wall.append(time.perf_counter() - w0)
            clock.cpu.append(cpu)
            if cpu > 0.005:
                clock.heavy[clock.name(handle)] += 1
        asyncio.events.Handle._run = timed
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.events.Handle._run = self._run

    @staticmethod
    def name(handle: asyncio.events.Handle) -> str:
        callback = getattr(handle, "_callback", None)
        callback = getattr(callback, "__simcord_original_callback__", callback)  # SimCord's tracking wrapper
        callback = getattr(callback, "func", callback)  # functools.partial
        task = getattr(callback, "__self__", None)
        if isinstance(task, asyncio.Task):
            coro = task.get_coro()
            return getattr(coro, "__qualname__", repr(coro))
        owner = getattr(callback, "__self__", None)
        name = getattr(callback, "__qualname__", repr(callback))
        return f"{name} of {type(owner).__qualname__}" if owner is not None else name

    def report(self) -> None:
        def pick(v: list[float], q: float) -> float:
            return sorted(v)[min(len(v) - 1, int(q * len(v)))] * 1000 if v else 0.0
        over = sum(1 for c in self.cpu if c > 0.005)
        print(f"  loop callbacks: {len(self.cpu)}; CPU p99 {pick(self.cpu, 0.99):.2f} ms, p99.9 "
              f"{pick(self.cpu, 0.999):.2f} ms, max {pick(self.cpu, 1.0):.1f} ms, {over} over 5 ms of CPU, "
              f"total {sum(self.cpu):.1f} s; wall p99 {pick(self.wall, 0.99):.2f} ms, max {pick(self.wall, 1.0):.1f} ms")
        for place, n in self.heavy.most_common(8):
            print(f"    {n:6d} x > 5 ms CPU  {place}")


def simcord_runs(games: int, players: int, workers: list[int], rounds: int) -> None:
    """Guns & Steel through SimCord with pictures on, for each picture-worker setting in turn."""
    import discord_rest

    runs: dict[int, list[dict]] = {w: [] for w in workers}
    for r in range(rounds):
        for w in workers:
            watch = LoopWatch()
            stop = asyncio.Event()

            async def one(watch: LoopWatch = watch, stop: asyncio.Event = stop, w: int = w, r: int = r) -> dict:
                beat = asyncio.get_running_loop().create_task(watch.heartbeat(stop))
                try:
                    return await discord_rest.measure("guns-and-steel", games, seed=r, players=players,
                                                      picture_workers=w)
                finally:
                    stop.set()
                    await beat
            cpu0 = time.process_time()
            with CallbackClock() as clock:
                result = asyncio.run(one())
            result["bot process CPU s"] = time.process_time() - cpu0
            result["callback CPU max ms"] = 1000 * max(clock.cpu, default=0.0)
            runs[w].append(result)
            print(f"\nround {r + 1}, picture workers {w} ({'a worker process' if w else 'the pictures thread'}): "
                  f"{result['decisions']:.0f} decisions; event loop late p50 {result['event loop late p50 ms']:.2f} ms, "
                  f"p99 {result['event loop late p99 ms']:.2f} ms, max {result['event loop late max ms']:.1f} ms; "
                  f"turn p50 {result['turn p50 ms']:.0f} ms; this process's CPU {result['bot process CPU s']:.1f} s",
                  flush=True)
            clock.report()
            watch.report()
    print("\nmedians over the rounds (event loop late, ms):")
    for w in workers:
        p99 = statistics.median(x["event loop late p99 ms"] for x in runs[w])
        p50 = statistics.median(x["event loop late p50 ms"] for x in runs[w])
        print(f"  picture workers {w}: p50 {p50:.2f}  p99 {p99:.2f}  (runs: "
              + ", ".join(f"{x['event loop late p99 ms']:.1f}" for x in runs[w]) + ")")
    if len(workers) == 2 and rounds:
        a, b = workers
        ratios = [y["event loop late p99 ms"] / max(1e-9, x["event loop late p99 ms"])
                  for x, y in zip(runs[a], runs[b], strict=True)]
        print(f"  p99 ratio workers {b} / workers {a}, round by round: " + ", ".join(f"{q:.2f}" for q in ratios))


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
    ap.add_argument("--simcord", action="store_true",
                    help="instead: the event loop's lateness during Guns & Steel games through SimCord, pictures on")
    ap.add_argument("--games", type=int, default=1, help="--simcord: games per run")
    ap.add_argument("--players", type=int, default=3, help="--simcord: players per game")
    ap.add_argument("--picture-workers", default="1",
                    help="--simcord: picture worker processes, or several settings to compare in turn (0,1)")
    ap.add_argument("--rounds", type=int, default=1, help="--simcord: runs of each setting, alternating")
    args = ap.parse_args()
    if args.simcord:
        simcord_runs(args.games, args.players, [int(w) for w in args.picture_workers.split(",")], args.rounds)
        return
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
