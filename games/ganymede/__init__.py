"""ガニメデ戦記 (The War Chronicles of Ganymede): a blackjack-like battle for 2–3 players; duel, co-op, three."""
from .game import GAME, GanymedeGame
from .options import Options
from .state import State

__all__ = ["GAME", "GanymedeGame", "Options", "State"]
