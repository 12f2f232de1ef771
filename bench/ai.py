"""How strong the computer players are: win rates with 95 % confidence intervals and the
decision time of the strong agent (mean and p95), per game, mode and match-up.

    python bench/ai.py                       # every match-up, 200 games each, the bot's budgets (takes hours)
    python bench/ai.py --game sutosute --games 40 --budget 0.3 --jobs 2
    python bench/ai.py --matchup ganymede-coop --games 100 --iterations 150
    python bench/ai.py --list

The strong player searches the bot's default iterations for the game and mode
(tables/search_budgets.json) unless `--iterations` or `--budget` (seconds of wall time) says
otherwise. Seats rotate from game to game, so no level keeps the first seat. A tie counts half
in the score column; the win column counts wins only. Every `--every` games a partial summary
line is printed, so a run stopped or still going has figures. `failures` counts the search
iterations (and greedy trials) that were skipped, by exception type (games/kit/ismcts.py):
IllegalAction now and then is expected, any other type is a bug in a game's rules or AI hooks.
Numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import math
import signal
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import agents, ai, ismcts  # noqa: E402
from tables import search_budget  # noqa: E402


@dataclass(frozen=True)
class Matchup:
    """`levels` per seat; `focus` is the seat level whose results are reported (a team:
    every seat of that level)."""

    name: str
    game: str
    options: dict
    levels: tuple[str, ...]
    focus: str = "strong"
    team: bool = False  # co-op: no winner means the team lost


MATCHUPS = [
    Matchup("sutosute-random", "sutosute", {}, ("strong", "random")),
    Matchup("sutosute-greedy", "sutosute", {}, ("strong", "greedy")),
    Matchup("sutosute-greedy-vs-random", "sutosute", {}, ("greedy", "random"), focus="greedy"),
    Matchup("ganymede-duel-random", "ganymede", {"mode": "duel"}, ("strong", "random")),
    Matchup("ganymede-duel-greedy", "ganymede", {"mode": "duel"}, ("strong", "greedy")),
    Matchup("ganymede-coop", "ganymede", {"mode": "coop"}, ("strong", "strong"), team=True),
    Matchup("ganymede-coop-random", "ganymede", {"mode": "coop"}, ("random", "random"), focus="random", team=True),
    Matchup("ganymede-coop-greedy", "ganymede", {"mode": "coop"}, ("greedy", "greedy"), focus="greedy", team=True),
    Matchup("gs-2p-random", "guns-and-steel", {}, ("strong", "random")),
    Matchup("gs-2p-greedy", "guns-and-steel", {}, ("strong", "greedy")),
    Matchup("gs-3p-random", "guns-and-steel", {}, ("strong", "random", "random")),
    Matchup("gs-3p-greedy", "guns-and-steel", {}, ("strong", "greedy", "greedy")),
    Matchup("fort-strong", "fort-of-gold", {}, ("strong",)),
    Matchup("fort-greedy", "fort-of-gold", {}, ("greedy",), focus="greedy"),
    Matchup("fort-random", "fort-of-gold", {}, ("random",), focus="random"),
]


Result = tuple[float, bool, list[float], Counter]


def play_one(args: tuple[Matchup, int, float | None, int | None, int | None]) -> Result:
    """One game; returns (focus score 1 / 0.5 / 0, finished, the focus level's decision times,
    the agents' skipped iterations by exception type). Neither `budget` nor `iterations`: the
    bot's default iterations for the game and mode."""
    failed_before = Counter(ismcts.failures)
    score, finished, times = _play(*args)
    return score, finished, times, Counter(ismcts.failures) - failed_before


def _play(m: Matchup, n: int, budget: float | None, iterations: int | None, rollout: int | None) -> tuple[float, bool, list[float]]:
    game = registry.get(m.game)
    if rollout is not None:  # tuning: another rollout depth than the game's
        agents._HOOKS[game.key] = replace(agents.hooks(game), rollout_depth=rollout)
    k = len(m.levels)
    shift = n % k
    levels = m.levels[shift:] + m.levels[:shift]  # rotate the seats
    players = [f"p{i}" for i in range(k)]
    level_of = dict(zip(players, levels, strict=True))
    state = game.setup(players, m.options, seed=10_000 + n)
    if budget is None and iterations is None:
        iterations = search_budget.iterations_for(state)
    if budget is None:
        budget = math.inf  # iterations alone: no wall ceiling, the same games however loaded the machine
    times: list[float] = []
    for _ in range(5000):
        prompts = game.prompts(state)
        if not prompts:
            break
        player = prompts[0].player
        start = time.perf_counter()
        pid, choice = ai.choose(game, state, player, level=level_of[player], seed=n, budget_s=budget,
                                iterations=iterations)
        if level_of[player] == m.focus:
            times.append(time.perf_counter() - start)
        game.step(state, player, pid, choice)
    outcome = game.outcome(state)
    if outcome is None:
        return 0.5, False, times
    focus = [p for p in players if level_of[p] == m.focus]
    if any(p in outcome.winners for p in focus):
        return 1.0, True, times
    if not outcome.winners and len(outcome.ranking) == 1 and k > 1 and not m.team:
        return 0.5, True, times
    return 0.0, True, times


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(m: Matchup, games: int, budget: float | None, iterations: int | None, jobs: int, rollout: int | None,
        progress: bool = False, first: int = 0, every: int = 10) -> None:
    """Play the games and print the summary; stopped early (Ctrl-C, SIGTERM), it prints the
    summary of the games finished so far, marked as stopped."""
    start = time.perf_counter()
    tasks = [(m, n, budget, iterations, rollout) for n in range(first, first + games)]
    results: list[Result] = []
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        for n, result in enumerate(pool.map(play_one, tasks) if pool else map(play_one, tasks), start=first):
            results.append(result)
            if progress:  # one line per game on stderr
                score, finished, times, _ = result
                print(f"  {m.name} game {n} score {score} finished {finished} decisions {len(times)} "
                      f"mean {statistics.fmean(times) * 1000 if times else 0:.0f} ms "
                      f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
            if every and len(results) % every == 0 and len(results) < games:
                summary(m, results, start, partial=True)
    except KeyboardInterrupt:
        print(f"stopped after {len(results)} of {games} games", flush=True)
    finally:
        if pool:
            pool.shutdown(wait=False, cancel_futures=True)
    summary(m, results, start)


def summary(m: Matchup, results: list[Result], start: float, partial: bool = False) -> None:
    games = len(results)
    if not games:
        return
    wins = sum(1 for s, _, _, _ in results if s == 1.0)
    ties = sum(1 for s, _, _, _ in results if s == 0.5)
    unfinished = sum(1 for _, f, _, _ in results if not f)
    failed = sum((r[3] for r in results), Counter())
    low, high = wilson(wins, games)
    times = sorted(t for _, _, ts, _ in results for t in ts)
    mean = statistics.fmean(times) if times else 0.0
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    seats = "+".join(m.levels)
    print(f"{'partial ' if partial else ''}{m.name:22s} {seats:22s} games {games:4d}  {m.focus} wins {wins / games:6.1%} "
          f"[{low:5.1%}, {high:5.1%}]  ties {ties}  unfinished {unfinished}  "
          f"decision mean {mean * 1000:6.0f} ms p95 {p95 * 1000:6.0f} ms  ({len(times)} decisions, "
          f"{time.perf_counter() - start:.0f} s)  failures "
          f"{', '.join(f'{k} {v}' for k, v in sorted(failed.items())) or 'none'}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", help="only match-ups of this game key")
    parser.add_argument("--matchup", action="append", help="only these match-ups (repeatable)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--budget", type=float, default=None,
                        help="seconds of wall time per strong decision instead of the bot's iterations; "
                             "with --iterations: a wall ceiling (default none)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="iterations per strong decision instead of the bot's default for the game and mode")
    parser.add_argument("--every", type=int, default=10, help="a partial summary line every so many games (0: none)")
    parser.add_argument("--rollout", type=int, default=None, help="tuning: rollout depth instead of the game's")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--progress", action="store_true", help="a line per finished game on stderr")
    parser.add_argument("--first", type=int, default=0,
                        help="number of the first game (seed 10000 + number): a stopped run goes on from here")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops a run like Ctrl-C: summary kept
    chosen = [m for m in MATCHUPS if (not args.game or m.game == args.game)
              and (not args.matchup or m.name in args.matchup)]
    if args.list:
        for m in MATCHUPS:
            print(m.name, m.game, m.options, "+".join(m.levels))
        return
    iterations = args.iterations if args.iterations is not None or args.budget is not None else "the bot's default"
    print(f"budget {args.budget} s, iterations {iterations}, rollout {args.rollout}, jobs {args.jobs}", flush=True)
    for m in chosen:
        run(m, args.games, args.budget, args.iterations, args.jobs, args.rollout, args.progress, args.first, args.every)


if __name__ == "__main__":
    main()
