"""Guns & Steel picture rendering: median ms and bytes per board and per hand.

    python bench/render_gs.py [--games 1] [--every 1] [--boards 200]

Plays random games of every set at 2 and 4 players and draws the board (public view) and the
active player's hand after every `every`-th action (up to `boards` per game), alternating
English and Japanese, as a bot does for each new table version: strips that an action did
not change (pyramid, wonders, other players) and text come from the caches of earlier
pictures. The first picture (cold caches) is reported separately. Besides wall-clock time it
prints this process's CPU time, the fair figure when other work shares the cores."""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import Rng, random_action  # noqa: E402
from pictures.guns_and_steel import board_png, hand_png  # noqa: E402

GAME = registry.get("guns-and-steel")


def views(set_name: str, players: int, seed: int, every: int, boards: int = 10_000):
    state = GAME.setup(["Alice", "Bob", "Carol", "Dave"][:players], {"set": set_name}, seed)
    rng = Rng(seed=seed).fork(1)
    step = drawn = 0
    while drawn < boards:
        if step % every == 0 or state.finished:
            drawn += 1
            yield GAME.view(state, None), GAME.view(state, state.active)
        if state.finished:
            return
        action = random_action(GAME, state, rng)
        if action is None:
            return
        state, _ = GAME.apply(state, action.player, action.prompt_id, action.choice)
        step += 1


def timed(fn, *args) -> tuple[float, float, int]:
    """Wall-clock ms, CPU ms of this process (the fair figure when other work shares the
    cores) and the PNG's size."""
    wall, cpu = time.perf_counter(), time.process_time()
    data = fn(*args)
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, len(data)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1, help="games per set and player count")
    ap.add_argument("--every", type=int, default=1, help="draw after every N-th action")
    ap.add_argument("--boards", type=int, default=200, help="pictures per game at most")
    args = ap.parse_args()
    first = timed(board_png, next(views("mixed", 4, 0, 1))[0], "ja")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"first board (cold caches): {first[0]:.1f} ms wall, {first[1]:.1f} ms CPU, {first[2]} bytes")
    print(f"{'set':12} {'players':>7} {'boards':>6} {'board ms':>9} {'CPU ms':>7} {'p95 ms':>7} {'max KB':>7} "
          f"{'hand ms':>8} {'CPU ms':>7} {'max KB':>7}")
    for set_name in ("base", "renaissance", "mixed"):
        for players in (2, 4):
            board, hand = [], []
            for seed in range(args.games):
                for n, (public, own) in enumerate(views(set_name, players, seed, args.every, args.boards)):
                    lang = "ja" if n % 2 else "en"
                    board.append(timed(board_png, public, lang))
                    hand.append(timed(hand_png, own, lang))
            bms = sorted(ms for ms, _, _ in board)
            print(f"{set_name:12} {players:>7} {len(board):>6} {statistics.median(bms):9.1f} "
                  f"{statistics.median(c for _, c, _ in board):7.1f} {bms[int(len(bms) * .95)]:7.1f} "
                  f"{max(b for _, _, b in board) / 1000:7.0f} {statistics.median(ms for ms, _, _ in hand):8.1f} "
                  f"{statistics.median(c for _, c, _ in hand):7.1f} {max(b for _, _, b in hand) / 1000:7.0f}")


if __name__ == "__main__":
    main()
