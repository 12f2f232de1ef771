"""The strong agent: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).

Every iteration draws a determinized state from the seat's information set, walks the tree
with UCB (each action's statistics also count how often it was available, as determinizations
offer different moves), expands one new action, plays a short rollout (the game's cheap
policy, else random) and scores the leaf with the game's evaluation. Answers are counted under
the game's `action_key` (Sutosute: card kinds), which means the same thing in every
determinization. Tree nodes are keyed by the history as the acting player observes it: a
choice made while another player decides at the same time (a face-down card) is seen by the
others only as "someone answered that prompt", so no simulated opponent reacts to a card it
could not see. Chance is open loop: each determinization brings its own
dice and shuffles. The answer is the root action visited most (ties: the better mean).
"""
from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass, field

from .agents import Action, InfoSet, actions_of, forward_choice, hooks, value
from .errors import IllegalAction
from .rng import Rng

Token = tuple  # one applied action as stored in a history


@dataclass
class SearchConfig:
    """`budget_s` bounds the thinking time; `iterations`, when set, bounds the work instead
    (deterministic for a fixed seed, whatever else the machine runs) and `budget_s` is then
    only a wall ceiling: a search that has not done its iterations by then stops anyway
    (counted in `searches_cut_short`). `exploration` is UCB's c for rewards in [0, 1]."""

    budget_s: float = 1.0
    iterations: int | None = None
    exploration: float = 0.7
    cap: int = 48                   # answers considered for one big multi-option prompt
    rollout_depth: int | None = None  # None: the game's ROLLOUT_DEPTH
    widening: float = 2.0           # progressive widening: new actions tried at a node ≈ widening·√visits


# iterations run by every search in this process so far: a worker reports what one decision
# cost (tables/cpu.py), whichever planner a game uses around `search`
iterations_done = 0
# searches bounded by iterations that hit their wall ceiling first (they played weaker)
searches_cut_short = 0
# What the agents skipped in this process so far, by exception type: an iteration of the
# search (or a greedy trial) whose moves a determinization refused. IllegalAction is expected
# now and then (a determinization need not offer every answer of the real position); any other
# type is a bug in a game's rules or hooks. `bench/ai.py` prints these counts.
failures: Counter[str] = Counter()
# What an iteration may fail with and be skipped; anything else stops the search.
SKIPPED = (IllegalAction, KeyError, ValueError, IndexError, StopIteration)


@dataclass
class SearchStats:
    iterations: int = 0
    failures: Counter[str] = field(default_factory=Counter)  # skipped iterations by exception type
    cut_short: bool = False         # an iteration budget stopped at its wall ceiling
    root: dict[Action, tuple[float, int]] = field(default_factory=dict)  # mean reward, visits


def _observed(tokens: list[Token], actor: str) -> tuple:
    """The history as `actor` saw it: simultaneous choices of others are masked."""
    return tuple(t[:2] if (t[3] and t[0] != actor) else t[:3] for t in tokens)


def search(info: InfoSet, rng: Rng, config: SearchConfig | None = None) -> tuple[Action, SearchStats]:
    config = config or SearchConfig()
    game, seat = info.game, info.seat
    hook = hooks(game)
    depth_limit = config.rollout_depth if config.rollout_depth is not None else hook.rollout_depth
    root_actions = actions_of(info.prompts, seat, Rng(seed=0), config.cap)
    stats = SearchStats()
    if len(root_actions) == 1:
        return root_actions[0], stats
    # the tree counts answers by the game's key (Sutosute: card kinds), the same in every determinization
    key_of = hook.action_key
    root_map = _keyed(info.sample(Rng(seed=1)) if key_of else None, root_actions, key_of)
    nodes: dict[tuple, dict[Action, list[float]]] = {}
    start = time.perf_counter()
    while True:
        if config.iterations is not None and stats.iterations >= config.iterations:
            break
        elapsed = time.perf_counter() - start
        # stop when one more iteration (at 1.5 times the mean pace, plus 10 ms for what follows
        # the search and a busy machine's hiccups) would overrun the budget
        if config.iterations is None and stats.iterations and \
                elapsed * (1 + 1.5 / stats.iterations) + 0.01 >= config.budget_s:
            break
        if config.iterations is not None and elapsed >= config.budget_s:
            stats.cut_short = True
            break  # the wall ceiling of an iteration budget
        stats.iterations += 1
        try:
            _iterate(info, rng, config, nodes, root_map, depth_limit, hook.rollout_choice, key_of)
        except SKIPPED as e:
            stats.failures[type(e).__name__] += 1
            failures[type(e).__name__] += 1
    global iterations_done, searches_cut_short
    iterations_done += stats.iterations
    searches_cut_short += stats.cut_short
    root = nodes.get((), {})
    best, best_key = root_actions[0], (-1, -1.0)
    for k, a in root_map.items():
        total, visits, _ = root.get(k, (0.0, 0, 0))
        mean = total / visits if visits else 0.0
        stats.root[a] = (mean, int(visits))
        if (visits, mean) > best_key:  # most visits, ties to the better mean
            best, best_key = a, (visits, mean)
    return best, stats


