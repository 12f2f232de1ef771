"""Pictures of a table: the public board and a player's hand, drawn with Pillow from a game's
view. No Discord import, so the terminal, docs and tests use the same pictures.

    board_png(game_key, view, lang) -> PNG bytes     # view = game.view(state, None): public only
    hand_png(game_key, view, lang)  -> PNG bytes     # view = game.view(state, player)

Each game with a picture has a module here with `board(view, lang)` and `hand(view, lang)`
returning PNG bytes (RENDERERS maps game keys to module names); a game without one gets its text
board drawn as a picture. Shared pieces: fonts.py (CJK fonts, per-character fallback), draw.py
(palette, canvas, cards, icons), cache.py (LRU per table, version, language and viewer).
"""
from __future__ import annotations

from importlib import import_module
from types import ModuleType

from pydantic import BaseModel

from .fallback import text_png

__all__ = ["board_png", "hand_png", "RENDERERS", "renderer"]

RENDERERS: dict[str, str] = {
    "ganymede": "ganymede",
    "sutosute": "sutosute",
    "fort-of-gold": "fort_of_gold",
    "guns-and-steel": "guns_and_steel",
}


def renderer(game_key: str) -> ModuleType | None:
    """The game's picture module, or None when it has none (yet)."""
    name = RENDERERS.get(game_key)
    if name is None:
        return None
    try:
        return import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name == f"{__name__}.{name}":
            return None
        raise


def board_png(game_key: str, view: BaseModel, lang: str = "en") -> bytes:
    """The public board as a PNG, from the public view (viewer None) only: a private view would
    put one player's secrets in a channel, so it is refused."""
    if getattr(view, "viewer", None) is not None:
        raise ValueError("board_png draws the public view only (game.view(state, None))")
    module = renderer(game_key)
    if module is not None:
        return module.board(view, lang)
    from games import registry

    return text_png(registry.get(game_key).render(view, lang))


def hand_png(game_key: str, view: BaseModel, lang: str = "en") -> bytes:
    """A player's private hand as a PNG, drawn from that player's own view."""
    module = renderer(game_key)
    if module is not None:
        return module.hand(view, lang)
    from games import registry

    return text_png(registry.get(game_key).render(view, lang))
