"""Computer seats in the table service: a level per seat (default strong), idle and handed-over
seats played at the table's `auto_level`, thinking off the event loop, moves committed in
order through the lock and version check, and nothing lost when a restart interrupts one."""
from __future__ import annotations

import asyncio

import pytest
from svc_helpers import GUILD, open_table, owed, started

from games import registry
from games.kit import ai
from persistence.testing import FakeClock
from tables import TableService
from tables.cpu import CpuRunner
from tables.errors import TableError


def answer(prompt) -> list[str]:
    """The first legal answer (as many options as the prompt needs)."""
    return [o.key for o in prompt.options[:max(prompt.min, 1)]]


class SpyRunner(CpuRunner):
    """Records who was asked to move at which level; answers like the real agent (few iterations)."""

    def __init__(self, delay: float = 0.0, crash_after: int | None = None):
        super().__init__(iterations=4)
        self.calls: list[tuple[str, str]] = []
        self.delay = delay
        self.crash_after = crash_after

    async def choose(self, game, state, player, level, seed):
        if self.crash_after is not None and len(self.calls) >= self.crash_after:
            raise Crash()
        self.calls.append((player, level))
        if self.delay:
            await asyncio.sleep(self.delay)
        return ai.choose(game, state, player, level=level, seed=seed, iterations=4)


class Crash(BaseException):
    """The process dies in the middle of a computer's move (not an error the service handles)."""


async def test_add_cpu_stores_the_level_on_the_seat_default_strong(svc, store):
    table = await open_table(svc, "guns-and-steel", ["u1"])
    await svc.add_cpu(table.id, "u1")
    table = await svc.add_cpu(table.id, "u1", level="greedy")
    assert [(s.user_id, s.level) for s in table.seats if s.is_cpu] == [("cpu:1", "strong"), ("cpu:2", "greedy")]
    assert (await store.tables.get(table.id)).seats == table.seats  # durable, level included
    with pytest.raises(TableError) as refused:
        await svc.add_cpu(table.id, "u1", level="genius")
    assert refused.value.code == "bad_level"
    assert "genius" in refused.value.message("en") and "genius" in refused.value.message("ja")
    assert len((await svc.get(table.id)).seats) == 3  # nothing changed


async def test_cpu_seats_play_at_their_own_level(store, clock):
    runner = SpyRunner()
    svc = TableService(store, clock=clock, cpu_runner=runner)
    table = await open_table(svc, "guns-and-steel", ["u1"])
    await svc.add_cpu(table.id, "u1", level="strong")
    table = await svc.add_cpu(table.id, "u1", level="greedy")
    result = await svc.start(table.id, "u1", seed=3)
    for _ in range(30):
        prompts = owed(result.table)
        if not prompts:
            break
        p = prompts[0]
        result = await svc.act(result.table.id, p.player, result.table.version, p.id, answer(p))
    levels = dict(runner.calls)
    assert levels == {"cpu:1": "strong", "cpu:2": "greedy"}
    entries = await store.actions.list(table.id)
    assert [e.seq for e in entries] == list(range(1, result.table.version + 1))
    assert {e.player for e in entries if not e.auto} >= {"cpu:1", "cpu:2"}


async def test_idle_and_kicked_seats_are_played_at_the_tables_auto_level(store, clock):
    runner = SpyRunner()
    svc = TableService(store, clock=clock, cpu_runner=runner)
    table = await open_table(svc, "sutosute", ["u1", "u2"])
    assert table.settings.auto_level == "strong"
    table = await svc.update_table_settings(table.id, "u1", False, auto_level="greedy", idle_policy="auto",
                                            turn_limit_s=3600)
    with pytest.raises(TableError):
        await svc.update_table_settings(table.id, "u1", False, auto_level="random")  # idle seats: greedy or strong
    result = await svc.start(table.id, "u1", seed=5)
    clock.advance(3601)
    await svc.fire_due()
    assert runner.calls and {level for _, level in runner.calls} == {"greedy"}
    runner.calls.clear()
    await svc.update_table_settings(table.id, "admin", True, auto_level="strong")
    kicked = await svc.kick(result.table.id, "u2")
    table = kicked.table
    for _ in range(10):  # u1 plays on; u2's seat is now the computer's
        prompts = [p for p in owed(table) if p.player == "u1"]
        if not prompts or table.status != "running":
            break
        p = prompts[0]
        table = (await svc.act(table.id, "u1", table.version, p.id, answer(p))).table
    assert ("u2", "strong") in runner.calls and {level for _, level in runner.calls} == {"strong"}


