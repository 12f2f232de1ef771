"""Random games per second and actions per second, per game, mode and player count.

    python bench/playouts.py [--seconds 2] [--repeat 5] [--game ganymede] [--gc default] [--profile]

Each configuration is measured `--repeat` times and the median printed: actions per second
of process CPU time (what the engine costs; robust on a shared, busy machine) and of wall
time. `--profile` prints the top functions of one cProfile run per configuration instead.
Numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import random_playout  # noqa: E402
from tables.runtime import tune_gc  # noqa: E402

# (game key, options, player counts)
CONFIGS = [
    ("fort-of-gold", {}, [1]),
    ("fort-of-gold", {"allow_concede": False}, [1]),
    ("ganymede", {"mode": "duel"}, [2]),
    ("ganymede", {"mode": "coop"}, [2]),
    ("ganymede", {"mode": "three"}, [3]),
    ("sutosute", {}, [2]),
    ("sutosute", {"civilizations": True}, [2]),
    ("sutosute", {"revolution": False, "draw_rule": "v2", "reshuffle_rule": "v2_discard4"}, [2]),
    ("guns-and-steel", {"set": "base"}, [2, 3, 4]),
    ("guns-and-steel", {"set": "renaissance"}, [2, 3, 4]),
    ("guns-and-steel", {"set": "mixed"}, [2, 3, 4]),
]


def measure(key: str, options: dict, players: int, seconds: float, first_seed: int = 0) -> tuple[int, int, float, float]:
    """Random games until `seconds` of CPU time: (games, actions, cpu seconds, wall seconds)."""
    game = registry.get(key)
    names = [f"p{i}" for i in range(players)]
    games = actions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.process_time() - cpu0 < seconds:
        _, record = random_playout(game, names, options, seed=first_seed + games)
        games += 1
        actions += len(record.actions)
    return games, actions, time.process_time() - cpu0, time.perf_counter() - wall0


def profile(key: str, options: dict, players: int, seconds: float, top: int) -> None:
    prof = cProfile.Profile()
    prof.enable()
    games, actions, cpu, _ = measure(key, options, players, seconds)
    prof.disable()
    print(f"== {key} {options} {players}p: {games} games, {actions} actions (profiled, {actions / cpu:.0f}/s)")
    pstats.Stats(prof).sort_stats("tottime").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU time per run")
    ap.add_argument("--repeat", type=int, default=5, help="runs per configuration (the median is printed)")
    ap.add_argument("--game", help="only this game key")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of each configuration instead")
    ap.add_argument("--gc", choices=("runtime", "default"), default="runtime",
                    help="garbage collector thresholds: the bot's (default) or CPython's")
    ap.add_argument("--top", type=int, default=25, help="functions listed per profile")
    args = ap.parse_args()
    if args.gc == "runtime":
        tune_gc()
    print(f"gc thresholds {gc.get_threshold()}")
    if not args.profile:
        print(f"{'game':15} {'options':44} {'players':>7} {'games/s':>8} {'actions/s':>10} {'wall a/s':>9} "
              f"{'actions/game':>12}")
    for key, options, counts in CONFIGS:
        if args.game and key != args.game:
            continue
        for n in counts:
            if args.profile:
                profile(key, options, n, args.seconds, args.top)
                continue
            runs = [measure(key, options, n, args.seconds, first_seed=1000 * r) for r in range(args.repeat)]
            per_cpu = statistics.median(a / c for _, a, c, _ in runs)
            per_wall = statistics.median(a / w for _, a, _, w in runs)
            games_s = statistics.median(g / c for g, _, c, _ in runs)
            per_game = sum(a for _, a, _, _ in runs) / max(sum(g for g, _, _, _ in runs), 1)
            opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
            print(f"{key:15} {opts[:44]:44} {n:>7} {games_s:8.1f} {per_cpu:10.0f} {per_wall:9.0f} {per_game:12.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
