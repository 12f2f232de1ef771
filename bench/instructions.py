"""The engine's cost in machine instructions, against another checkout: a repeatable A/B where
timed runs on a shared machine vary by ±20 %.

    python bench/instructions.py --against ../old-checkout [--games 4] [--game sutosute]

Needs valgrind (Debian: `apt-get install valgrind`). For each checkout it plays the random
playouts of bench/playouts.py's configurations with fixed seeds under
`valgrind --tool=callgrind`, once with 1 game per configuration and once with 1 + `--games`,
and takes the difference: the instructions of `--games` games per configuration, without
start-up, imports or card data loading. Both checkouts play the same games (the action
counts are printed and must agree). Prints instructions per action for each checkout and
their ratio (this / other) per game. Each run takes a few minutes: valgrind runs Python about
50 times slower. Numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GAMES = ["sutosute", "ganymede", "fort-of-gold", "guns-and-steel"]


def play(root: Path, games: int, only: str) -> None:
    """The measured program: `games` fixed-seed random games per configuration of `only`."""
    sys.path[:0] = [str(root), str(root / "bench")]
    import playouts  # the configurations of that checkout

    from games import registry
    from games.kit import random_playout
    from tables.runtime import tune_gc
    tune_gc()
    actions = 0
    for key, options, counts in playouts.CONFIGS:
        if key != only:
            continue
        game = registry.get(key)
        for players in counts:
            for seed in range(games):
                _, record = random_playout(game, [f"p{i}" for i in range(players)], options, seed=seed)
                actions += len(record.actions)
    print(f"actions {actions}")


def instructions(root: Path, games: int, only: str) -> tuple[int, int]:
    """(instructions, actions) of one callgrind run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable, __file__,
             "--play", str(root), str(games), only],
            capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"}, check=True)
    total = re.search(r"Collected : (\d+)", out.stderr)
    actions = re.search(r"actions (\d+)", out.stdout)
    if total is None or actions is None:
        sys.exit(f"valgrind gave no count for {root} {only}:\n{out.stderr[-2000:]}")
    return int(total.group(1)), int(actions.group(1))


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--play":
        play(Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", required=True, help="the other checkout (its games/, tables/ and bench/)")
    ap.add_argument("--games", type=int, default=4, help="games per configuration measured")
    ap.add_argument("--game", choices=GAMES, help="only this game")
    args = ap.parse_args()
    trees = {"this": HERE, "other": Path(args.against).resolve()}
    for tree in trees.values():   # compiled once before measuring, so no run pays for it
        for part in ("games", "tables", "bench"):
            compileall.compile_dir(str(tree / part), quiet=1)
    print(f"{'game':15} {'actions':>8} {'this instr/action':>18} {'other instr/action':>19} {'this/other':>10}")
    for only in [args.game] if args.game else GAMES:
        per_action = {}
        for name, tree in trees.items():
            low, low_actions = instructions(tree, 1, only)
            high, high_actions = instructions(tree, 1 + args.games, only)
            per_action[name] = ((high - low) / (high_actions - low_actions), high_actions - low_actions)
        (this, n_this), (other, n_other) = per_action["this"], per_action["other"]
        same = "" if n_this == n_other else f"  (the checkouts played different games: {n_other} actions there)"
        print(f"{only:15} {n_this:8d} {this:18,.0f} {other:19,.0f} {this / other:10.3f}{same}", flush=True)


if __name__ == "__main__":
    main()