async def test_thinking_runs_off_the_event_loop(store, clock):
    """While a strong computer thinks (in the real worker pool), other tables are served."""
    svc = TableService(store, clock=clock, cpu_runner=CpuRunner(budget_s=0.6))
    other = await open_table(svc, "sutosute", ["u9", "u8"], channel=200)
    table = await open_table(svc, "sutosute", ["u1"])
    table = await svc.add_cpu(table.id, "u1")
    start = asyncio.create_task(svc.start(table.id, "u1", seed=4))
    served = 0
    while not start.done():
        await svc.get(other.id)  # another table's read goes through meanwhile
        served += 1
        await asyncio.sleep(0.02)
    result = await start
    assert result.table.status == "running"
    assert any(e.player == "cpu:1" for e in result.actions)  # the computer placed its card meanwhile
    assert served >= 5, "the event loop was blocked while the computer thought"


async def test_computer_moves_go_through_the_lock_and_version_check(store, clock):
    """A click that arrives while the computer thinks waits for the table's lock, then finds
    its controls out of date; the log holds every move once, in order."""
    runner = SpyRunner(delay=0.2)
    svc = TableService(store, clock=clock, cpu_runner=runner)

    async def fresh(seed: int, channel: int):
        table = await open_table(svc, "sutosute", ["u1"], channel=channel)
        table = await svc.add_cpu(table.id, "u1")
        return (await svc.start(table.id, "u1", seed=seed)).table

    for seed in range(30):  # a deal where the computer moves right after the person's first move
        table = await fresh(seed, 500 + seed)
        asked = len(runner.calls)
        p = owed(table)[0]
        await svc.act(table.id, "u1", table.version, p.id, answer(p))
        await svc.end_table(table.id)
        if len(runner.calls) > asked:
            break
    table = await fresh(seed, 100)
    p = owed(table)[0]
    first = asyncio.create_task(svc.act(table.id, "u1", table.version, p.id, answer(p)))
    await asyncio.sleep(0.05)  # the person's move is in; the computer is thinking
    with pytest.raises(TableError) as late:
        await svc.act(table.id, "u1", table.version, p.id, answer(p))
    assert late.value.code == "out_of_date"
    done = await first
    entries = await store.actions.list(table.id)
    assert [e.seq for e in entries] == list(range(1, done.table.version + 1))
    new = entries[table.version:]  # the moves of this act: the person's, then the computer's
    assert new[0].player == "u1" and sum(e.player == "u1" for e in new) == 1
    assert any(e.player == "cpu:1" for e in new[1:])


async def test_a_restart_in_the_middle_of_a_computer_move_loses_nothing(db_url):
    from persistence import open_store
    clock = FakeClock()
    store = await open_store(db_url)
    crashing = TableService(store, clock=clock, cpu_runner=SpyRunner(crash_after=0))
    table = await open_table(crashing, "ganymede", ["u1"])
    table = await crashing.add_cpu(table.id, "u1", level="greedy")
    game = registry.get("ganymede")
    try:
        result = await crashing.start(table.id, "u1", seed=2)
        table = result.table
    except Crash:
        table = await crashing.get(table.id)
    cpu_owes = lambda t: any(p.player == "cpu:1" for p in game.prompts(t.state(game)))  # noqa: E731
    while not cpu_owes(table):  # the person plays until the computer is asked (and "crashes")
        p = owed(table)[0]
        try:
            table = (await crashing.act(table.id, "u1", table.version, p.id, answer(p))).table
        except Crash:
            table = await crashing.get(table.id)
    before = table.version
    assert cpu_owes(table)
    await store.close()
    store = await open_store(db_url)  # the restart
    try:
        runner = SpyRunner()
        restarted = TableService(store, clock=clock, cpu_runner=runner)
        recovered = await restarted.recover()
        assert [r.table.id for r in recovered] == [table.id]
        table = await restarted.get(table.id)
        assert table.version > before and not cpu_owes(table)
        assert runner.calls and set(runner.calls) == {("cpu:1", "greedy")}
        entries = await store.actions.list(table.id)
        assert [e.seq for e in entries] == list(range(1, table.version + 1))
    finally:
        await store.close()


async def test_guild_default_for_idle_seats_reaches_new_tables(svc):
    from persistence.models import GuildSettings
    await svc.store.guild_settings.save(GuildSettings(guild_id=GUILD, auto_level="greedy"), 0.0)
    table = await open_table(svc, "sutosute", ["u1", "u2"], channel=300)
    assert table.settings.auto_level == "greedy"


async def test_started_helper_still_plays_with_default_cpus(svc):
    result = await started(svc, "sutosute", ["u1"], cpus=1)
    assert result.table.seats[1].level == "strong"


def test_search_workers_collect_garbage_as_the_bot_does():
    """The worker pool that plays computer seats uses the bot's collector thresholds, not
    CPython's default (a search's playouts would spend 6-10 % of their time collecting)."""
    import gc

    from tables.cpu import shared_pool
    from tables.runtime import THRESHOLDS

    assert shared_pool().submit(gc.get_threshold).result(timeout=60) == THRESHOLDS
