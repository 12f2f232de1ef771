"""The bot's picture cache draws a picture once per thing it shows: the view, the names and
the language. A table's version is not that: an undo rewinds it, and the next move reaches
the same version with another position."""
from __future__ import annotations

import asyncio
import os
import signal
import threading

import pictures
from bot.discord_ui.pictures_cache import PictureCache, named_view
from bot.discord_ui.presenters import names_of
from games import registry
from games.kit.playout import random_choice
from games.kit.rng import Rng
from persistence.models import Seat, Table
from pictures.fallback import text_png
from tables.read_model import TableRead, read


def _table(players: list[str], version: int) -> Table:
    return Table(id=7, guild_id=1, channel_id=1, game="ganymede", status="running", host=players[0],
                 seats=[Seat(user_id=p, display_name=p.upper()) for p in players], version=version,
                 created_at=0.0, updated_at=0.0)


def _seen(table: Table, state) -> TableRead:
    """The read model of `table` holding `state` (the cache draws from it)."""
    return read(table.model_copy(update={"state_json": state.model_dump_json()}))


def _two_moves_that_differ_on_the_board(game, state):
    """From `state`, two answers whose public positions differ (as after an undo and another move)."""
    prompt = game.prompts(state)[0]
    seen = {}
    for option in prompt.options:
        after, _ = game.apply(state, prompt.player, prompt.id, [option.key])
        shown = game.view(after, None).model_dump_json()
        if seen and shown not in seen:
            return next(iter(seen.values())), after
        seen[shown] = after
    return None


def test_after_an_undo_and_another_move_the_board_shows_the_new_position():
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    rng = Rng(seed=3)
    pair = None
    while pair is None:  # the first position with two answers the board tells apart
        pair = _two_moves_that_differ_on_the_board(game, state)
        if pair is None:
            prompt = game.prompts(state)[0]
            state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
    first, other = pair
    assert first.version == other.version
    cache = PictureCache()
    table = _table(players, first.version).model_copy(update={"state_json": first.model_dump_json()})
    names = names_of(table, "en")
    assert cache.board_png(_seen(table, first), "en") == pictures.board_png(
        game.key, named_view(game.view(first, None), names), "en")
    cache.hand_png(_seen(table, first), "u1", "en")
    # undone, then another answer: the same table at the same version, another position
    table = table.model_copy(update={"state_json": other.model_dump_json()})
    assert cache.board_png(_seen(table, other), "en") == pictures.board_png(
        game.key, named_view(game.view(other, None), names), "en")
    assert cache.hand_png(_seen(table, other), "u1", "en") == pictures.hand_png(
        game.key, named_view(game.view(other, "u1"), names), "en")


def test_the_same_position_is_drawn_once_whatever_the_version_and_twice_in_two_languages():
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    cache = PictureCache()
    cache.board_png(_seen(_table(players, 4), state), "en")
    cache.board_png(_seen(_table(players, 9), state), "en")
    assert cache.renders == 1
    cache.board_png(_seen(_table(players, 9), state), "ja")
    assert cache.renders == 2
    renamed = _table(players, 9).model_copy(update={"seats": [Seat(user_id="u1", display_name="Ann"),
                                                              Seat(user_id="u2", display_name="Bob")]})
    cache.board_png(_seen(renamed, state), "en")
    assert cache.renders == 3


async def test_pictures_are_drawn_off_the_event_loop_once_each(monkeypatch):
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    table = _table(players, 1).model_copy(update={"state_json": state.model_dump_json()})
    threads = []
    for name in ("board_png", "hand_png"):
        real = getattr(pictures, name)
        monkeypatch.setattr(pictures, name, lambda key, view, lang, real=real: (
            threads.append(threading.current_thread().name), real(key, view, lang))[1])
    cache = PictureCache()
    await asyncio.gather(cache.prepare(table, "en", hands=("u1",)), cache.prepare(table, "en", hands=("u1",)))
    assert len(threads) == 2 and all(name.startswith("pictures") for name in threads)
    cache.board_png(_seen(table, state), "en")
    cache.hand_png(_seen(table, state), "u1", "en")
    assert len(threads) == 2 and cache.renders == 2


