"""A move redraws the clicking player's hand, the other players' open hands, the board, its
pictures and alt texts: all of it from one read of that table version (`tables.read_model`),
so the Discord front end parses each version's state once however much it draws."""
from __future__ import annotations

import random

from simdriver import open_table, take_turn

from tables import read_model


async def test_each_table_version_is_parsed_once_by_the_front_end(world, monkeypatch):
    parsed: list[int] = []

    class Counted(read_model._Parsed):
        def __init__(self, game, state) -> None:
            super().__init__(game, state)
            parsed.append(state.version)

    monkeypatch.setattr(read_model, "_Parsed", Counted)
    monkeypatch.setattr(read_model, "_parsed", type(read_model._parsed)())
    members = world.members[:2]
    table_id, _ = await open_table(world, "sutosute", members)
    rng, hands, moved = random.Random(4), {}, 0
    for _ in range(12):
        for member in members:
            moved += await take_turn(world, member, rng, open_hands=hands)
    table = await world.bot.service.get(table_id)
    assert moved >= 6 and table.version >= 6
    assert parsed and len(parsed) == len(set(parsed)), f"versions parsed more than once: {sorted(parsed)}"
