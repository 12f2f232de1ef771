"""Computer seats in the table service: a level per seat (default strong), idle and handed-over
seats played at the table's `auto_level`, thinking off the event loop, moves committed in
order through the lock and version check, and nothing lost when a restart interrupts one."""
from __future__ import annotations

import asyncio

import pytest
from svc_helpers import GUILD, open_table, owed, settled, started

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

    async def choose(self, game, state, player, level, seed, **_):
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
    result = await settled(svc, await svc.start(table.id, "u1", seed=3))
    for _ in range(30):
        prompts = owed(result.table)
        if not prompts:
            break
        p = prompts[0]
        result = await settled(svc, await svc.act(result.table.id, p.player, result.table.version, p.id, answer(p)))
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
        table = (await settled(svc, await svc.act(table.id, "u1", table.version, p.id, answer(p)))).table
    assert ("u2", "strong") in runner.calls and {level for _, level in runner.calls} == {"strong"}


async def test_thinking_runs_off_the_event_loop(store, clock):
    """While a strong computer thinks (in the real worker pool), other tables are served."""
    svc = TableService(store, clock=clock, cpu_runner=CpuRunner(budget_s=0.6))
    other = await open_table(svc, "sutosute", ["u9", "u8"], channel=200)
    table = await open_table(svc, "sutosute", ["u1"])
    table = await svc.add_cpu(table.id, "u1")
    await svc.start(table.id, "u1", seed=4)
    thinking = asyncio.create_task(svc.settle(table.id))
    served = 0
    while not thinking.done():
        await svc.get(other.id)  # another table's read goes through meanwhile
        served += 1
        await asyncio.sleep(0.02)
    await thinking
    assert any(e.player == "cpu:1" for e in await store.actions.list(table.id))  # it placed its card meanwhile
    assert served >= 5, "the event loop was blocked while the computer thought"


class GatedRunner(CpuRunner):
    """A computer that thinks until the test lets it answer (`release`), noting each question
    and each search dropped half-way (`cancelled`)."""

    def __init__(self):
        super().__init__(iterations=4)
        self.calls: list[tuple[str, int]] = []  # (player, game version thought about)
        self.asked = asyncio.Event()
        self.gate = asyncio.Event()
        self.cancelled = 0

    def release(self) -> None:
        self.gate.set()

    async def choose(self, game, state, player, level, seed, **_):
        self.calls.append((player, state.version))
        self.asked.set()
        try:
            await self.gate.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            raise
        return ai.choose(game, state, player, level=level, seed=seed, iterations=4)


async def cpu_table(svc, channel: int = 100, seed: int = 1):
    """Sutosute, u1 against a computer: both place a card face down at once at the start."""
    table = await open_table(svc, "sutosute", ["u1"], channel=channel)
    table = await svc.add_cpu(table.id, "u1")
    return await svc.start(table.id, "u1", seed=seed)


async def test_a_persons_move_is_answered_before_the_computer_thinks(store, clock):
    runner = GatedRunner()
    svc = TableService(store, clock=clock, cpu_runner=runner)
    started_ = await cpu_table(svc)
    assert not any(e.player == "cpu:1" for e in started_.actions)
    await runner.asked.wait()
    assert svc.thinking(started_.table.id) == "cpu:1"  # the board can say so
    # meanwhile the person opens their hand and answers their own simultaneous decision
    p = (await svc.prompts_for(started_.table.id, "u1"))[0]
    moved = await svc.act(started_.table.id, "u1", started_.table.version, p.id, answer(p))
    assert [e.player for e in moved.actions] == ["u1"]  # answered while the computer still thinks
    assert svc.thinking(started_.table.id) == "cpu:1"
    told = []
    svc.on_automatic = told.append
    runner.release()
    await svc.settle(started_.table.id)
    assert svc.thinking(started_.table.id) is None
    # the other's simultaneous choice did not make its answer stale: thought out once, then committed
    assert runner.calls[:1] == [("cpu:1", started_.table.version)]
    assert len([c for c in runner.calls if c[1] == started_.table.version]) == 1
    entries = await store.actions.list(started_.table.id)
    assert [e.player for e in entries[:2]] == ["u1", "cpu:1"]
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert told and told[0].actions[0].player == "cpu:1"  # the front end hears of each computer move


async def test_an_undo_stops_the_computer_thinking_and_it_thinks_again(store, clock):
    runner = GatedRunner()
    svc = TableService(store, clock=clock, cpu_runner=runner)
    table = (await cpu_table(svc)).table
    await runner.asked.wait()
    p = owed(table)[0]
    moved = await svc.act(table.id, "u1", table.version, p.id, answer(p))
    undone = await svc.undo(table.id, "u1", moved.table.version)
    assert undone.table.version == table.version
    runner.release()
    await svc.settle(table.id)
    assert runner.cancelled == 1  # the search of the position before the undo was dropped
    entries = await store.actions.live(table.id)
    assert [e.player for e in entries] == ["cpu:1"]  # the computer's move, made once, after the undo
    assert len(runner.calls) == 2


async def test_an_admin_ending_the_table_stops_the_computer_thinking(store, clock):
    runner = GatedRunner()
    svc = TableService(store, clock=clock, cpu_runner=runner)
    table = (await cpu_table(svc)).table
    await runner.asked.wait()
    await svc.end_table(table.id)
    assert svc.thinking(table.id) is None
    runner.release()
    await svc.settle(table.id)
    assert runner.cancelled == 1
    assert await store.actions.list(table.id) == []


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
        assert await restarted.recover() == [table.id]
        await restarted.settle()
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


def test_search_workers_yield_the_cpu_to_the_bot():
    """Searches run at a lower OS priority than the event loop, so clicks are served first."""
    import os

    from tables.cpu import shared_pool

    assert shared_pool().submit(os.nice, 0).result(timeout=60) > os.nice(0)
