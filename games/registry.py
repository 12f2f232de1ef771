"""The one map of game keys to game definitions. Adding a game is one line here."""
from __future__ import annotations

from importlib import import_module

from .kit import Game

_MODULES = {
    "guns-and-steel": "games.guns_and_steel",
    "fort-of-gold": "games.fort_of_gold",
    "sutosute": "games.sutosute",
    "ganymede": "games.ganymede",
}

KEYS = tuple(_MODULES)


def get(key: str) -> Game:
    """The game for `key`; KeyError for an unknown key."""
    if key not in _MODULES:
        raise KeyError(f"unknown game {key!r}; known: {', '.join(KEYS)}")
    return import_module(_MODULES[key]).GAME


def all_games() -> list[Game]:
    return [get(k) for k in KEYS]
