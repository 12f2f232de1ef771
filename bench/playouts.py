"""Random games per second and actions per second, per game, mode and player count.

    python bench/playouts.py [--seconds 3] [--game ganymede]

Prints one line per configuration; numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import random_playout  # noqa: E402

# (game key, options, player counts)
CONFIGS = [
    ("fort-of-gold", {}, [1]),
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


def measure(key: str, options: dict, players: int, seconds: float) -> tuple[int, int, float]:
    game = registry.get(key)
    names = [f"p{i}" for i in range(players)]
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, record = random_playout(game, names, options, seed=games)
        games += 1
        actions += len(record.actions)
    return games, actions, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0, help="time per configuration")
    ap.add_argument("--game", help="only this game key")
    args = ap.parse_args()
    print(f"{'game':16} {'options':22} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>12}")
    for key, options, counts in CONFIGS:
        if args.game and key != args.game:
            continue
        for n in counts:
            try:
                games, actions, elapsed = measure(key, options, n, args.seconds)
            except (ImportError, AttributeError, KeyError) as e:
                print(f"{key:16} {str(options):22} {n:>7} unavailable: {e}")
                continue
            print(f"{key:16} {str(options):22} {n:>7} {games / elapsed:9.1f} {actions / elapsed:10.0f} "
                  f"{actions / max(games, 1):12.1f}")


if __name__ == "__main__":
    main()
