"""How much search work the strong player does per CPU-second, per game and mode: the figures
behind the default iteration budgets in `tables/search_budgets.json`.

    python bench/search_budget.py                      # every game and mode, 30 positions each
    python bench/search_budget.py --mode sutosute --positions 60 --probe 300
    python bench/search_budget.py --write tables/search_budgets.json   # the bot's defaults

Positions come from games played by the random player (seed 20000 + n); at each sampled
position where the seat has more than one answer, the strong player searches a fixed number
of iterations (`--probe`) and the worker's CPU time (`time.process_time`) is measured. CPU
time, unlike wall time, hardly depends on what else the machine runs, so the figures hold on a
loaded machine too, though not exactly: a core shared with other busy processes (its caches,
its hyperthread sibling) does less in a CPU-second than an idle one. The budget for a mode is
the iterations an idle core does in `--seconds` (default 0.9, the old wall-clock budget): the
pooled rate (all iterations / all CPU time) times the seconds times `--margin`, rounded up to a
multiple of 50. The margin (default 2.0) stands for an idle core's speed over a loaded one's:
on the quiet machine a Sutosute decision in bench/load.py searched ~1,480 iterations in 0.73 s
of worker CPU (~2,030 a CPU-second, docs/ai.md), on the loaded 2-core machine the defaults were
measured on 1,047.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from games.kit import ai, ismcts  # noqa: E402
from games.kit.agents import actions_of  # noqa: E402
from games.kit.rng import Rng  # noqa: E402
from tables.search_budget import MODES  # noqa: E402


def positions(key: str, wanted: int, every: int):
    """(state, player) pairs from random games: every `every`-th decision with a real choice."""
    game_key, options, seats = MODES[key]
    game = registry.get(game_key)
    players = [f"p{i}" for i in range(seats)]
    found, n = 0, 0
    while found < wanted and n < 10 * wanted:
        state = game.setup(players, options, seed=20_000 + n)
        decision = 0
        for _ in range(5000):
            prompts = game.prompts(state)
            if not prompts or game.outcome(state) is not None:
                break
            player = prompts[0].player
            own = [p for p in prompts if p.player == player]
            if len(actions_of(own, player, Rng(seed=0), 48)) > 1:
                decision += 1
                if decision % every == n % every:
                    yield game, state.model_copy(deep=True), player
                    found += 1
                    if found >= wanted:
                        return
            pid, choice = ai.choose(game, state, player, level="random", seed=n + decision)
            game.step(state, player, pid, choice)
        n += 1


def measure(key: str, wanted: int, probe: int, every: int) -> dict:
    iters, cpus, rates = 0, 0.0, []
    for i, (game, state, player) in enumerate(positions(key, wanted, every)):
        done, cpu = ismcts.iterations_done, time.process_time()
        ai.choose(game, state, player, level="strong", seed=i, iterations=probe)
        spent, did = time.process_time() - cpu, ismcts.iterations_done - done
        if did and spent > 0:
            iters += did
            cpus += spent
            rates.append(did / spent)
    rates.sort()
    return {"positions": len(rates), "searched": iters, "cpu_s": round(cpus, 2),
            "rate": round(iters / cpus) if cpus else 0,
            "rate_p10": round(rates[len(rates) // 10]) if rates else 0,
            "rate_median": round(statistics.median(rates)) if rates else 0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", action="append", choices=list(MODES), help="only these (repeatable)")
    parser.add_argument("--positions", type=int, default=30, help="positions measured per mode")
    parser.add_argument("--probe", type=int, default=200, help="iterations searched at each position")
    parser.add_argument("--every", type=int, default=5, help="sample every n-th decision of a game")
    parser.add_argument("--seconds", type=float, default=0.9, help="CPU seconds the budget stands for")
    parser.add_argument("--margin", type=float, default=2.0, help="idle core's speed over the measured one's")
    parser.add_argument("--machine", default="", help="where it was measured (goes in the data file)")
    parser.add_argument("--write", metavar="PATH", help="write the budgets and their provenance to this data file")
    args = parser.parse_args()
    budgets = {}
    print(f"probe {args.probe} iterations, {args.positions} positions per mode, every {args.every}th decision; "
          f"budget = pooled rate x {args.seconds} CPU-s x {args.margin}, rounded up to 50", flush=True)
    for key in args.mode or list(MODES):
        start = time.perf_counter()
        m = measure(key, args.positions, args.probe, args.every)
        budget = int(math.ceil(m["rate"] * args.seconds * args.margin / 50) * 50)
        budgets[key] = {"iterations": budget, **m}
        print(f"{key:20s} positions {m['positions']:3d}  iterations/CPU-s pooled {m['rate']:6d} "
              f"median {m['rate_median']:6d} p10 {m['rate_p10']:6d}  ->  {budget:5d} iterations "
              f"({time.perf_counter() - start:.0f} s wall)", flush=True)
    if args.write:
        data = {"about": "Iterations of one strong decision per game and mode (tables/search_budget.py), "
                         "measured by bench/search_budget.py: the iterations an idle core searches in "
                         f"{args.seconds} s (the pooled rate of iterations per CPU-second, times "
                         f"{args.seconds}, times the margin {args.margin} for an idle core's speed over "
                         "the measuring machine's). Fort of Gold counts rollouts.",
                "command": "python " + " ".join(["bench/search_budget.py", *sys.argv[1:]]),
                "machine": args.machine,
                "budgets": budgets}
        Path(args.write).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
