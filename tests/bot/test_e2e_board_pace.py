"""A table's board is posted or edited at most once a second (BOARD_EDIT_EVERY_S), the latest
state winning, so computer seats moving in quick succession stay within Discord's rate limits."""
from __future__ import annotations

import random
import re

import discord
import pytest
from simdriver import live_board, open_table, take_turn, texts_of

from games.kit import ai
from tables.cpu import CpuRunner


@pytest.fixture
def bot_overrides():
    return {"board_edit_every_s": 1.0}


class Quick(CpuRunner):
    def __init__(self):
        super().__init__(iterations=4)

    async def choose(self, game, state, player, level, seed, **_):
        return ai.choose(game, state, player, level=level, seed=seed, iterations=4)


async def test_board_changes_of_three_computer_seats_are_drawn_at_most_once_a_second(world):
    world.bot.service.cpu = Quick()
    board = world.bot.announcer.board
    drawn: list[tuple[float, int]] = []
    show = board.show

    async def counted(table, *args, **kwargs):
        drawn.append((discord.utils.utcnow().timestamp(), table.version))
        return await show(table, *args, **kwargs)
    board.show = counted
    table_id, _ = await open_table(world, "guns-and-steel", [world.alice], cpus=3)
    rng = random.Random(2)
    for _ in range(6):
        await world.env.advance_time(1.0)
        if not await take_turn(world, world.alice, rng):
            continue
    await world.env.advance_time(1.0)
    await world.env.settle()
    table = await world.bot.service.get(table_id)
    assert len(drawn) >= 2
    gaps = [b[0] - a[0] for a, b in zip(drawn, drawn[1:], strict=False)]
    assert all(gap >= 0.99 for gap in gaps), drawn  # (virtual seconds)
    moves = await world.bot.service.store.actions.list(table_id, limit=1000)
    assert len(drawn) < sum(m.player.startswith("cpu:") for m in moves)  # computer moves were drawn together
    if table.status == "running":  # the latest computer move is on the board (a person's own may wait)
        shown = int(re.findall(r"move (\d+)", texts_of(live_board(world)))[-1])
        assert shown >= max(m.version for m in moves if m.player.startswith("cpu:"))
