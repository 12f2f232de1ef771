"""The board and hand pictures as Discord attachments, drawn once per thing they show: the
view, the display names and the language. Not per table version: an undo rewinds the version,
and the next move reaches it again with another position.

Pictures are drawn off the event loop (`prepare`, awaited before a message is built), by
default in a worker process of their own (`Settings.picture_workers`): spawned, a few steps
below the bot's OS priority and dying with the bot, like the search workers. A thread would not
do: the renderers hold the GIL for most of a picture (Python drawing code, pydantic, text
layout), so every other table's click would wait behind it (bench/stalls.py --simcord measures
how late the event loop runs either way). The event loop only computes the view and its digest
(the picture's key) and sends the view's JSON; should the worker die, the picture is drawn on
the pictures thread instead and a new worker starts for the next one. A renderer that fails
gives the game's text view as the picture.

The public board is drawn only from the spectator view (`TableRead.view_of(None)`, from the table
service's read model), asked for here and nowhere else, so a public message can never carry a private view's picture. A hand is
drawn from its owner's view and only ever goes to that owner (an ephemeral reply or their DM).
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, NamedTuple

import discord
from pydantic import BaseModel

import pictures
from games import registry
from games.kit import Game
from pictures.fallback import text_png
from tables.read_model import TableRead, read
from tables.runtime import tune_gc
from tables.search_worker import die_with_parent, lower_priority

from .presenters import names_of

log = logging.getLogger(__name__)
BOARD_CACHE_SIZE = 256  # a few pictures per live table; old versions fall out first
# Games whose hand picture already draws the whole board around the player's own cards: their
# hand message shows that one picture instead of the board beside the hand.
HAND_SHOWS_BOARD = frozenset({"fort-of-gold"})
# Picture workers yield the CPU to the bot's event loop but come before the computer players'
# searches (tables/search_worker.py: 10 steps): someone is waiting for a picture.
PICTURE_NICENESS = 5
# A table's pictures leave its own worker for the least busy one when its own has this many more to draw.
SPILL = 2


class Job(NamedTuple):
    """A picture to draw, as sent to a worker process: the view travels as its JSON (already
    made for the key) and is read back there."""

    kind: str                # "board" or "hand"
    game_key: str
    view_type: type[BaseModel]
    view_json: str
    names: dict[str, str]
    lang: str
    table: int = 0           # the table's id: its pictures go to the same worker (PictureCache._worker_for)


def draw_job(job: Job) -> bytes:
    """Draw one picture (in a worker process, or on the pictures thread)."""
    view = job.view_type.model_validate_json(job.view_json)
    renderer = pictures.board_png if job.kind == "board" else pictures.hand_png
    return drawn(registry.get(job.game_key), view, job.names, job.lang, renderer)


def draw_jobs(jobs: list[Job]) -> list[bytes]:
    """Several pictures at once (a board and the hand shown beside it): one trip to a worker."""
    return [draw_job(job) for job in jobs]


def start_picture_worker(parent_pid: int) -> None:
    """A picture worker's initializer: the bot's collector settings, a lower OS priority than
    the bot, and an exit as soon as the bot is gone (even by kill -9)."""
    tune_gc()
    lower_priority(PICTURE_NICENESS)
    die_with_parent(parent_pid)
    for game_key in pictures.RENDERERS:  # the renderers loaded before the first picture is asked for
        pictures.renderer(game_key)


class PictureCache:
    """Latest-first cache of rendered PNG bytes, keyed by what the picture shows (a digest of
    the view, the names, the language), so a move never shows an old picture, a position is
    drawn once however many messages ask for it, and the same board in two languages is two
    entries."""

    def __init__(self, size: int = BOARD_CACHE_SIZE, workers: int = 0) -> None:
        """`workers`: picture worker processes (started on the first picture); 0 draws on one
        pictures thread in this process (tests, a machine with one core)."""
        self.size = size
        self.workers = workers
        self._png: OrderedDict[tuple, bytes] = OrderedDict()
        self._drawing: dict[tuple, asyncio.Future] = {}  # pictures being drawn off the loop, by key
        self._keys: OrderedDict[tuple, tuple] = OrderedDict()  # (kind, game, state JSON, viewer, …) -> key
        self._jobs: OrderedDict[tuple, Job] = OrderedDict()  # key -> what a worker needs to draw it
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
        # one process per worker, so each table's pictures go to the worker that keeps its strips
        self._pools: list[ProcessPoolExecutor | None] = [None] * workers
        self._busy = [0] * workers  # pictures sent to each worker and not yet back
        self._started: list[Any] = []  # each worker's first job (the workers are up once they are done)
        self.renders = 0
        self.drawn_kinds: deque[str] = deque(maxlen=size)  # "board"/"hand" of the latest pictures drawn

    def board_png(self, seen: TableRead, lang: str) -> bytes:
        key, draw = self._board(seen, lang)
        return self._get(key, draw)

    def hand_png(self, seen: TableRead, user_id: str, lang: str) -> bytes:
        key, draw = self._hand(seen, user_id, lang)
        return self._get(key, draw)

    async def prepare(self, table: Any, lang: str, *, board: bool = True, hands: tuple[str, ...] = ()) -> None:
        """Draw the table's board (and the hands of `hands`) off the event loop, by the
        table's picture worker (or on the pictures thread without workers), unless already
        drawn or being drawn: `board_png`/`hand_png` then answer from the cache. The pictures
        not yet drawn go together, in one trip. Other tables' clicks go on meanwhile. `table`:
        a table or its read model."""
        seen = table if isinstance(table, TableRead) else read(table)
        if not seen.has_state:
            return
        jobs = [self._board(seen, lang)] if board else []
        jobs += [self._hand(seen, user_id, lang) for user_id in hands]
        waits = []
        new: list[tuple[tuple, Callable[[], bytes]]] = []
        for key, draw in jobs:
            if key in self._png:
                continue
            future = self._drawing.get(key)
            if future is None:
                new.append((key, draw))
            else:
                waits.append(future)
        if new:  # the pictures nobody is drawing yet, sent together: one trip to one worker
            batch = asyncio.ensure_future(self._off_loop(new))
            for index, (key, _) in enumerate(new):
                self._drawing[key] = batch
                batch.add_done_callback(functools.partial(self._drawn, key, index))
            waits.append(batch)
        if waits:
            await asyncio.gather(*waits, return_exceptions=True)

    async def _off_loop(self, wanted: list[tuple[tuple, Callable[[], bytes]]]) -> list[bytes]:
        """Pictures drawn by a worker process, all by the same one (or on the pictures thread
        without workers, or when the worker died: the next pictures start a new one)."""
        loop = asyncio.get_running_loop()
        jobs = [self._jobs.get(key) for key, _ in wanted]
        if self.workers and all(job is not None for job in jobs):
            ready = [job for job in jobs if job is not None]
            index = self._worker_for(ready[0].table)
            pool = self._processes(index)
            self._busy[index] += len(ready)
            try:
                return await loop.run_in_executor(pool, draw_jobs, ready)
            except BrokenProcessPool:
                log.warning("a picture worker died; drawing on the pictures thread, a new worker for the next one")
                if self._pools[index] is pool:
                    self._pools[index] = None
                pool.shutdown(wait=False, cancel_futures=True)
            finally:
                self._busy[index] -= len(ready)
        draws = [draw for _, draw in wanted]
        return await loop.run_in_executor(self._thread, lambda: [draw() for draw in draws])

    def _worker_for(self, table_id: int) -> int:
        """The worker that draws a table's pictures: always the same one, whose kept strips and
        panels are then that table's (each worker keeps its own, and a move redraws little of
        what the one before drew), unless it has two pictures more to draw than another: then
        the least busy one, so a burst at one table does not wait behind itself."""
        own = table_id % self.workers
        idlest = min(range(self.workers), key=self._busy.__getitem__)
        return own if self._busy[own] < self._busy[idlest] + SPILL else idlest

    def _processes(self, index: int = 0) -> Executor:
        pool = self._pools[index]
        if pool is None:
            pool = self._pools[index] = ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn"), initializer=start_picture_worker,
                initargs=(os.getpid(),))
        return pool

    def start(self) -> None:
        """Start the picture workers now (at the bot's start), so the first picture does not
        wait for a process to spawn and load the renderers."""
        if self.workers and not self._started:
            self._started = [self._processes(i).submit(os.getpid) for i in range(self.workers)]

    async def ready(self) -> None:
        """Wait until the picture workers are up (benchmarks start measuring then)."""
        self.start()
        await asyncio.gather(*(asyncio.wrap_future(f) for f in self._started))

    def worker_pids(self) -> list[int]:
        """The picture worker processes running now (none before the first picture)."""
        return [p.pid for pool in self._pools if pool is not None
                for p in (pool._processes or {}).values() if p.pid is not None]  # (all started)

    def _drawn(self, key: tuple, index: int, done: asyncio.Future) -> None:
        """One picture of a batch is back (`index`: its place in the batch)."""
        self._drawing.pop(key, None)
        self._jobs.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self._put(key, done.result()[index])

    def _board(self, seen: TableRead, lang: str) -> tuple[tuple, Callable[[], bytes]]:
        return self._job("board", seen, None, lang, pictures.board_png)

    def _hand(self, seen: TableRead, user_id: str, lang: str) -> tuple[tuple, Callable[[], bytes]]:
        return self._job("hand", seen, user_id, lang, pictures.hand_png)

    def _job(self, kind: str, seen: TableRead, viewer: str | None, lang: str,
             renderer: Callable[[str, BaseModel, str], bytes]) -> tuple[tuple, Callable[[], bytes]]:
        """The picture's key and how to draw it. The key of a stored state (its JSON, the same
        string object while the service holds the table) is remembered, so a picture asked for
        again (`prepare`, then the message that shows it) costs no second view and digest."""
        table, game = seen.table, seen.game
        names = names_of(table, lang, markdown=False)  # pictures draw names as they are
        shown = (kind, game.key, table.state_json, viewer, lang, tuple(names.items()))
        key = self._keys.get(shown) if table.state_json is not None else None
        if key is None:
            view = seen.view_of(viewer)
            view_json = view.model_dump_json()
            key = content_key(kind, game.key, view_json, names, lang)
            if table.state_json is not None:
                self._keys[shown] = key
                while len(self._keys) > self.size:
                    self._keys.popitem(last=False)
            if key not in self._png and key not in self._drawing:
                self._jobs[key] = Job(kind, game.key, type(view), view_json, names, lang, table.id or 0)
                while len(self._jobs) > self.size:
                    self._jobs.popitem(last=False)
            return key, lambda: drawn(game, view, names, lang, renderer)
        # The view is worked out here, on the event loop, never on the pictures thread: the read
        # model's parsed state is shared with everything else drawn from this table version.
        ready: BaseModel | None = seen.view_of(viewer) if key not in self._png else None
        return key, lambda: drawn(game, ready if ready is not None else seen.view_of(viewer), names, lang, renderer)

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
            self.drawn_kinds.append(key[0])
        self._png[key] = png
        self._png.move_to_end(key)
        while len(self._png) > self.size:
            self._png.popitem(last=False)

    def close(self) -> None:
        self._thread.shutdown(wait=False, cancel_futures=True)
        for index, pool in enumerate(self._pools):
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
                self._pools[index] = None


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


def content_key(kind: str, game_key: str, view: BaseModel | str, names: dict[str, str], lang: str) -> tuple:
    """What a picture shows, as a key: a digest of the view's JSON (a private view names its
    viewer, so two players' hands never share one), the names it will carry, the language."""
    view_json = view if isinstance(view, str) else view.model_dump_json()
    digest = hashlib.blake2b(view_json.encode(), digest_size=16).digest()
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