def test_a_renderer_that_fails_gives_the_text_view_as_the_picture(monkeypatch):
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    table = _table(players, 1)

    def broken(*_args):
        raise RuntimeError("renderer bug")
    monkeypatch.setattr(pictures, "board_png", broken)
    png = PictureCache().board_png(_seen(table, state), "en")
    assert png == text_png(game.render(named_view(game.view(state, None), names_of(table, "en")), "en"))


def _running_table(players: list[str], state, version: int = 1) -> Table:
    return _table(players, version).model_copy(update={"state_json": state.model_dump_json()})


async def test_pictures_are_drawn_in_a_worker_process_the_same_as_in_the_bot():
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    table = _running_table(players, state)
    cache = PictureCache(workers=1)
    try:
        await cache.prepare(table, "ja", hands=("u2",))
        pids = cache.worker_pids()
        assert pids and os.getpid() not in pids
        assert list(cache.drawn_kinds) == ["board", "hand"]
        names = names_of(table, "ja")
        assert cache.board_png(_seen(table, state), "ja") == pictures.board_png(
            game.key, named_view(game.view(state, None), names), "ja")
        assert cache.hand_png(_seen(table, state), "u2", "ja") == pictures.hand_png(
            game.key, named_view(game.view(state, "u2"), names), "ja")
        assert cache.renders == 2  # both answered from what the worker drew
        # the worker yields the CPU to the bot's event loop
        assert cache._processes().submit(os.nice, 0).result(timeout=60) > os.nice(0)
    finally:
        cache.close()


async def test_a_picture_worker_that_dies_still_gives_the_picture_and_is_replaced():
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    cache = PictureCache(workers=1)
    try:
        await cache.ready()
        os.kill(cache.worker_pids()[0], signal.SIGKILL)
        table = _running_table(players, state)
        await cache.prepare(table, "en")
        assert cache.renders == 1 and cache.board_png(_seen(table, state), "en") == pictures.board_png(
            game.key, named_view(game.view(state, None), names_of(table, "en")), "en")
        renamed = table.model_copy(update={"seats": [Seat(user_id="u1", display_name="Ann"),
                                                     Seat(user_id="u2", display_name="Bob")]})
        await cache.prepare(renamed, "en")
        assert cache.renders == 2 and cache.worker_pids(), "a new worker draws the next picture"
    finally:
        cache.close()


async def test_a_tables_pictures_go_to_its_own_worker_unless_it_is_much_busier_than_another():
    """Each worker keeps the strips of the tables it draws, so a table's pictures go to the same
    worker, the pictures asked for together in one trip; a burst at one table spills over to an
    idle worker instead of queueing behind itself."""
    game = registry.get("ganymede")
    players = ["u1", "u2"]
    state = game.setup(players, game.parse_options({}), 3)
    cache = PictureCache(workers=2)
    try:
        await cache.ready()
        assert len(set(cache.worker_pids())) == 2, "both workers start at once"
        assert {cache._worker_for(7), cache._worker_for(8)} == {0, 1}
        assert all(cache._worker_for(t) == cache._worker_for(t + 2) for t in range(6)), "a table keeps its worker"
        own = cache._worker_for(7)
        cache._busy[own] = 1
        assert cache._worker_for(7) == own, "one picture ahead of it: still its own worker"
        cache._busy[own] = 2
        assert cache._worker_for(7) == 1 - own, "two ahead and the other idle: the other worker"
        cache._busy[own] = 0
        table = _running_table(players, state)     # id 7
        drawn_by = []
        original = cache._processes

        def recording(index: int = 0):
            drawn_by.append(index)
            return original(index)
        cache._processes = recording  # type: ignore[method-assign]
        await cache.prepare(table, "en", hands=("u1",))
        assert drawn_by == [own] and cache.renders == 2, "the board and the hand: one trip to the table's worker"
    finally:
        cache.close()
