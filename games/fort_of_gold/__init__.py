"""金の砦 The Fort of Gold (空理計画, 2019): a solo game of matching mana symbols to treasures."""
from .game import GAME, FortOfGoldGame
from .options import Options
from .state import State

__all__ = ["GAME", "FortOfGoldGame", "Options", "State"]
