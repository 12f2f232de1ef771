"""What a computer player may use: the seat's information set, legal answers and rewards.

An agent never receives the real state. It gets an `InfoSet`: the seat, the seat's own open
prompts (the answers it may give) and `sample(rng)`, a full state drawn by `determinize`
(kit/redeal.py: the game's own `resample` with fresh chance) from what the seat may know. Each
call of `sample` returns a fresh copy the agent owns, so search may apply moves to it in place.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from itertools import combinations, permutations
from typing import Any

from .game import BaseState, Game, MissingHook, plain_action_key, random_rollout
from .models import Prompt
from .playout import random_choice
from .redeal import deal_within, determinize, fresh_copy, reseed  # noqa: F401  (re-exported)
from .rng import Rng

Action = tuple[str, tuple[str, ...]]  # (prompt id, chosen keys)


@dataclass
class InfoSet:
    """Everything an agent may base a decision on."""

    game: Game
    seat: str
    prompts: list[Prompt]                       # the seat's open prompts in the real game
    sample: Callable[[Rng], BaseState]          # a determinized full state, a fresh copy each call


# ---- per-game hooks ------------------------------------------------------------------

@dataclass(frozen=True)
class Hooks:
    """A game's AI hooks as the agents call them: the kit's `determinize` and what the game
    declares on its `Game` class (`evaluate`, `rollout_choice`, `action_key`, …, kit/game.py)."""

    determinize: Callable[[Any, str, Rng], Any]
    evaluate: Callable[[Any, str], float]
    rollout_choice: Callable[[Any, Prompt, Rng], list[str] | None] | None = None  # None: random answers
    rollout_depth: int = 20
    cooperative: Callable[[Any], bool] | None = None  # all seats one team: no winner = a loss
    # The game's own strong player (InfoSet, Rng, budget_s, iterations) -> Action, used instead
    # of the generic IS-MCTS when the game has a better planner (still fed only the InfoSet).
    strong: Callable[[InfoSet, Rng, float, int | None], Action] | None = None
    # How search counts an answer (pid, choice) -> key; None: the answer itself.
    action_key: Callable[[Any, str, tuple[str, ...]], tuple] | None = None


_HOOKS: dict[str, Hooks] = {}


def hooks(game: Game) -> Hooks:
    """The game's AI hooks, read once from its `Game` object. A hook the game never declared
    raises MissingHook here, before any search starts. The kit's own `random_rollout` and
    `plain_action_key` become None, which the search reads as "nothing to call"."""
    cached = _HOOKS.get(game.key)
    if cached is not None:
        return cached
    cls = type(game)
    for name in ("evaluate", "rollout_choice", "action_key"):
        if getattr(cls, name) is getattr(Game, name):
            raise MissingHook(game, name)
    rollout = None if _plain(cls, "rollout_choice", random_rollout) else game.rollout_choice
    key = None if _plain(cls, "action_key", plain_action_key) else game.action_key
    team = None if cls.cooperative is Game.cooperative else game.cooperative
    found = Hooks(partial(determinize, game), game.evaluate, rollout, game.rollout_depth, team, game.strong, key)
    _HOOKS[game.key] = found
    return found


def _plain(cls: type, name: str, kit_default: Callable) -> bool:
    """Whether the class declared the kit's ready-made hook (a staticmethod of it)."""
    declared = next((vars(c)[name] for c in cls.__mro__ if name in vars(c)), None)
    return isinstance(declared, staticmethod) and declared.__func__ is kit_default


def stable_salt(*parts: object) -> int:
    """A salt that is the same in every process (unlike `hash` of a string)."""
    return zlib.crc32("|".join(map(str, parts)).encode())


# ---- legal answers ------------------------------------------------------------------

def answer_count(prompt: Prompt) -> int:
    """How many distinct answers `prompt` has (ordered prompts count orderings)."""
    n = len(prompt.options)
    high = min(prompt.max, n)
    total = 0
    for k in range(prompt.min, high + 1):
        total += math.perm(n, k) if prompt.ordered else math.comb(n, k)
    return total


