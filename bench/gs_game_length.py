"""How long random Guns & Steel games last and how they end, with no round limit.

    python bench/gs_game_length.py [--games 1000] [--set base] [--players 2 3 4]

Backs the decision that `max_rounds` is off by default (docs/games/guns-and-steel.md): even
random legal play ends by the rules. Prints one line per player count; numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import random_playout  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000, help="games per player count (seeds 1000·n …)")
    ap.add_argument("--set", default="base", choices=("base", "renaissance", "mixed"))
    ap.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = ap.parse_args()
    game = registry.get("guns-and-steel")
    print(f"set {args.set}, {args.games} random games per player count, no round limit")
    print(f"{'players':>7} {'unfinished':>10} {'rounds p50':>10} {'p90':>6} {'p99':>6} {'max':>6} "
          f"{'actions max':>11}  end reasons")
    for n in args.players:
        names = [f"p{i}" for i in range(n)]
        rounds: list[float] = []
        actions: list[int] = []
        reasons: Counter[str] = Counter()
        unfinished = 0
        for i in range(args.games):
            state, record = random_playout(game, names, {"set": args.set}, seed=1000 * n + i)
            if not record.finished:
                unfinished += 1
                continue
            rounds.append(state.turn / n)
            actions.append(len(record.actions))
            reasons[state.end_reason] += 1
        print(f"{n:>7} {unfinished:>10} {percentile(rounds, .5):>10.1f} {percentile(rounds, .9):>6.1f} "
              f"{percentile(rounds, .99):>6.1f} {max(rounds):>6.1f} {max(actions):>11}  "
              + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))


if __name__ == "__main__":
    main()
