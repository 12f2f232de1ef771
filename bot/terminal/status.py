"""Lines the terminal prints under a game's board for the player at the keyboard, from the
game's own hooks (`Game.status_lines`, `Game.notes`): a new game needs nothing here.

Lines that change as the game goes (Guns & Steel's VP) come with every board; lines that hold
for a long time (Ganymede: your side, that you have fallen) once, and again on `v`: `notes`
tells them apart."""
from __future__ import annotations

from typing import Any

from games.kit import Game


def status_lines(game: Game[Any, Any], view: Any, viewer: str | None, lang: str) -> list[str]:
    """Lines for under every board."""
    return [line.get(lang) for line in game.status_lines(view, viewer)]


def notes(game: Game[Any, Any], view: Any, viewer: str | None, lang: str) -> list[str]:
    """Lines to say once (and again when they change, or on `v`)."""
    return [line.get(lang) for line in game.notes(view, viewer)]
