"""Sample tables for previews, benchmarks and tests: a game set up and played some random legal
moves in (deterministic for a seed), for every game and mode a renderer draws."""
from __future__ import annotations

from games import registry
from games.kit.game import BaseState
from games.kit.models import Action
from games.kit.playout import random_choice
from games.kit.rng import Rng

# the sample players, named as a table in that language would be: an English picture shows no
# Japanese name, a Japanese one mixes scripts as Discord display names do
NAMES = {"en": ["Alice", "Bob", "Carol", "Dave"], "ja": ["Alice", "ボブ", "Carol", "Dave"]}
PLAYERS = NAMES["ja"]

# (game key, options, players) for every mode the pictures draw
VARIANTS: dict[str, list[tuple[dict, int]]] = {
    "ganymede": [({"mode": "duel"}, 2), ({"mode": "coop"}, 2), ({"mode": "three"}, 3)],
    "sutosute": [({}, 2)],
    "fort-of-gold": [({}, 1)],
    "guns-and-steel": [({}, 2), ({}, 3), ({}, 4)],
}


def sample_state(game_key: str, options: dict | None = None, players: int | None = None, moves: int = 12,
                 seed: int = 1, lang: str = "en") -> BaseState:
    """A state `moves` random legal moves into a game (fewer if it ends first), its players named
    for a picture in `lang`."""
    game = registry.get(game_key)
    if options is None or players is None:
        options, players = VARIANTS.get(game_key, [({}, game.min_players)])[0]
    state = game.setup(NAMES[lang][:players], game.parse_options(options), seed)
    rng = Rng(seed=seed).fork(7)
    for _ in range(moves):
        action = _playing_on(game, state, rng)
        if action is None:
            break
        state, _ = game.apply(state, action.player, action.prompt_id, action.choice)
    return state


def _playing_on(game, state: BaseState, rng: Rng) -> Action | None:
    """A random legal action that does not concede or resign (a sample should show a game in play)."""
    prompts = game.prompts(state)
    if not prompts:
        return None
    prompt = rng.choice(prompts)
    keep = [o for o in prompt.options if not any(w in o.key for w in ("concede", "resign"))]
    if len(keep) >= prompt.min and keep:
        prompt = prompt.model_copy(update={"options": keep})
    return Action(player=prompt.player, prompt_id=prompt.id, choice=random_choice(prompt, rng))
