"""Computer players (design.md contract 1): `choose(game, state, player, level, seed, budget_s)`.

Levels: `random` (a uniformly random legal answer), `greedy` (one ply: each answer is scored
by the game's evaluation after the other seats' immediate replies) and `strong` (IS-MCTS,
games/kit/ismcts.py). Every level sees only an `InfoSet` built from what `player` may know;
the answer is always one of the real open prompts' legal answers.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from . import ismcts
from .agents import Action, InfoSet, actions_of, forward_choice, hooks, stable_salt, value
from .errors import IllegalAction
from .game import BaseState, Game
from .ismcts import SearchConfig, SearchStats, search
from .playout import random_choice
from .rng import Rng
from .text import T

LEVELS = ("random", "greedy", "strong")
DEFAULT_LEVEL = "strong"


def info_set(game: Game, state: BaseState, player: str) -> InfoSet:
    """The seat's information set: its own prompts and determinizations of `state`."""
    prompts = [p for p in game.prompts(state) if p.player == player]
    det = hooks(game).determinize
    return InfoSet(game=game, seat=player, prompts=prompts, sample=lambda rng: det(state, player, rng))


DEFAULT_BUDGET_S = 1.0  # thinking time when neither a budget nor iterations are given
CEILING_S = 60.0  # with `iterations` and no `budget_s`: the wall time a search never exceeds


def choose(game: Game, state: BaseState, player: str, level: str = DEFAULT_LEVEL, seed: int = 0,
           budget_s: float | None = None, iterations: int | None = None) -> tuple[str, list[str]]:
    """An answer `(prompt_id, choice)` to one of `player`'s open prompts. Deterministic for a
    fixed seed when `iterations` bounds the search (a time budget alone depends on speed); with
    `iterations`, `budget_s` is the wall ceiling (default `CEILING_S`), else the thinking time."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    info = info_set(game, state, player)
    if not info.prompts:
        raise IllegalAction("nothing_owed", T(f"{player} owes no decision now.", f"{player}が今できる選択はありません。"))
    rng = Rng(seed=seed).fork(stable_salt(game.key, player, state.version))
    (pid, choice) = decide(info, level, rng, budget_s=budget_s, iterations=iterations)
    return pid, list(choice)


@dataclass(frozen=True)
class Advice:
    """The strong player's answer for a seat, with what the search saw behind it (a hint).

    `simulations`: the playouts the search ran (0 when there was only one answer to weigh);
    `share`: the part of them spent on this answer (the search's vote for it, 1.0 when alone);
    `win`: its mean result in [0, 1] over those playouts, the search's estimate of the chance
    to win (for a solo game, of the game being won); `only`: it was the one answer to give
    (with no playouts and several answers, the planner had no time and gave its quick choice)."""

    prompt_id: str
    choice: list[str]
    simulations: int = 0
    share: float = 1.0
    win: float | None = None
    only: bool = False


def advise(game: Game, state: BaseState, player: str, seed: int = 0, budget_s: float | None = None,
           iterations: int | None = None) -> Advice:
    """The strong level's answer for `player`, as `choose(level="strong")` gives it for the
    same seed, with the root statistics of its search. Only the seat's information set is
    used; `choose` itself is unchanged (it keeps no statistics it does not need)."""
    info = info_set(game, state, player)
    if not info.prompts:
        raise IllegalAction("nothing_owed", T(f"{player} owes no decision now.", f"{player}が今できる選択はありません。"))
    rng = Rng(seed=seed).fork(stable_salt(game.key, player, state.version))
    if budget_s is None:
        budget_s = CEILING_S if iterations is not None else DEFAULT_BUDGET_S
    planner = hooks(game).strong
    stats = SearchStats()
    if planner is not None and "stats" in inspect.signature(planner).parameters:
        action = planner(info, rng, budget_s, iterations, stats=stats)
    elif planner is not None:
        action = planner(info, rng, budget_s, iterations)
    else:
        action, stats = search(info, rng, SearchConfig(budget_s=budget_s, iterations=iterations))
    pid, choice = action
    total = sum(visits for _, visits in stats.root.values())
    mean, visits = stats.root.get((pid, tuple(choice)), (None, 0))
    if not total:
        return Advice(pid, list(choice), only=len(actions_of(info.prompts, player, Rng(seed=0), 2)) <= 1)
    return Advice(pid, list(choice), simulations=stats.iterations, share=visits / total, win=mean)


def decide(info: InfoSet, level: str, rng: Rng, budget_s: float | None = None, iterations: int | None = None) -> Action:
    """The agent proper: an action from an information set (never from a real state)."""
    if budget_s is None:
        budget_s = CEILING_S if iterations is not None else DEFAULT_BUDGET_S
    if level == "random":
        return random_action(info, rng)
    if level == "greedy":
        return greedy_action(info, rng)
    planner = hooks(info.game).strong
    if planner is not None:
        return planner(info, rng, budget_s, iterations)
    action, _ = search(info, rng, SearchConfig(budget_s=budget_s, iterations=iterations))
    return action


def random_action(info: InfoSet, rng: Rng) -> Action:
    prompt = rng.choice(info.prompts)
    return prompt.id, tuple(random_choice(prompt, rng))


def greedy_action(info: InfoSet, rng: Rng, samples: int = 3, horizon: int = 8) -> Action:
    """One ply: try every answer on a few determinizations (the same ones for each answer),
    let the other seats and chance answer at random until the seat owes a decision again
    (at most `horizon` moves), and keep the answer whose evaluation is best on average."""
    game, seat = info.game, info.seat
    legal = actions_of(info.prompts, seat, Rng(seed=0), cap=32)
    if len(legal) == 1:
        return legal[0]
    seeds = [rng.next64() for _ in range(samples)]
    best, best_score = legal[0], -1.0
    order = list(range(len(legal)))
    rng.shuffle(order)  # ties go to a random answer, not the first listed
    for i in order:
        pid, choice = legal[i]
        total, counted = 0.0, 0
        for s in seeds:
            draw = Rng(seed=s)
            state = info.sample(draw)
            try:
                game.step(state, seat, pid, list(choice), events=False)
                _others_reply(game, state, seat, draw, horizon)
            except ismcts.SKIPPED as e:
                ismcts.failures[type(e).__name__] += 1
                continue
            total += value(game, state, seat)
            counted += 1
        score = total / counted if counted else -0.5
        if score > best_score:
            best, best_score = legal[i], score
    return best


def _others_reply(game: Game, state: Any, seat: str, rng: Rng, horizon: int) -> None:
    rollout_choice = hooks(game).rollout_choice
    for _ in range(horizon):
        if game.outcome(state) is not None:
            return
        prompts = game.prompts(state)
        others = [p for p in prompts if p.player != seat]
        if not others or len(others) < len(prompts):
            return  # the seat owes a decision again (or nobody else does)
        prompt = others[rng.below(len(others))]
        picked = rollout_choice(state, prompt, rng) if rollout_choice else None
        game.step(state, prompt.player, prompt.id, picked if picked is not None else forward_choice(prompt, rng),
                            prompts, events=False)
