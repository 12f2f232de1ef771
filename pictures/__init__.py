"""Pictures of a table: the public board and a player's hand, drawn with Pillow from a game's
view. No Discord import, so the terminal, docs and tests use the same pictures.

    board_png(game_key, view, lang) -> PNG bytes     # view = game.view(state, None): public only
    hand_png(game_key, view, lang)  -> PNG bytes     # view = game.view(state, player)

A game without its own renderer gets its text board drawn as a picture.
"""
from __future__ import annotations

from pydantic import BaseModel

from .fallback import text_png

__all__ = ["board_png", "hand_png"]


def board_png(game_key: str, view: BaseModel, lang: str = "en") -> bytes:
    """The public board as a PNG. Callers pass the public view (viewer None) only."""
    from games import registry

    return text_png(registry.get(game_key).render(view, lang))


def hand_png(game_key: str, view: BaseModel, lang: str = "en") -> bytes:
    """A player's private hand as a PNG, drawn from that player's own view."""
    from games import registry

    return text_png(registry.get(game_key).render(view, lang))
