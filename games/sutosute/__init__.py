"""すとすてカードゲーム (Sutosute card game, スパ帝国): a 2-player duel of simultaneous card choices."""
from .game import GAME, SutosuteGame
from .options import Options
from .state import State

__all__ = ["GAME", "Options", "State", "SutosuteGame"]
