"""The board and hand pictures as Discord attachments, drawn once per thing they show: the
view, the display names and the language. Not per table version: an undo rewinds the version,
and the next move reaches it again with another position.

Pictures are drawn off the event loop on one pictures thread (`prepare`, awaited before a
message is built), so other tables' clicks are answered meanwhile; a renderer that fails gives
the game's text view as the picture.

The public board is drawn only from the spectator view (`game.view(state, None)`), computed
here and nowhere else, so a public message can never carry a private view's picture. A hand is
drawn from its owner's view and only ever goes to that owner (an ephemeral reply or their DM).
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from pydantic import BaseModel

import pictures
from games import registry
from games.kit import Game
from pictures.fallback import text_png

from .presenters import names_of

log = logging.getLogger(__name__)
BOARD_CACHE_SIZE = 256  # a few pictures per live table; old versions fall out first
# Games whose hand picture already draws the whole board around the player's own cards: their
# hand message shows that one picture instead of the board beside the hand.
HAND_SHOWS_BOARD = frozenset({"fort-of-gold"})


class PictureCache:
    """Latest-first cache of rendered PNG bytes, keyed by what the picture shows (a digest of
    the view, the names, the language), so a move never shows an old picture, a position is
    drawn once however many messages ask for it, and the same board in two languages is two
    entries."""

    def __init__(self, size: int = BOARD_CACHE_SIZE) -> None:
        self.size = size
        self._png: OrderedDict[tuple, bytes] = OrderedDict()
        self._drawing: dict[tuple, asyncio.Future] = {}  # pictures being drawn off the loop, by key
        self._keys: OrderedDict[tuple, tuple] = OrderedDict()  # (kind, game, state JSON, viewer, …) -> key
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        self.renders = 0

    def board_png(self, game: Game, table: Any, state: Any, lang: str) -> bytes:
        key, draw = self._board(game, table, state, lang)
        return self._get(key, draw)

    def hand_png(self, game: Game, table: Any, state: Any, user_id: str, lang: str) -> bytes:
        key, draw = self._hand(game, table, state, user_id, lang)
        return self._get(key, draw)

    async def prepare(self, table: Any, lang: str, *, board: bool = True, hands: tuple[str, ...] = ()) -> None:
        """Draw the table's board (and the hands of `hands`) off the event loop, on the
        pictures thread, unless already drawn or being drawn: `board_png`/`hand_png` then
        answer from the cache. Other tables' clicks go on meanwhile (the renderers spend most
        of their time in Pillow and zlib, which let go of the GIL)."""
        if table.state_json is None:
            return
        game = registry.get(table.game)
        state = table.state(game)
        jobs = [self._board(game, table, state, lang)] if board else []
        jobs += [self._hand(game, table, state, user_id, lang) for user_id in hands]
        waits = []
        for key, draw in jobs:
            if key in self._png:
                continue
            future = self._drawing.get(key)
            if future is None:
                future = self._drawing[key] = asyncio.get_running_loop().run_in_executor(self._thread, draw)
                future.add_done_callback(lambda done, key=key: self._drawn(key, done))
            waits.append(future)
        if waits:
            await asyncio.gather(*waits, return_exceptions=True)

    def _drawn(self, key: tuple, done: asyncio.Future) -> None:
        self._drawing.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self._put(key, done.result())

    def _board(self, game: Game, table: Any, state: Any, lang: str) -> tuple[tuple, Callable[[], bytes]]:
        return self._job("board", game, table, state, None, lang, pictures.board_png)

    def _hand(self, game: Game, table: Any, state: Any, user_id: str,
              lang: str) -> tuple[tuple, Callable[[], bytes]]:
        return self._job("hand", game, table, state, user_id, lang, pictures.hand_png)

    def _job(self, kind: str, game: Game, table: Any, state: Any, viewer: str | None, lang: str,
             renderer: Callable[[str, BaseModel, str], bytes]) -> tuple[tuple, Callable[[], bytes]]:
        """The picture's key and how to draw it. The key of a stored state (its JSON, the same
        string object while the service holds the table) is remembered, so a picture asked for
        again (`prepare`, then the message that shows it) costs no second view and digest."""
        names = names_of(table, lang, markdown=False)  # pictures draw names as they are
        seen = (kind, game.key, table.state_json, viewer, lang, tuple(names.items()))
        key = self._keys.get(seen) if table.state_json is not None else None
        if key is None:
            view = game.view(state, viewer)
            key = content_key(kind, game.key, view, names, lang)
            if table.state_json is not None:
                self._keys[seen] = key
                while len(self._keys) > self.size:
                    self._keys.popitem(last=False)
            return key, lambda: drawn(game, view, names, lang, renderer)
        return key, lambda: drawn(game, game.view(state, viewer), names, lang, renderer)

    def _get(self, key: tuple, draw: Callable[[], bytes]) -> bytes:
        png = self._png.get(key)
        if png is None:
            png = draw()
            self._put(key, png)
        else:
            self._png.move_to_end(key)
        return png

    def _put(self, key: tuple, png: bytes) -> None:
        if key not in self._png:
            self.renders += 1
        self._png[key] = png
        self._png.move_to_end(key)
        while len(self._png) > self.size:
            self._png.popitem(last=False)

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)


def drawn(game: Game, view: BaseModel, names: dict[str, str], lang: str,
          renderer: Callable[[str, BaseModel, str], bytes]) -> bytes:
    """The picture of `view` with people's names; should the game's renderer fail, its text
    view drawn as a picture instead (the game goes on with a plainer picture)."""
    shown = named_view(view, names)
    try:
        return renderer(game.key, shown, lang)
    except Exception:
        log.exception("the %s picture renderer failed; drawing the text view", game.key)
        return text_png(game.render(shown, lang))


def content_key(kind: str, game_key: str, view: BaseModel, names: dict[str, str], lang: str) -> tuple:
    """What a picture shows, as a key: a digest of the view's JSON (a private view names its
    viewer, so two players' hands never share one), the names it will carry, the language."""
    digest = hashlib.blake2b(view.model_dump_json().encode(), digest_size=16).digest()
    return kind, game_key, digest, tuple(names.items()), lang


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
