"""The strong player of the Fort of Gold: flat Monte Carlo over whole games played out by the
quick player (policy.py) by the rules themselves, with common random numbers and sequential halving.

Each "world" is one determinization of what the player knows (the unseen pile orders drawn at
random, what was looked at kept in place). Every candidate answer is tried in the same worlds,
each followed by the quick player to the end of the game, so two answers are compared on the
very same deals; after 4, 8, 16 … worlds the worse half of the answers is dropped, so the time
goes to the close calls. A won game scores 1 (a little more with more mana left, as a complete
victory needs 5), a lost one a little for the treasures it reached. Ties keep the quick
player's own preference. The agent sees only its information set (never the real state).
"""
from __future__ import annotations

import math
import time

from games.kit import Rng, ismcts
from games.kit.agents import Action, InfoSet
from games.kit.ismcts import SearchStats
from games.kit.trusted import clone

from . import flow, policy
from .data import rules
from .rules import Move
from .state import State

_R = rules()
MAX_WORLDS = 64       # more worlds than this rarely change the answer (time budget permitting)
SETTLED_WORLDS = 12   # with every remaining answer tied this long, stop early


def _try(world: State, prompt_id: str, key: str) -> float:
    """Play `key` on a copy of `world` by the rules (flow.py, no events), the follow-up
    answers and then the rest of the game by the quick player; the reward."""
    state = clone(world)
    if prompt_id == "turn":
        flow.perform(state, Move.from_key(key), None)
    elif prompt_id == "return":
        flow.return_treasure(state, key, None)
    else:  # foresee: this card now, the rest as the quick player would
        where, _, card = key.partition(":")
        flow.place_foreseen(state, card, where, None)
    policy.follow_up(state)
    policy.rollout(state)
    return reward(state)


def reward(state: State) -> float:
    if state.result == "won":
        return 1.0 + 0.05 * min(len(state.mana_pile), 2 * _R.complete_win_score) / (2 * _R.complete_win_score)
    return 0.2 * len(state.altar) / _R.treasures_to_win


def _preference(state: State, prompt_id: str, keys: list[str]) -> list[str]:
    """The candidates in the quick player's order of preference (its choice first)."""
    if prompt_id == "turn":
        first = policy.choose_turn(state)
        scored = {k: (0 if first is not None and Move.from_key(k) == first else 1,
                      -policy.quick_score(state, Move.from_key(k))) for k in keys}
        return sorted(keys, key=lambda k: scored[k])
    if prompt_id == "return":
        first = policy.choose_return(state)
        return sorted(keys, key=lambda k: k != first)
    plan = policy.put_back_plan(state, list(state.foresight))
    first = f"{plan[0][0]}:{plan[0][1]}" if plan else None
    return sorted(keys, key=lambda k: k != first)


def choose(info: InfoSet, rng: Rng, budget_s: float = 1.0, iterations: int | None = None,
           stats: SearchStats | None = None) -> Action:
    """The strong answer. `iterations` bounds the rollouts (deterministic for a fixed seed) and
    `budget_s` is then only a wall ceiling; otherwise the search stops before `budget_s` seconds.
    `stats` (a hint asks for them) gets the rollouts run and, per answer tried, the share of its
    rollouts that won and their count."""
    prompt = info.prompts[0]
    keys = [o.key for o in prompt.options if o.key != "concede"]  # conceding only loses
    if len(keys) <= 1:
        return prompt.id, (keys[0] if keys else prompt.options[0].key,)
    start = time.perf_counter()
    deadline = start + 0.85 * budget_s
    first = info.sample(rng)
    alive = _preference(first, prompt.id, keys)
    default = alive[0]
    order = {k: i for i, k in enumerate(alive)}
    results: dict[str, list[float]] = {k: [] for k in keys}
    worlds, rollouts, next_cut = 0, 0, 4
    state = first
    while True:
        done = []
        for k in alive:
            results[k].append(_try(state, prompt.id, k))
            done.append(k)
            if iterations is None and time.perf_counter() > deadline:
                break
        if len(done) < len(alive):  # out of time inside a world: drop it, so every answer has the same worlds
            for k in done:
                results[k].pop()
            break
        rollouts += len(alive)
        worlds += 1
        if worlds >= next_cut and len(alive) > 2:
            ranked = sorted(alive, key=lambda k: (-sum(results[k]), order[k]))
            alive = ranked[:max(2, (len(alive) + 1) // 2)]
            if default not in alive:  # the quick player's choice stays as the yardstick
                alive[-1] = default
            next_cut *= 2
        if iterations is not None and rollouts >= iterations:
            break
        if worlds >= MAX_WORLDS or (worlds >= SETTLED_WORLDS and _settled(alive, results, default)):
            break
        if iterations is not None:
            if time.perf_counter() - start >= budget_s:  # the wall ceiling: a machine too busy for the work
                ismcts.searches_cut_short += 1
                break
        else:
            now = time.perf_counter()
            if now + (now - start) / worlds > deadline:
                break
        state = info.sample(rng)
    ismcts.iterations_done += rollouts
    if not worlds:  # not even one world in time: the quick player's answer
        return prompt.id, (default,)
    if stats is not None:
        stats.iterations = rollouts
        stats.root = {(prompt.id, (k,)): (sum(r >= 1.0 for r in runs) / len(runs), len(runs))
                      for k, runs in results.items() if runs}
    best = min(alive, key=lambda k: (-sum(results[k]), order[k]))
    return prompt.id, (best if _clearly_better(results[best], results[default]) else default,)


def _settled(alive: list[str], results: dict[str, list[float]], default: str) -> bool:
    """Every answer still in the running did exactly as well as the quick player's in every
    world so far: more worlds would hardly tell them apart, so the time is not spent."""
    return all(results[k] == results[default] for k in alive)


def _clearly_better(a: list[float], b: list[float], z: float = 1.64) -> bool:
    """Whether `a` beats `b` on the same worlds by more than chance (a one-sided paired test):
    with a handful of worlds the best-looking of many answers is often only lucky."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    if mean <= 0:
        return False
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * math.sqrt(var / n) if var > 0 else n >= 4
