"""The shared rules kit: models, the Game base, the seeded RNG and random play."""
from .cards import one_per_identical
from .errors import IllegalAction
from .game import BaseState, Game, NoOptions, opt
from .models import Action, Event, Option, Outcome, Prompt
from .playout import Playout, random_action, random_choice, random_playout, replay
from .rng import Rng
from .text import LANGS, T, Text

__all__ = [
    "Action", "BaseState", "Event", "Game", "IllegalAction", "LANGS", "NoOptions", "Option",
    "Outcome", "Playout", "Prompt", "Rng", "T", "Text", "one_per_identical", "opt", "random_action",
    "random_choice", "random_playout", "replay",
]
