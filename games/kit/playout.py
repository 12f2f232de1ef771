"""Random legal play: used by property tests, benchmarks, the terminal's computer seats and idle seats."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from .game import BaseState, Game
from .models import Action, Prompt
from .rng import Rng


def random_choice(prompt: Prompt, rng: Rng) -> list[str]:
    """A uniformly sized random legal answer to `prompt`: a uniform size, then a uniform
    ordered pick of that many options (a partial Fisher-Yates: k draws, not one per option)."""
    options = prompt.options
    if prompt.max == 1 and prompt.min == 1:  # most prompts: the one draw the general case makes
        return [options[rng.below(len(options))].key]
    high = min(prompt.max, len(options))
    k = prompt.min + (rng.below(high - prompt.min + 1) if high > prompt.min else 0)
    if k == 1:
        return [options[rng.below(len(options))].key]
    pool = list(options)
    n = len(pool)
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return [o.key for o in pool[:k]]


def random_action(game: Game, state: BaseState, rng: Rng, player: str | None = None) -> Action | None:
    """A random legal action among the open prompts (of `player` if given); None if none is owed."""
    prompts = [p for p in game.prompts(state) if player is None or p.player == player]
    if not prompts:
        return None
    prompt = rng.choice(prompts)
    return Action(player=prompt.player, prompt_id=prompt.id, choice=random_choice(prompt, rng))


class Playout(BaseModel):
    players: list[str]
    options: dict[str, Any]
    seed: int
    actions: list[Action]
    finished: bool


def random_playout(game: Game, players: list[str], options: BaseModel | dict | None = None,
                   seed: int = 0, agent_seed: int | None = None, max_actions: int = 20000):
    """Play a whole game with random legal moves. Returns (final state, Playout record)."""
    opts = game.parse_options(options)
    state = game.setup(players, opts, seed)
    rng = Rng(seed=seed if agent_seed is None else agent_seed).fork(1)
    # The log as plain tuples while playing, the Action records built once at the end: tuples
    # of strings drop out of the cyclic GC's sight, where hundreds of live models per game
    # made every collection walk them again.
    log: list[tuple[str, str, tuple[str, ...]]] = []
    prompts = game.prompts(state)
    for _ in range(max_actions):
        if not prompts:
            break
        prompt = prompts[rng.below(len(prompts))]    # rng.choice(prompts), one call fewer
        choice = random_choice(prompt, rng)
        # A legal answer the loop made itself from an open prompt: the move is not checked
        # again (kit/game.py `play_offered`).
        prompts = game.play_offered(state, prompt, choice)
        log.append((prompt.player, prompt.id, tuple(choice)))
    # Plain dicts: the record's validation builds every Action in pydantic's compiled code,
    # faster than building the models here one by one.
    actions = [{"player": player, "prompt_id": prompt_id, "choice": list(choice)} for player, prompt_id, choice in log]
    record = Playout(players=list(players), options=opts.model_dump(), seed=seed,
                     actions=actions, finished=game.outcome(state) is not None)
    return state, record


def replay(game: Game, players: list[str], options: BaseModel | dict | None, seed: int,
           actions: list[Action]) -> BaseState:
    """Setup + the action log gives the state back (the persistence and replay contract)."""
    state = game.setup(players, options, seed)
    prompts = None  # each step hands the next position's prompts on
    for a in actions:
        _, prompts = game.step(state, a.player, a.prompt_id, a.choice, prompts, events=False)
    return state
