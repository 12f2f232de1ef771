"""Computer players through Discord: "+ CPU" adds a strong computer that plays its moves,
"More options…" adds one of a chosen level and sets who plays idle seats."""
from __future__ import annotations

import random

from simdriver import lobby_button, open_table, play_to_end, set_lobby_option, texts_of

from games.kit import ai
from tables.cpu import CpuRunner


class SpyRunner(CpuRunner):
    """The agent as the service runs it (few iterations), noting each seat's level."""

    def __init__(self):
        super().__init__(iterations=4)
        self.calls: list[tuple[str, str]] = []

    async def choose(self, game, state, player, level, seed):
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
