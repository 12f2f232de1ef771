"""Guns & Steel pictures: the public board and one player's hand, as PNG bytes."""
from __future__ import annotations

from pydantic import BaseModel

from games.guns_and_steel.view import GunsView

from .board import render_board
from .hand import render_hand


def board_png(view: BaseModel, lang: str = "en") -> bytes:
    """The public board; `view` must be game.view(state, None)."""
    assert isinstance(view, GunsView)
    return render_board(view, lang)


def hand_png(view: BaseModel, lang: str = "en") -> bytes:
    """One player's hand; `view` must be game.view(state, that_player)."""
    assert isinstance(view, GunsView)
    return render_hand(view, lang)


board = board_png      # the names pictures/__init__.py dispatches to
hand = hand_png
