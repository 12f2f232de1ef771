"""What a hint costs next to a computer's move: `ai.advise` (the strong answer with its search's
root figures) against `ai.choose(level="strong")` on the same positions, seeds and iteration
count, per game. They give the same answer; the figures cost a pass over the root's answers.

    python bench/hints.py                 # 8 positions per game, 200 iterations each
    python bench/hints.py --positions 20 --iterations 400

Prints the median CPU seconds of each per position and their ratio (advise / choose), and how
many answers agreed. Numbers, not pass/fail: on a busy machine read the ratio.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import Rng, ai, random_choice  # noqa: E402

GAMES = [("sutosute", {}, 2), ("fort-of-gold", {}, 1), ("ganymede", {"mode": "duel"}, 2),
         ("guns-and-steel", {"set": "base"}, 2)]


def positions(key: str, options: dict, players: int, count: int):
    game = registry.get(key)
    state = game.setup([f"p{i}" for i in range(players)], options, seed=1)
    rng = Rng(seed=2)
    step = 0
    found = []
    while len(found) < count:
        prompts = game.prompts(state)
        if not prompts:
            state = game.setup([f"p{i}" for i in range(players)], options, seed=step + 3)
            continue
        if step % 5 == 0:
            found.append((game, state.model_copy(deep=True), prompts[0].player))
        p = rng.choice(prompts)
        state, _ = game.apply(state, p.player, p.id, random_choice(p, rng))
        step += 1
    return found


def cpu(fn) -> tuple[float, object]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--iterations", type=int, default=200)
    args = ap.parse_args()
    print(f"{'game':16} {'choose (s)':>11} {'advise (s)':>11} {'ratio':>6} {'same answer':>12}")
    for key, options, players in GAMES:
        chose, advised, same = [], [], 0
        for game, state, seat in positions(key, options, players, args.positions):
            t1, answer = cpu(lambda g=game, s=state, p=seat: ai.choose(g, s, p, level="strong", seed=4,
                                                                             iterations=args.iterations))
            t2, advice = cpu(lambda g=game, s=state, p=seat: ai.advise(g, s, p, seed=4, iterations=args.iterations))
            chose.append(t1)
            advised.append(t2)
            same += answer == (advice.prompt_id, advice.choice)
        a, b = statistics.median(chose), statistics.median(advised)
        print(f"{key:16} {a:11.3f} {b:11.3f} {b / a if a else 0:6.2f} {same:>5}/{args.positions}")


if __name__ == "__main__":
    main()
