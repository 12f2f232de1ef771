"""Computer players through Discord: "+ CPU" adds a strong computer that plays its moves,
"More options…" adds one of a chosen level and sets who plays idle seats."""
from __future__ import annotations

import random

from simdriver import (
    live_board,
    lobby_button,
    open_table,
    play_to_end,
    posted_texts,
    set_lobby_option,
    take_turn,
    texts_of,
)

from games.kit import ai
from tables.cpu import CpuRunner


class SpyRunner(CpuRunner):
    """The agent as the service runs it (few iterations), noting each seat's level."""

    def __init__(self):
        super().__init__(iterations=4)
        self.calls: list[tuple[str, str]] = []

    async def choose(self, game, state, player, level, seed, **_):
        self.calls.append((player, level))
        return ai.choose(game, state, player, level=level, seed=seed, iterations=4)


def seat_lines(message) -> str:
    return texts_of(message)


async def test_plus_cpu_adds_a_strong_computer_that_plays_the_game_through(world):
    spy = SpyRunner()
    world.bot.service.cpu = spy
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    added = await world.alice.click(lobby, custom_id=lobby_button(lobby, "cpu"))
    assert added.acknowledged
    shown = seat_lines(added.response or lobby)
    assert "CPU 1 (strong)" in shown
    started = await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged
    table = await world.bot.service.table_in_channel(world.channel.id)
    assert [(s.user_id, s.level) for s in table.seats if s.is_cpu] == [("cpu:1", "strong")]
    table = await play_to_end(world, table.id, [world.alice], random.Random(3), board=started.response)
    assert table.status == "finished"
    assert spy.calls and set(spy.calls) == {("cpu:1", "strong")}
    moves = await world.bot.service.store.actions.list(table.id)
    assert sum(e.player == "cpu:1" for e in moves) >= 5


async def test_more_options_adds_a_computer_of_a_chosen_level_and_sets_the_idle_level(world):
    spy = SpyRunner()
    world.bot.service.cpu = spy
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    await set_lobby_option(world, world.alice, lobby, "@add_cpu", "greedy")
    await set_lobby_option(world, world.alice, lobby, "@auto_level", "greedy")
    table = await world.bot.service.table_in_channel(world.channel.id)
    assert [(s.user_id, s.level) for s in table.seats if s.is_cpu] == [("cpu:1", "greedy")]
    assert table.settings.auto_level == "greedy"
    started = await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    assert started.acknowledged
    assert spy.calls and set(spy.calls) == {("cpu:1", "greedy")}


async def test_japanese_lobby_names_the_level(world):
    await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    added = await world.alice.click(lobby, custom_id=lobby_button(lobby, "cpu"))
    assert "CPU 1（強い）" in seat_lines(added.response or lobby)


async def test_open_table_helper_games_with_cpus_still_finish(world):
    table_id, started = await open_table(world, "ganymede", [world.alice], {"mode": "duel"}, cpus=1)
    table = await play_to_end(world, table_id, [world.alice], random.Random(1), board=started.response)
    assert table.status == "finished"


class WatchingRunner(CpuRunner):
    """The agent (few iterations); while it thinks, notes what the channel's board says."""

    def __init__(self, world):
        super().__init__(iterations=4)
        self.world = world
        self.boards: list[str] = []

    async def choose(self, game, state, player, level, seed, **_):
        await self.world.bot.announcer.drain()  # what the bot had to tell is told
        board = live_board(self.world)
        self.boards.append(texts_of(board) if board is not None else "")
        return ai.choose(game, state, player, level=level, seed=seed, iterations=4)


async def test_the_board_says_the_computer_is_thinking_then_shows_its_move(world):
    watching = WatchingRunner(world)
    world.bot.service.cpu = watching
    table_id, _ = await open_table(world, "sutosute", [world.alice], cpus=1)
    rng = random.Random(5)
    shown = 0
    for _ in range(8):
        table = await world.bot.service.get(table_id)
        if table.status != "running":
            break
        moved = await take_turn(world, world.alice, rng)
        table = await world.bot.service.get(table_id)
        assert moved, (table.status, table.version, world.bot.service.thinking(table_id))
        last = (await world.bot.service.store.actions.list(table_id, limit=1))[-1]
        if last.player == "cpu:1":  # its move is on the board as soon as it is made, the line is gone
            board = texts_of(live_board(world))
            assert f"move {table.version}" in board and "is thinking" not in board
            shown += 1
    assert shown
    assert any("🤖 CPU 1 is thinking…" in b for b in watching.boards[1:]), "while it thinks, the board says so"


async def test_the_thinking_line_in_japanese(world):
    await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    watching = WatchingRunner(world)
    world.bot.service.cpu = watching
    await open_table(world, "sutosute", [world.alice], cpus=1)
    rng = random.Random(5)
    for _ in range(2):
        assert await take_turn(world, world.alice, rng)
    assert any("🤖 " in b and "が考えています…" in b for b in watching.boards[1:])


async def test_the_result_is_posted_once_when_a_later_update_finds_the_game_over(world):
    """An update that starts before a computer's last move and runs after it (the board's
    'thinking' redraw) finds the game over as the move's own update does: one result between
    them, never two."""
    table_id, started = await open_table(world, "ganymede", [world.alice], {"mode": "duel"}, cpus=1)
    table = await play_to_end(world, table_id, [world.alice], random.Random(1), board=started.response)
    assert table.status == "finished"
    await world.bot.announcer.drain()
    title = f"table #{table_id} is over"
    assert sum(title in text for text in posted_texts(world)) == 1
    world.bot.announcer.publish(table_id, [], automatic=True)   # the late 'thinking' update
    await world.bot.announcer.drain()
    await world.env.settle()
    assert sum(title in text for text in posted_texts(world)) == 1
