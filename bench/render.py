"""Median render time and size of the pictures per game and mode: the public board and a hand, in
English and Japanese, over sample states at several depths (goal: <= 50 ms a board, <= 1 MB).
Times are CPU time of this process (other processes on a shared machine inflate wall time), with the
board's wall-clock median alongside.

    python bench/render.py [--states 6] [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import time

from games import registry
from pictures import board_png, hand_png
from pictures.cache import PictureCache
from pictures.samples import VARIANTS, sample_state


def timed(fn) -> tuple[float, int]:
    start = time.process_time()
    data = fn()
    return (time.process_time() - start) * 1000, len(data)


def wall(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--states", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    # warm the fonts and glyph caches once, as a running bot would be
    board_png("ganymede", registry.get("ganymede").view(sample_state("ganymede"), None), "ja")
    print(f"{'game':<22}{'board ms':>10}{'max':>8}{'wall ms':>9}{'hand ms':>10}{'board KB':>10}{'max KB':>8}"
          f"{'hand KB':>9}")
    for key, variants in VARIANTS.items():
        game = registry.get(key)
        for options, players in variants:
            board_ms, hand_ms, board_kb, hand_kb, board_wall = [], [], [], [], []
            for i in range(args.states):
                state = sample_state(key, options, players, moves=[0, 5, 12, 25, 60, 400][i % 6], seed=i)
                public, own = game.view(state, None), game.view(state, state.players[0])
                for lang in ("en", "ja"):
                    for _ in range(args.repeat):
                        ms, size = timed(lambda: board_png(key, public, lang))  # noqa: B023
                        board_ms.append(ms)
                        board_kb.append(size / 1024)
                        board_wall.append(wall(lambda: board_png(key, public, lang)))  # noqa: B023
                        ms, size = timed(lambda: hand_png(key, own, lang))  # noqa: B023
                        hand_ms.append(ms)
                        hand_kb.append(size / 1024)
            label = f"{key} {options.get('mode', f'{players}p')}"
            print(f"{label:<22}{statistics.median(board_ms):>10.1f}{max(board_ms):>8.1f}"
                  f"{statistics.median(board_wall):>9.1f}"
                  f"{statistics.median(hand_ms):>10.1f}{statistics.median(board_kb):>10.0f}{max(board_kb):>8.0f}"
                  f"{statistics.median(hand_kb):>9.0f}")
    cache = PictureCache()
    state = sample_state("sutosute")
    view = registry.get("sutosute").view(state, None)
    ms_miss, _ = timed(lambda: cache.get_or_make(("board", 1, 7, "en", None), lambda: board_png("sutosute", view, "en")))
    ms_hit, _ = timed(lambda: cache.get_or_make(("board", 1, 7, "en", None), lambda: board_png("sutosute", view, "en")))
    print(f"cache: first render {ms_miss:.1f} ms, cached {ms_hit * 1000:.1f} µs")


if __name__ == "__main__":
    main()
