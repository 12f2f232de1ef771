"""Record the stored replay logs that `tests/games/test_stored_replays.py` replays.

Each log is a few fixed-seed random games of one game, mode or set and player count: the
action list, the full JSON of the final state and digests of every prompt list and every
event list along the way. The engine may get faster; it must never play differently, so
the logs were recorded once with the engine as it was (main before the fast path) and a
test replays them with today's engine.

Re-record ONLY for an intended rules change (and say so in the commit):

    python -m tests.games.replays.record [--only guns-and-steel]

It plays with the public `apply` on a fresh copy at every step (never the in-place path),
so the recording never depends on the code it is meant to check.
"""
from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path
from typing import Any

from games import registry
from games.kit import Rng, random_choice

HERE = Path(__file__).resolve().parent
SEEDS = (1, 2, 3)

# (file name, game key, options, player count); every game, mode, set and player count.
CONFIGS: list[tuple[str, str, dict[str, Any], int]] = [
    ("fort-of-gold", "fort-of-gold", {}, 1),
    ("fort-of-gold-no-concede", "fort-of-gold", {"allow_concede": False}, 1),
    ("fort-of-gold-positions", "fort-of-gold", {"spirit_names": "positions", "allow_concede": False}, 1),
    ("fort-of-gold-symbol-count", "fort-of-gold", {"spirit_names": "symbol_count", "allow_concede": False}, 1),
    ("ganymede-duel", "ganymede", {"mode": "duel"}, 2),
    ("ganymede-coop", "ganymede", {"mode": "coop"}, 2),
    ("ganymede-three", "ganymede", {"mode": "three"}, 3),
    ("ganymede-auto-2", "ganymede", {}, 2),
    ("ganymede-duel-variants", "ganymede",
     {"mode": "duel", "colour_deck": "alt_1_11", "draw_check_ace": 11, "start_hp": 9}, 2),
    ("ganymede-coop-either", "ganymede", {"mode": "coop", "coop_loss": "either", "colour_deck": "alt_5_9"}, 2),
    ("sutosute-standard", "sutosute", {}, 2),
    ("sutosute-classic-v2", "sutosute",
     {"revolution": False, "revolution_undeclared": False, "draw_rule": "v2", "draw_catchup_point": False,
      "draw_reset_after": 0, "reshuffle_rule": "v2_discard4", "public_info": False}, 2),
    ("sutosute-beginner", "sutosute",
     {"revolution": False, "revolution_undeclared": False, "draw_rule": "v2", "draw_catchup_point": False,
      "draw_reset_after": 0, "reshuffle_rule": "v2_discard4", "public_info": False, "combos": False}, 2),
    ("sutosute-civilizations", "sutosute", {"civilizations": True}, 2),
    ("sutosute-civilizations-random", "sutosute",
     {"civilizations": True, "civ_assignment": "random", "egypt_counts_revolution": False}, 2),
    ("sutosute-variants", "sutosute",
     {"combo_graph": "ring", "winner_reroll": "up_to_2", "target_points": 12, "target_lead": 3}, 2),
    ("sutosute-seed-graph", "sutosute", {"combo_graph": "seed_only", "round_limit": 40}, 2),
    *[(f"guns-and-steel-{s}-{n}", "guns-and-steel", {"set": s}, n)
      for s in ("base", "renaissance", "mixed") for n in (2, 3, 4)],
]


def digest(items: list[Any]) -> str:
    """sha256 of the models' JSON, one line each (prompts or events of one step)."""
    h = hashlib.sha256()
    for item in items:
        h.update(item.model_dump_json().encode())
        h.update(b"\n")
    return h.hexdigest()


def play(key: str, options: dict[str, Any], count: int, seed: int) -> dict[str, Any]:
    """One random game with the public API; the log plus what to compare on replay."""
    game = registry.get(key)
    players = [f"p{i}" for i in range(count)]
    state = game.setup(players, options, seed)
    rng = Rng(seed=seed).fork(11)
    actions: list[list[Any]] = []
    prompt_hash, event_hash = hashlib.sha256(), hashlib.sha256()
    for _ in range(20000):
        prompts = game.prompts(state)
        prompt_hash.update(digest(prompts).encode())
        if not prompts:
            break
        prompt = rng.choice(prompts)
        choice = random_choice(prompt, rng)
        state, events = game.apply(state, prompt.player, prompt.id, choice)
        event_hash.update(digest(events).encode())
        actions.append([prompt.player, prompt.id, choice])
    else:
        raise RuntimeError(f"{key} {options} seed {seed} did not end")
    outcome = game.outcome(state)
    return {"seed": seed, "actions": actions, "prompts_sha256": prompt_hash.hexdigest(),
            "events_sha256": event_hash.hexdigest(),
            "outcome": None if outcome is None else json.loads(outcome.model_dump_json()),
            "final_state": json.loads(state.model_dump_json())}


def record(name: str, key: str, options: dict[str, Any], count: int) -> Path:
    path = HERE / f"{name}.json"
    data = {"game": key, "options": options, "players": [f"p{i}" for i in range(count)],
            "games": [play(key, options, count, seed) for seed in SEEDS]}
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="only configurations of this game key")
    args = ap.parse_args()
    for name, key, options, count in CONFIGS:
        if args.only and key != args.only:
            continue
        path = record(name, key, options, count)
        print(f"{path.name}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
