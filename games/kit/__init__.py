"""The shared rules kit: what every game would otherwise write again.

A game is a `Game[State, View]` subclass (game.py) over a pydantic `BaseState`; it writes its
rules (`_setup`, `prompts`, `_play` or `_apply`, `outcome`), what a viewer is shown (`view`, `render`) and
which cards they see. The kit gives it:

- game.py: the one way to apply a move (`step`; `apply` on a copy; `play_offered`, the unchecked
  fast path of random playouts), validation of every choice, the computer players' hooks a game
  declares (`evaluate`, `rollout_choice`, `action_key`, …), `current_players`, options
  parsing, and, from the game's `visible_ids` (and `card_ids`, default the keys of
  `state.cards`), a default `hidden_ids`;
- models.py, text.py: prompts, options, events, outcomes and bilingual `T(en, ja)` text;
- rng.py: the seeded RNG that lives in the state (replays stay identical);
- cards.py: `one_per_identical`, one option per identical card;
- provenance.py: one `Provenance` model for every game's card data (seed / source /
  reconstructed with a reason);
- redeal.py: the one redealer a game with hidden cards writes (`Game.resample`, in
  games/<game>/resample.py) serves both the leak check and the computer players
  (`determinize` = resample + fresh chance), with `deal_within` for the usual deal;
- checks.py, leaks.py: the property checks every game passes (legal options apply, illegal
  ones refuse, JSON round trips, replays, no hidden card id in a view, a prompt or a public
  event) and the hidden-information check against resampled worlds;
- playout.py, undo.py: random play and replay, and the undo policy;
- ai.py, ismcts.py, agents.py: the computer players (random, greedy, IS-MCTS) that see only
  determinizations; a game declares its hooks on its `Game` (functions in its `evaluate.py`);
- trusted.py: the one module that steps around pydantic (`StateModel`, the base of the games'
  state models, and fast constructors of the kit's own models).
"""
from .cards import one_per_identical
from .errors import IllegalAction
from .game import BaseState, Game, NoOptions, opt
from .models import Action, Event, Option, Outcome, Prompt
from .playout import Playout, random_action, random_choice, random_playout, replay
from .rng import Rng
from .text import LANGS, T, Text
from .trusted import StateModel

__all__ = [
    "Action", "BaseState", "Event", "Game", "IllegalAction", "LANGS", "NoOptions", "Option",
    "Outcome", "Playout", "Prompt", "Rng", "StateModel", "T", "Text", "one_per_identical", "opt", "random_action",
    "random_choice", "random_playout", "replay",
]
