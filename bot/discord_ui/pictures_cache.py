"""The board and hand pictures as Discord attachments, drawn once per (table, version, language).

The public board is drawn only from the spectator view (`game.view(state, None)`), computed
here and nowhere else, so a public message can never carry a private view's picture. A hand is
drawn from its owner's view and only ever goes to that owner (an ephemeral reply or their DM).
"""
from __future__ import annotations

import io
from collections import OrderedDict
from typing import Any

import discord
from pydantic import BaseModel

import pictures
from games.kit import Game

from .presenters import names_of

BOARD_CACHE_SIZE = 256  # a few pictures per live table; old versions fall out first
# Games whose hand picture already draws the whole board around the player's own cards: their
# hand message shows that one picture instead of the board beside the hand.
HAND_SHOWS_BOARD = frozenset({"fort-of-gold"})


class PictureCache:
    """Latest-first cache of rendered PNG bytes. Keys carry the version, so a move never
    shows an old picture; the same board in two languages is two entries."""

    def __init__(self, size: int = BOARD_CACHE_SIZE) -> None:
        self.size = size
        self._png: OrderedDict[tuple, bytes] = OrderedDict()
        self.renders = 0

    def board_png(self, game: Game, table: Any, state: Any, lang: str) -> bytes:
        key = ("board", table.id, table.version, lang)
        names = names_of(table, lang, markdown=False)
        return self._get(key, lambda: pictures.board_png(game.key, named_view(game.view(state, None), names), lang))

    def hand_png(self, game: Game, table: Any, state: Any, user_id: str, lang: str) -> bytes:
        key = ("hand", table.id, table.version, user_id, lang)
        names = names_of(table, lang, markdown=False)
        return self._get(key, lambda: pictures.hand_png(game.key, named_view(game.view(state, user_id), names), lang))

    def _get(self, key: tuple, draw: Any) -> bytes:
        png = self._png.get(key)
        if png is None:
            png = draw()
            self.renders += 1
            self._png[key] = png
            while len(self._png) > self.size:
                self._png.popitem(last=False)
        else:
            self._png.move_to_end(key)
        return png


def named_view(view: BaseModel, names: dict[str, str]) -> BaseModel:
    """The view with players' ids (Discord user ids) replaced by their names wherever a value
    or key is exactly an id, so pictures name people. The view's shape is unchanged (a public
    view stays public); if it no longer validates, the view is drawn as it is."""
    unique: dict[str, str] = {}
    for user_id, name in names.items():
        label = name
        while label in unique.values():
            label += "′"
        unique[user_id] = label

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            return unique.get(value, value)
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {swap(k): swap(v) for k, v in value.items()}
        return value

    try:
        return type(view).model_validate(swap(view.model_dump(mode="json")))
    except ValueError:
        return view


def board_filename(table: Any) -> str:
    return f"board-{table.id}-{table.version}.png"


def hand_filename(table: Any) -> str:
    return f"hand-{table.id}-{table.version}.png"


def as_file(png: bytes, filename: str) -> discord.File:
    return discord.File(io.BytesIO(png), filename=filename)
