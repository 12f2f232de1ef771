"""Guns & Steel (鋼鉄と火薬) and its Renaissance set: the engine, the base set and set hooks."""
from .game import GAME, GunsAndSteel
from .state import Options, State

__all__ = ["GAME", "GunsAndSteel", "Options", "State"]
