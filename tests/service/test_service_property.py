"""Random tables through the service: people act, go idle, resign; the clock runs; the bot
restarts. At every step the turn clock matches whose turn it is; at the end the log
replays to the final state and the stored result agrees with the rules.

CI plays one fixed seed per game and mode; `PROPERTY_GAMES=N` plays N."""
from __future__ import annotations

import pytest
from property_runs import property_games
from svc_helpers import GUILD, game_cases, owed, started

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice, replay
from persistence import open_store
from persistence.testing import FakeClock
from tables import TableError, TableService

LIMIT = 3600


async def check_clock(svc: TableService, table) -> None:
    """Every person who owes a decision has exactly one deadline; nobody else has one."""
    if table.status != "running":
        assert await svc.store.timers.for_table(table.id) == []
        return
    deadlines = [t.seat for t in await svc.store.timers.for_table(table.id) if t.kind == "deadline"]
    assert len(deadlines) == len(set(deadlines))
    owing = {p.player for p in owed(table)}
    assert set(deadlines) == (owing if len(table.humans) >= 2 else set())


async def random_table(url: str, key: str, options: dict, seed: int) -> None:
    rng = Rng(seed=seed)
    clock = FakeClock()
    store = await open_store(url)
    svc = TableService(store, clock=clock)
    game = registry.get(key)
    low, _ = game.player_range(game.parse_options(options))
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT, handover_after=1 + rng.below(3),
                                    idle_policy=rng.choice(["skip", "auto"]))
    table = (await started(svc, key, [f"u{i}" for i in range(1, low + 1)], options, seed=seed)).table
    try:
        for _ in range(20000):
            if table.status != "running":
                break
            roll = rng.below(100)
            if roll < 3:  # the bot restarts (a computer's turn in progress is cut short)
                await svc.stop_automatic()
                await store.close()
                store = await open_store(url)
                svc = TableService(store, clock=clock)
                await svc.recover()
            elif roll < 4 and len([s for s in table.seats if s.timed]) > 1:
                await svc.resign(table.id, rng.choice([s.user_id for s in table.seats if s.timed]))
            elif roll < 12 or not owed(table):  # time passes until something is due
                due = await svc.next_due_at()
                if due is not None:
                    clock.now = max(clock.now, due)
                    await svc.fire_due(clock.now)
            else:
                prompt = rng.choice(owed(table))
                try:
                    await svc.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))
                except TableError as e:
                    raise AssertionError(f"a legal move was refused: {e}") from e
            await svc.settle(table.id)  # the computers' moves, made after each call returns
            table = await svc.get(table.id)
            await check_clock(svc, table)
        assert table.status == "finished", "the game did not end"
        entries = await store.actions.list(table.id)
        assert [e.seq for e in entries] == list(range(1, table.version + 1))
        state = replay(game, table.players, table.options, table.seed, entries)
        assert state == table.state(game)
        result = await store.results.get(table.id)
        assert result.winners == list(game.outcome(state).winners)
        handed = any(e.auto for e in entries) or any(s.auto for s in table.seats)  # expiry, resign
        assert result.rated == (not handed and len(table.humans) >= 2)
    finally:
        await store.close()


@pytest.mark.parametrize(("key", "options"), game_cases())
async def test_random_tables_through_the_service(tmp_path, key, options):
    runs = property_games(1)
    for seed in range(runs):
        await random_table(f"sqlite:///{tmp_path / f'p{seed}.sqlite3'}", key, options, seed)