def forward(prompt: Prompt) -> Prompt:
    """`prompt` without the answers that only go back to an earlier question of the same move
    (`Option.goes_back`), unless nothing else would be left. An agent weighs only these:
    "Back" leaves the position as it was, so a one-ply look or a short search rates it as
    high as the position itself, above any move that lets the others reply, and would answer
    back and forth forever (Guns & Steel's purchase: card, Back, card, Back...)."""
    if not any(o.goes_back for o in prompt.options):
        return prompt
    ahead = [o for o in prompt.options if not o.goes_back]
    if len(ahead) < prompt.min:
        return prompt
    return prompt.model_copy(update={"options": ahead})


def forward_choice(prompt: Prompt, rng: Rng) -> list[str]:
    """A random answer among those that move the game on (rollouts, simulated replies)."""
    return random_choice(forward(prompt), rng)


def answers(prompt: Prompt, rng: Rng, cap: int = 48) -> list[tuple[str, ...]]:
    """Legal answers to `prompt` that move the game on (`forward`): all of them when there
    are at most `cap`, else `cap` distinct random ones (big subsets and orderings)."""
    prompt = forward(prompt)
    keys = [o.key for o in prompt.options]
    high = min(prompt.max, len(keys))
    if prompt.min == high == 1:
        return [(k,) for k in keys]
    if answer_count(prompt) <= cap:
        out: list[tuple[str, ...]] = []
        for k in range(prompt.min, high + 1):
            out.extend(permutations(keys, k) if prompt.ordered else combinations(keys, k))
        return out
    seen: set[tuple[str, ...]] = set()
    out = []
    for _ in range(cap * 4):
        k = prompt.min + rng.below(high - prompt.min + 1)
        pick = tuple(rng.sample(keys, k))
        if not prompt.ordered:
            pick = tuple(sorted(pick, key=keys.index))
        if pick not in seen:
            seen.add(pick)
            out.append(pick)
        if len(out) >= cap:
            break
    return out


def actions_of(prompts: list[Prompt], player: str, rng: Rng, cap: int = 48) -> list[Action]:
    """Every answer `player` may give now, over all of their open prompts."""
    return [(p.id, a) for p in prompts if p.player == player for a in answers(p, rng, cap)]


# ---- rewards ------------------------------------------------------------------------

def terminal_reward(game: Game, state: BaseState, player: str) -> float | None:
    """1 for a win, 0 for a loss, shared places in between, shaded by the final score (a
    bigger margin is better, as a person would play on for it); None while the game runs."""
    outcome = game.outcome(state)
    if outcome is None:
        return None
    if player in outcome.winners:
        place = 1.0
        team = hooks(game).cooperative
        if team is not None and team(state):
            return 1.0  # a shared win: the partners' HP margin means nothing
    elif outcome.winners:
        place = 0.0
    else:
        groups = [g for g in outcome.ranking if g]
        team = hooks(game).cooperative
        if team is not None and team(state):
            return 0.0  # the team lost together
        place = 0.5 if len(groups) <= 1 and len(state.players) > 1 else 0.0
        if len(groups) > 1:
            place = next((1.0 - i / (len(groups) - 1) for i, g in enumerate(groups) if player in g), 0.0)
    scores = outcome.scores
    if player not in scores:
        return place
    others = [v for p, v in scores.items() if p != player]
    margin = scores[player] - max(others) if others else scores[player]
    return 0.9 * place + 0.1 * (0.5 + 0.5 * math.tanh(margin / 10.0))


def value(game: Game, state: BaseState, player: str) -> float:
    """The outcome once the game is over, else the game's evaluation (both in [0, 1])."""
    done = terminal_reward(game, state, player)
    if done is not None:
        return done
    return max(0.0, min(1.0, hooks(game).evaluate(state, player)))
