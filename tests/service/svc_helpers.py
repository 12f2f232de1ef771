"""Helpers for table-service tests: open and fill a table, play random legal moves as people."""
from __future__ import annotations

import typing

import pytest

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from tables import ActResult, Table, TableService

MODE_FIELDS = ("mode", "set")
GUILD = 1


def game_cases() -> list:
    """(key, options) for every registered game and each value of its mode/set option;
    a game whose package does not import yet is skipped."""
    cases = []
    for key in registry.KEYS:
        try:
            game = registry.get(key)
        except (ImportError, AttributeError) as e:
            cases.append(pytest.param(key, {}, marks=pytest.mark.skip(reason=f"{key} does not import: {e}"), id=key))
            continue
        field = next((f for f in MODE_FIELDS if f in game.Options.model_fields), None)
        values = typing.get_args(game.Options.model_fields[field].annotation) if field else ()
        if not values:
            cases.append(pytest.param(key, {}, id=key))
        for value in values:
            cases.append(pytest.param(key, {field: value}, id=f"{key}-{value}"))
    return cases


async def open_table(svc: TableService, key: str, humans: list[str], options: dict | None = None, cpus: int = 0,
                     channel: int = 100, guild: int | None = GUILD) -> Table:
    table = await svc.open_lobby(guild, channel, humans[0], humans[0].title(), key)
    for name, value in (options or {}).items():
        table = await svc.set_option(table.id, humans[0], name, value)
    for user in humans[1:]:
        table = await svc.join(table.id, user, user.title())
    for _ in range(cpus):
        table = await svc.add_cpu(table.id, humans[0])
    return table


async def started(svc: TableService, key: str, humans: list[str], options: dict | None = None, cpus: int = 0,
                  channel: int = 100, seed: int = 7, guild: int | None = GUILD) -> ActResult:
    table = await open_table(svc, key, humans, options, cpus, channel, guild)
    return await settled(svc, await svc.start(table.id, humans[0], seed=seed))


async def settled(svc: TableService, result: ActResult) -> ActResult:
    """`result` once the automatic moves it caused (computer seats, forced moves), which the
    service makes after answering, are made: its table as it is then, and those moves (from
    the log) after its own."""
    table_id = result.table.id
    await svc.settle(table_id)
    last = result.actions[-1].seq if result.actions else result.table.log_seq
    later = [e for e in await svc.store.actions.list(table_id, limit=100_000) if e.seq > last]
    return result.model_copy(update={"table": await svc.get(table_id), "actions": [*result.actions, *later],
                                     "events": [*result.events, *(ev for e in later for ev in e.events)]})


def owed(table: Table) -> list:
    """Prompts owed now by people (not computer or handed-over seats)."""
    game = registry.get(table.game)
    people = {s.user_id for s in table.seats if s.timed}
    return [p for p in game.prompts(table.state(game)) if p.player in people]


async def play_one(svc: TableService, table: Table, rng: Rng) -> ActResult | None:
    prompts = owed(table)
    if not prompts:
        return None
    prompt = rng.choice(prompts)
    return await settled(svc, await svc.act(table.id, prompt.player, table.version, prompt.id,
                                            random_choice(prompt, rng)))


async def play_to_end(svc: TableService, table: Table, rng: Rng, max_moves: int = 20000,
                      stop_after: int | None = None) -> Table:
    """People make random legal moves until the game ends (or `stop_after` moves)."""
    for n in range(max_moves):
        if table.status != "running" or (stop_after is not None and n >= stop_after):
            return table
        result = await play_one(svc, table, rng)
        if result is None:
            return table
        table = result.table
    raise AssertionError("the game did not end")


async def snapshot(svc: TableService, table_id: int) -> tuple:
    """What a refused call must not change: the table row and the log."""
    table = await svc.get(table_id)
    return table, await svc.store.actions.list(table_id), await svc.store.timers.for_table(table_id, True)
