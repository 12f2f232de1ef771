"""What a computer player may use: the seat's information set, legal answers and rewards.

An agent never receives the real state. It gets an `InfoSet`: the seat, the seat's own open
prompts (the answers it may give) and `sample(rng)`, a full state drawn by the game's
`determinize` from what the seat may know. Each call of `sample` returns a fresh copy the
agent owns, so search may apply moves to it in place.
"""
from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from itertools import combinations, permutations
from typing import Any

from .game import BaseState, Game
from .models import Prompt
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
    """A game's optional AI modules: `determinize.py` and `evaluate.py` in its package."""

    determinize: Callable[[Any, str, Rng], Any]
    evaluate: Callable[[Any, str], float]
    rollout_choice: Callable[[Any, Prompt, Rng], list[str] | None] | None = None
    rollout_depth: int = 20
    cooperative: Callable[[Any], bool] | None = None  # all seats one team: no winner = a loss
    # The game's own strong player (InfoSet, Rng, budget_s, iterations) -> Action, used instead
    # of the generic IS-MCTS when the game has a better planner (still fed only the InfoSet).
    strong: Callable[[InfoSet, Rng, float, int | None], Action] | None = None


_HOOKS: dict[str, Hooks] = {}


def _default_determinize(state: Any, seat: str, rng: Rng) -> Any:
    """A game without hidden cards: a copy with fresh chance (its own RNG is not the agent's to know)."""
    new = fresh_copy(state)
    reseed(new, rng)
    return new


def hooks(game: Game) -> Hooks:
    """The game's determinize / evaluate hooks, found next to its rules (games/<game>/)."""
    cached = _HOOKS.get(game.key)
    if cached is not None:
        return cached
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        det = import_module(f"{package}.determinize").determinize
    except ImportError:
        det = _default_determinize
    try:
        ev = import_module(f"{package}.evaluate")
        found = Hooks(det, ev.evaluate, getattr(ev, "rollout_choice", None), getattr(ev, "ROLLOUT_DEPTH", 20),
                      getattr(ev, "cooperative", None), getattr(ev, "strong", None))
    except ImportError:
        found = Hooks(det, lambda state, player: 0.5)
    _HOOKS[game.key] = found
    return found


def fresh_copy(state: BaseState) -> Any:
    """An independent copy (a dump/validate round trip beats a generic deep copy)."""
    return type(state).model_validate(state.model_dump())


def reseed(state: BaseState, rng: Rng) -> None:
    """Replace the state's RNG (and seed) by fresh ones: future dice and shuffles are unknown."""
    seed = rng.next64() >> 1
    state.seed = seed
    state.rng = Rng(seed=seed)


def deal_within(groups: list[list[str]], identity: Callable[[str], Any], rng: Rng,
                sort_key: Callable[[Any], Any] = str) -> dict[str, Any]:
    """Deal the identities of each group's ids back out to that group's ids at random.

    Ids and identities are both put in a canonical order before the shuffle, so the result
    depends only on the groups, the multiset of identities in each and `rng`: two states
    that differ only in which hidden id holds which card give the same deal."""
    dealt: dict[str, Any] = {}
    for group in groups:
        ids = sorted(set(group))
        cards = sorted((identity(c) for c in ids), key=sort_key)
        rng.shuffle(cards)
        dealt.update(zip(ids, cards, strict=True))
    return dealt


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


def answers(prompt: Prompt, rng: Rng, cap: int = 48) -> list[tuple[str, ...]]:
    """Legal answers to `prompt`: all of them when there are at most `cap`, else `cap`
    distinct random ones (big subsets and orderings)."""
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
