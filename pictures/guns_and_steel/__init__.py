"""Guns & Steel pictures: the public board and one player's hand, as PNG bytes.

    board(view, lang)   view = game.view(state, None)      (refuses a private view)
    hand(view, lang)    view = game.view(state, player)    (refuses the public view)
"""
from __future__ import annotations

from pydantic import BaseModel

from games.guns_and_steel.view import GunsView

from .board import render_board
from .hand import render_hand
from .labels import DECIDING, WORDS  # noqa: F401  (the shared glyph test reads a renderer's label tables)


def _guns_view(view: BaseModel) -> GunsView:
    if not isinstance(view, GunsView):
        raise TypeError(f"a Guns & Steel view is needed, not {type(view).__name__}")
    return view


def board_png(view: BaseModel, lang: str = "en") -> bytes:
    """The public board; `view` must be game.view(state, None)."""
    return render_board(_guns_view(view), lang)


def hand_png(view: BaseModel, lang: str = "en") -> bytes:
    """One player's hand; `view` must be game.view(state, that_player)."""
    return render_hand(_guns_view(view), lang)


board = board_png      # the names pictures/__init__.py dispatches to
hand = hand_png