def _keyed(state, actions: list[Action], key_of) -> dict[tuple, Action]:
    """Each answer under the key the tree counts it by (the first answer of a key stands for it)."""
    if key_of is None:
        return {a: a for a in actions}
    out: dict[tuple, Action] = {}
    for pid, choice in actions:
        out.setdefault((pid, key_of(state, pid, choice)), (pid, choice))
    return out


def _iterate(info: InfoSet, rng: Rng, config: SearchConfig, nodes: dict, root_map: dict[tuple, Action],
             depth_limit: int, rollout_choice, key_of) -> None:
    game, seat = info.game, info.seat
    state = info.sample(rng)
    tokens: list[Token] = []
    trail: list[tuple[dict, tuple, str]] = []
    in_tree, rollout_steps = True, 0
    prompts = game.prompts(state)
    while prompts and game.outcome(state) is None:
        simultaneous = len({p.player for p in prompts}) > 1
        if in_tree:
            actor = seat if not tokens else prompts[0].player
            legal = root_map if not tokens else _keyed(
                state, actions_of(prompts, actor, Rng(seed=len(tokens)), config.cap), key_of)
            node = nodes.setdefault(_observed(tokens, actor), {})
            key = _select(node, list(legal), rng, config)
            trail.append((node, key, actor))
            if node[key][1] == 0:
                in_tree = False  # expanded one new action: the rest is rollout
            pid, choice = legal[key]
            tokens.append((actor, pid, key[1], simultaneous))
        else:
            if rollout_steps >= depth_limit:
                break
            rollout_steps += 1
            prompt = prompts[rng.below(len(prompts))]
            actor = prompt.player
            picked = rollout_choice(state, prompt, rng) if rollout_choice else None
            choice = tuple(picked if picked is not None else forward_choice(prompt, rng))
            pid = prompt.id
        _, prompts = game.step(state, actor, pid, list(choice), prompts, events=False)  # the next prompts come back
    rewards: dict[str, float] = {}
    for node, key, actor in trail:
        if actor not in rewards:
            rewards[actor] = value(game, state, actor)
        entry = node[key]
        entry[0] += rewards[actor]
        entry[1] += 1


def _select(node: dict[Action, list[float]], legal: list[Action], rng: Rng, config: SearchConfig) -> Action:
    """UCB over the actions available in this determinization, trying new ones first within
    the progressive-widening allowance."""
    tried, untried = [], []
    visits_here = 0
    for a in legal:
        entry = node.get(a)
        if entry is None:
            entry = node[a] = [0.0, 0, 0]
        entry[2] += 1
        if entry[1]:
            tried.append(a)
            visits_here += entry[1]
        else:
            untried.append(a)
    allowance = max(2, int(config.widening * math.sqrt(visits_here + 1)))
    if untried and (not tried or len(tried) < allowance):
        return untried[rng.below(len(untried))]
    best, best_score = tried[0], -math.inf
    for a in tried:
        total, visits, avail = node[a]
        score = total / visits + config.exploration * math.sqrt(math.log(max(avail, 1)) / visits)
        if score > best_score:
            best, best_score = a, score
    return best
