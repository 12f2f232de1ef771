"""A bot-shaped load: people who think, computer seats that search, pictures drawn. Numbers, not pass/fail.

    python bench/load.py [--tables 20] [--cpu-tables 10] [--think 5] [--seconds 60] [--game sutosute]
                         [--budget 0.9 | --iterations N] [--no-baseline] [--no-pictures] [--picture-workers 1]
                         [--postgres postgresql://…]

Drives `TableService` as the Discord front end does, with `--tables` tables in their own
channels: `--cpu-tables` of them seat one person against a computer seat (strong, searching
in the service's worker pool: the bot's iterations for the game and mode, or `--iterations`, or
`--budget` seconds of wall time a decision), the others seat people only.
Each person opens their decisions (`prompts_for`, as the hand's controls do), thinks for a
uniformly random 0.5-1.5 x `--think` seconds, answers with a random legal move, and is
answered as the bot answers a click: their hand redrawn (the board and hand pictures, through
the bot's picture cache, drawn off the event loop by its picture worker process as the bot
draws them, `--picture-workers`; without Discord's REST). Every computer or automatic move that the
service commits on its own is drawn on the board too, as the announcer would. A finished game
is followed by a new one at the same table.

Prints, for the load it ran (tables, think time, computer tables):
- people's decision latency p50/p99 (the `act` call plus the redraw, from click to answer),
  also p95 at the computer tables alone;
- computer-move wait p50/p95: from the move before it (the person's, usually) to the computer's
  move, both as committed (their log entries' times);
- search iterations per computer decision, and the workers' CPU seconds per decision;
- decisions/s (people's, computers');
- the queue of computer decisions (asked for and not yet answered: waiting or thinking),
  sampled every 100 ms: mean and most; the slowest table's median computer-move wait against
  the median of all (fairness across tables); searches the wall ceiling cut short;
- the bot process's own CPU per decision (event loop, database driver, pictures);
- people's latency split: the `act` call alone (the move committed), the rest being the redraw;
- the picture workers' CPU per picture drawn and per decision.
Unless `--no-baseline`, the same people are first run with no computer tables (every table
seats people only), and the ratio of the people's p99 is printed. PostgreSQL runs too when
`--postgres` or TEST_POSTGRES_URL names a database (the bench uses a schema of its own).
The machine's other work shows in these numbers: say what else it ran.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.discord_ui.pictures_cache import PictureCache  # noqa: E402
from games import registry  # noqa: E402
from games.kit import Rng  # noqa: E402
from games.kit.playout import random_choice  # noqa: E402
from persistence import open_store  # noqa: E402
from persistence.testing import isolated_url  # noqa: E402
from tables import TableError, TableService, cpu, runtime  # noqa: E402
from tables.read_model import read  # noqa: E402

GUILD = 1


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Load:
    """One run: the service, its tables and what was measured."""

    def __init__(self, svc: TableService, game_key: str, options: dict, think: float, pictures: bool,
                 until: float, picture_workers: int = 1) -> None:
        self.svc = svc
        self.game = registry.get(game_key)
        self.options = options
        self.think = think
        self.pictures = PictureCache(workers=picture_workers) if pictures else None
        self._drawing: set[asyncio.Task] = set()
        self.until = until
        self.latency: list[float] = []        # every person's decision, click to answer
        self.latency_cpu: list[float] = []    # the same, at tables with a computer seat
        self.acting: list[float] = []         # of each, the `act` call alone (the move committed)
        self.refused = 0
        self.people = 0
        self.tables: list[int] = []           # every table played (for the computer waits)
        self.changed: dict[int, asyncio.Event] = {}
        self.drawn = 0

    # ---- what a front end does -------------------------------------------------------------
    async def draw_board(self, table) -> None:
        """The board as the announcer draws it: off the event loop (`PictureCache.prepare`)."""
        if self.pictures is not None and table.state_json:
            seen = read(table)
            await self.pictures.prepare(seen, "en")
            self.pictures.board_png(seen, "en")
            self.drawn += 1

    async def draw_hand(self, table, user_id: str) -> None:
        """What `bot.discord_ui.play` draws for the clicking player: their hand and the board,
        off the event loop (`hand_payload`)."""
        if self.pictures is not None and table.state_json:
            seen = read(table)
            await self.pictures.prepare(seen, "en", hands=(user_id,))
            self.pictures.board_png(seen, "en")
            self.pictures.hand_png(seen, user_id, "en")
            self.drawn += 2

    def moved(self, result) -> None:
        """The service committed a move of its own (a computer's): the board follows it."""
        task = asyncio.get_running_loop().create_task(self.draw_board(result.table))
        self._drawing.add(task)
        task.add_done_callback(self._drawing.discard)
        self.poke(result.table.id)

    def poke(self, table_id: int) -> None:
        event = self.changed.get(table_id)
        if event is not None:
            event.set()

    # ---- the players -----------------------------------------------------------------------
    async def new_table(self, channel: int, cpu_seat: bool, seed: int) -> int:
        low, _ = self.game.player_range(self.game.parse_options(self.options))
        people = [f"u{channel}-{i}" for i in range(1 if cpu_seat else max(low, 1))]
        table = await self.svc.open_lobby(GUILD, channel, people[0], people[0], self.game.key)
        for name, value in self.options.items():
            await self.svc.set_option(table.id, people[0], name, value)
        for user in people[1:]:
            await self.svc.join(table.id, user, user)
        if cpu_seat:
            await self.svc.add_cpu(table.id, people[0], level="strong")
        self.changed[table.id] = asyncio.Event()
        self.tables.append(table.id)
        result = await self.svc.start(table.id, people[0], seed=seed)
        await self.draw_board(result.table)
        return table.id

    async def person(self, table_id: int, user_id: str, version: int, rng: Rng, cpu_seat: bool) -> None:
        prompts = await self.svc.prompts_for(table_id, user_id)
        if not prompts:
            return
        await asyncio.sleep(self.think * (0.5 + rng.below(1000) / 1000))
        if time.perf_counter() >= self.until:
            return
        prompt = rng.choice(prompts)
        started = time.perf_counter()
        try:
            result = await self.svc.act(table_id, user_id, version, prompt.id, random_choice(prompt, rng))
        except TableError:
            self.refused += 1  # out of date: the other player's move came first
            return
        self.acting.append(time.perf_counter() - started)
        await self.draw_hand(result.table, user_id)
        took = time.perf_counter() - started
        self.latency.append(took)
        if cpu_seat:
            self.latency_cpu.append(took)
        self.people += 1
        self.poke(table_id)

    async def table(self, channel: int, cpu_seat: bool) -> None:
        rng = Rng(seed=channel)
        seed = channel * 1000
        table_id = await self.new_table(channel, cpu_seat, seed)
        while time.perf_counter() < self.until:
            table = await self.svc.get(table_id)
            if table.status != "running":
                seed += 1
                table_id = await self.new_table(channel, cpu_seat, seed)
                continue
            owing = {d.player for d in read(table).decisions}  # as a front end reads it (parsed once a version)
            people = [s.user_id for s in table.seats if s.is_human and not s.auto and s.user_id in owing]
            if not people:  # a computer (or an automatic move) is due: wait for the service
                event = self.changed[table_id]
                event.clear()
                try:
                    await asyncio.wait_for(event.wait(), timeout=0.5)
                except TimeoutError:
                    pass
                continue
            await asyncio.gather(*(self.person(table_id, u, table.version, rng, cpu_seat) for u in people))


async def sample_queue(runner: cpu.CpuRunner, until: float, samples: list[int]) -> None:
    while time.perf_counter() < until:
        samples.append(getattr(getattr(runner, "stats", None), "waiting", 0))
        await asyncio.sleep(0.1)


async def computer_waits(svc: TableService, tables: list[int]) -> dict[int, list[float]]:
    """From the move before each computer move to it, as committed, per table."""
    waits: dict[int, list[float]] = {}
    for table_id in tables:
        entries = [e for e in await svc.store.actions.list(table_id, limit=100_000) if not e.undone]
        for before, entry in zip(entries, entries[1:], strict=False):
            if entry.player.startswith("cpu:"):
                waits.setdefault(table_id, []).append(entry.created_at - before.created_at)
    return waits


def process_cpu(pids: list[int]) -> float:
    """CPU seconds (user + system) the processes `pids` have used so far (Linux /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


def warm_pool(runner: cpu.CpuRunner) -> None:
    """Start the worker processes (and import the games there) before the clock starts."""
    pool = runner.executor or cpu.shared_pool()
    futures = [pool.submit(registry.get, "sutosute") for _ in range(8)]
    for f in futures:
        f.result()


async def run(url: str, args: argparse.Namespace, cpu_tables: int) -> dict:
    game = registry.get(args.game)
    options = dict(args.option or [])
    game.setup([f"warm-{i}" for i in range(game.player_range(game.parse_options(options))[0])],
               game.parse_options(options), 0)
    store = await open_store(url)
    runner = cpu.CpuRunner(budget_s=args.budget, iterations=args.iterations)
    warm_pool(runner)
    load: Load | None = None
    try:
        svc = TableService(store, max_open_tables_per_user=10, cpu_runner=runner)
        runtime.tune_gc()
        runtime.freeze_startup_objects()
        start = time.perf_counter()
        load = Load(svc, args.game, options, args.think, not args.no_pictures, start + args.seconds,
                    args.picture_workers)
        if load.pictures is not None:
            await load.pictures.ready()
        if hasattr(svc, "on_automatic"):  # the service moves computers on its own: the board follows
            svc.on_automatic = load.moved
        queue: list[int] = []
        drawers = load.pictures.worker_pids() if load.pictures is not None else []
        renders0, drawers0 = (load.pictures.renders if load.pictures is not None else 0), process_cpu(drawers)
        cpu0 = time.process_time()
        stats0 = getattr(runner, "stats", None)
        before = (stats0.decisions, stats0.iterations, stats0.cpu_s) if stats0 else (0, 0, 0.0)
        await asyncio.gather(sample_queue(runner, load.until, queue),
                             *(load.table(2000 + n, n < cpu_tables) for n in range(args.tables)))
        elapsed, used = time.perf_counter() - start, time.process_time() - cpu0
        drawers_used = process_cpu(drawers) - drawers0
        renders = (load.pictures.renders if load.pictures is not None else 0) - renders0
        if hasattr(svc, "settle"):
            await svc.settle()
        by_table = await computer_waits(svc, load.tables)
        waits = [w for ws in by_table.values() for w in ws]
        table_medians = [statistics.median(ws) for ws in by_table.values()]
        stats = getattr(runner, "stats", None)
        decisions = (stats.decisions - before[0]) if stats else len(waits)
        iterations = (stats.iterations - before[1]) if stats else 0
        search_cpu = (stats.cpu_s - before[2]) if stats else 0.0
    finally:
        if load is not None and load.pictures is not None:
            load.pictures.close()
        await store.close()
    return {"people": load.people, "refused": load.refused, "elapsed": elapsed,
            "p50": pct(load.latency, 0.5), "p99": pct(load.latency, 0.99),
            "act50": pct(load.acting, 0.5), "act99": pct(load.acting, 0.99), "p95_cpu": pct(load.latency_cpu, 0.95),
            "wait50": pct(waits, 0.5), "wait95": pct(waits, 0.95), "computer": decisions,
            "slowest_table": max(table_medians, default=0.0),
            "cut_short": len(stats.cut_short) if stats is not None and hasattr(stats, "cut_short") else 0,
            "iterations": iterations / decisions if decisions else float("nan"),
            "search_cpu": search_cpu / decisions if decisions else float("nan"),
            "queue_mean": statistics.fmean(queue) if queue else 0.0, "queue_max": max(queue, default=0),
            "cpu_ms": 1000 * used / max(1, load.people + decisions), "drawn": load.drawn,
            "renders": renders, "worker_ms": 1000 * drawers_used / renders if renders and drawers else float("nan"),
            "worker_ms_decision": 1000 * drawers_used / max(1, load.people + decisions)}


def report(label: str, r: dict) -> None:
    ms = 1000
    print(f"  {label}")
    print(f"    people's decisions: {r['people']} ({r['people'] / r['elapsed']:.2f}/s, {r['refused']} out of date), "
          f"latency p50 {ms * r['p50']:.0f} ms, p99 {ms * r['p99']:.0f} ms"
          + (f", p95 at computer tables {ms * r['p95_cpu']:.0f} ms" if r['p95_cpu'] == r['p95_cpu'] else ""))
    print(f"    of which the move committed (`act`): p50 {ms * r['act50']:.0f} ms, p99 {ms * r['act99']:.0f} ms; "
          f"the rest is the redraw")
    if r["computer"]:
        print(f"    computer decisions: {r['computer']} ({r['computer'] / r['elapsed']:.2f}/s), "
              f"wait p50 {ms * r['wait50']:.0f} ms, p95 {ms * r['wait95']:.0f} ms, "
              f"{r['iterations']:.0f} search iterations and {r['search_cpu']:.2f} s of worker CPU per decision")
        print(f"    computer decisions asked for and not answered: mean {r['queue_mean']:.2f}, most {r['queue_max']}; "
              f"the slowest table's median wait {ms * r['slowest_table']:.0f} ms "
              f"({r['slowest_table'] / r['wait50'] if r['wait50'] else 0:.2f}x the median); "
              f"{r['cut_short']} searches cut short by the wall ceiling")
    print(f"    bot process CPU per decision: {r['cpu_ms']:.1f} ms (pictures shown: {r['drawn']}, drawn: {r['renders']})",
          flush=True)
    if r["worker_ms"] == r["worker_ms"]:
        print(f"    picture workers' CPU: {r['worker_ms']:.1f} ms per picture drawn, "
              f"{r['worker_ms_decision']:.1f} ms per decision", flush=True)


async def on_backend(backend: str, base: str | None, args: argparse.Namespace, cpu_tables: int) -> dict:
    if backend == "postgres":
        os.environ["TEST_POSTGRES_URL"] = base or ""
    async with isolated_url(backend, Path(tempfile.mkdtemp())) as url:
        return await run(url, args, cpu_tables)


def budget_words(args: argparse.Namespace) -> str:
    if args.iterations is not None:
        return f"{args.iterations} iterations"
    if args.budget is not None:
        return f"{args.budget} s"
    return "the bot's iterations"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tables", type=int, default=20, help="tables played at once")
    ap.add_argument("--cpu-tables", type=int, default=10, help="of them, tables of one person against a computer")
    ap.add_argument("--think", type=float, default=5.0, help="people's mean think time, seconds")
    ap.add_argument("--seconds", type=float, default=60.0, help="time per run")
    ap.add_argument("--game", default="sutosute")
    ap.add_argument("--option", nargs=2, action="append", metavar=("NAME", "VALUE"),
                    help="a game option for every table, e.g. --option mode duel")
    ap.add_argument("--budget", type=float, default=None,
                    help="computer's wall seconds per decision instead of the bot's iterations (the old default: 0.9)")
    ap.add_argument("--iterations", type=int, default=None, help="computer's iterations per decision instead of the bot's")
    ap.add_argument("--no-baseline", action="store_true", help="skip the run without computer tables")
    ap.add_argument("--no-pictures", action="store_true", help="do not draw the pictures")
    ap.add_argument("--picture-workers", type=int, default=1,
                    help="picture worker processes, as PICTURE_WORKERS (0: the pictures thread in this process)")
    ap.add_argument("--postgres", default=None, help="PostgreSQL URL (default: TEST_POSTGRES_URL, else skipped)")
    ap.add_argument("--sqlite", action=argparse.BooleanOptionalAction, default=True, help="run on SQLite")
    args = ap.parse_args()
    postgres = args.postgres or os.environ.get("TEST_POSTGRES_URL")
    backends = [b for b, on in (("sqlite", args.sqlite), ("postgres", bool(postgres))) if on]
    print(f"Load: {args.tables} tables of {args.game}{' ' + str(dict(args.option)) if args.option else ''}, "
          f"{args.cpu_tables} of them one person against a strong computer ({budget_words(args)} a decision), "
          f"people thinking {args.think} s on average (0.5-1.5x), {args.seconds:.0f} s a run, pictures "
          f"{'off' if args.no_pictures else 'drawn'}, {os.cpu_count()} CPUs")
    for backend in backends:
        print(f"{'SQLite (WAL, synchronous=FULL)' if backend == 'sqlite' else 'PostgreSQL ' + str(postgres)}:")
        base = asyncio.run(on_backend(backend, postgres, args, 0)) if not args.no_baseline else None
        if base is not None:
            report("people only (no computer tables):", base)
        loaded = asyncio.run(on_backend(backend, postgres, args, args.cpu_tables))
        report(f"with {args.cpu_tables} computer tables:", loaded)
        if base is not None:
            print(f"    people's p99 with computers / without: {loaded['p99'] / base['p99']:.2f}x")
    if not postgres:
        print("PostgreSQL: skipped (pass --postgres URL or set TEST_POSTGRES_URL)")


if __name__ == "__main__":
    main()
