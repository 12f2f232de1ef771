"""Fit the Sutosute evaluation (games/sutosute/evaluate.py) to the results of many games: the
weights in games/sutosute/evaluation.json.

    python bench/fit_sutosute_eval.py --games 4000 --jobs 2            # fit and print
    python bench/fit_sutosute_eval.py --games 4000 --jobs 2 --write    # ... and write the weights

Games are played by two greedy players that answer at random one time in ten (seed 500000 + n),
so the positions cover more than greedy's own habits. At about half of the decisions the
position's features (`evaluate.features`) are kept for both seats, labelled 1 for the seat that
went on to win the game and 0 for the other (drawn or unfinished games are left out). A logistic
regression without an intercept (every feature is a difference between the seats, so the two
estimates add up to 1) is fitted by Newton's method on four games in five; the fifth is held
out, and the held-out log loss is printed for the fitted weights and for the weights now in the
file. Lower is better; 0.693 is a coin toss.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import ai  # noqa: E402
from games.sutosute import evaluate as ev  # noqa: E402

Row = tuple[tuple[float, ...], int]
FIRST_SEED = 500_000
RANDOM_SHARE = 0.1   # answers given at random instead of greedy's
KEPT_SHARE = 0.5     # decisions whose position is kept


def play(n: int) -> list[Row]:
    """One game's labelled positions (both seats at each kept position); none for a draw."""
    game = registry.get("sutosute")
    state = game.setup(["p0", "p1"], {}, seed=FIRST_SEED + n)
    chance = random.Random(n)
    kept: list[tuple[tuple[float, ...], tuple[float, ...]]] = []
    for _ in range(3000):
        prompts = game.prompts(state)
        if not prompts:
            break
        if chance.random() < KEPT_SHARE:
            kept.append((ev.features(state, "p0"), ev.features(state, "p1")))
        player = prompts[0].player
        level = "random" if chance.random() < RANDOM_SHARE else "greedy"
        pid, choice = ai.choose(game, state, player, level=level, seed=n)
        game.step(state, player, pid, choice)
    outcome = game.outcome(state)
    if outcome is None or len(outcome.winners) != 1:
        return []
    p0_won = int(outcome.winners[0] == "p0")
    return [row for f0, f1 in kept for row in ((f0, p0_won), (f1, 1 - p0_won))]


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a·x = b by Gaussian elimination with partial pivoting (a is small and well conditioned)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(rows: list[Row], ridge: float = 1e-3, rounds: int = 12) -> list[float]:
    """Logistic regression weights by Newton's method, with a little ridge for stability."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = _logistic(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            g, h = p - y, p * (1 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def log_loss(rows: list[Row], w: list[float] | tuple[float, ...]) -> float:
    total = 0.0
    for x, y in rows:
        p = min(max(_logistic(sum(wi * xi for wi, xi in zip(w, x, strict=True))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel (processes)")
    parser.add_argument("--write", action="store_true", help=f"write the weights to {ev.WEIGHTS_FILE.name}")
    args = parser.parse_args()
    train: list[Row] = []
    held_out: list[Row] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, rows in enumerate(pool.map(play, range(args.games), chunksize=8)):
            (held_out if n % 5 == 4 else train).extend(rows)
    w = fit(train)
    fitted, current = log_loss(held_out, w), log_loss(held_out, ev.weights())
    print(f"{len(train)} positions to fit, {len(held_out)} held out, from {args.games} games")
    for name, value in zip(ev.FEATURES, w, strict=True):
        print(f"  {name:15s} {value:+.4f}")
    print(f"held-out log loss: fitted {fitted:.4f}, the weights in {ev.WEIGHTS_FILE.name} {current:.4f}")
    if args.write:
        data = {
            "about": "Weights of the Sutosute evaluation (games/sutosute/evaluate.py): a logistic regression of "
                     "the chance to win on the position's features, fitted by bench/fit_sutosute_eval.py to "
                     "games of two greedy players that answer at random one time in ten.",
            "command": f"python bench/fit_sutosute_eval.py --games {args.games} --jobs {args.jobs} --write",
            "games": args.games,
            "positions": len(train),
            "held_out_positions": len(held_out),
            "held_out_log_loss": round(fitted, 4),
            "held_out_log_loss_of_the_weights_replaced": round(current, 4),
            "weights": {name: round(value, 4) for name, value in zip(ev.FEATURES, w, strict=True)},
        }
        ev.WEIGHTS_FILE.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written to {ev.WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
