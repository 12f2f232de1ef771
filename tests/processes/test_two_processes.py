"""Two table-service processes on one PostgreSQL database: correctness comes from the database
(compare-and-set on every write, timers claimed by an UPDATE), not from the in-process locks.

- concurrent moves on the same tables apply exactly once each;
- timers split by shard fire once each, in the process that serves the guild's shard
  (tables outside a server in the shard-0 process);
- a process killed with SIGKILL mid-action loses no acknowledged move, and the other keeps serving;
- migrations run once while a second process starting at the same moment waits.
"""
from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from worker_process import WorkerProcess

from games import registry
from persistence import open_database, open_store, shard_of
from persistence.migrate import load_migrations, migrate
from tables import TableService

WORKER = str(Path(__file__).with_name("worker.py"))
GAME = "sutosute"
RACE_GAME = "guns-and-steel"


class Worker(WorkerProcess):
    """A table-service worker (worker.py): "play" waits for the start barrier."""

    script = WORKER


async def running_tables(url: str, count: int, guild_of=lambda n: 1, game: str = GAME) -> list[int]:
    store = await open_store(url)
    svc = TableService(store, max_open_tables_per_user=100)
    ids = []
    for n in range(count):
        people = [f"a{n}", f"b{n}"]
        table = await svc.open_lobby(guild_of(n), 10_000 + n, people[0], people[0], game)
        await svc.join(table.id, people[1], people[1])
        await svc.start(table.id, people[0], seed=n)
        ids.append(table.id)
    await store.close()
    return ids


async def test_concurrent_moves_on_the_same_tables_apply_exactly_once(pg_url):
    # Guns & Steel: a random game takes hundreds of moves, so no game ends while both processes
    # race (a Sutosute game of ~40 moves could all be played by one process within its first
    # half second, before a process slowed down by a busy machine made its first move).
    tables = await running_tables(pg_url, 6, game=RACE_GAME)
    before = {}
    store = await open_store(pg_url)
    for t in tables:
        before[t] = (await store.tables.get(t)).version
    await store.close()
    # Both processes are ready before either plays, so both race for the same tables from the
    # first move; neither can finish every game while the other is still starting.
    workers = await Worker.start_together("play", pg_url, [dict(tables=tables, seconds=4, seed=s) for s in (1, 2)])
    lines = [await w.finish() for w in workers]
    acks = [line for part in lines for line in part if "ack" in line]
    assert all(any("ack" in line for line in part) for part in lines), "both processes got moves in"

    store = await open_store(pg_url)
    game = registry.get(RACE_GAME)
    for t in tables:
        table = await store.tables.get(t)
        log = await store.actions.list(t)
        acked = sorted(a["version"] for a in acks if a["ack"] == t)
        assert acked == list(range(before[t] + 1, table.version + 1)), "every stored move acknowledged once"
        assert [e.seq for e in log] == list(range(1, table.version + 1))
        state = game.setup(table.players, game.parse_options(table.options), table.seed)
        for entry in log:  # the log replays to the stored state: no move was applied twice
            state, _ = game.apply(state, entry.player, entry.prompt_id, entry.choice)
        assert state.model_dump_json() == table.state_json
    await store.close()


async def test_timers_split_by_shard_fire_once_each_in_their_own_process(pg_url):
    count = 2
    guilds = [(1 << 22) * g + 7 for g in range(4)]  # shards 0, 1, 0, 1
    store = await open_store(pg_url)
    svc = TableService(store)
    lobbies = {}
    for n, guild in enumerate([*guilds, None, None]):
        table = await svc.open_lobby(guild, 20_000 + n, f"h{n}", f"h{n}", GAME)
        lobbies[table.id] = guild
    await store.close()
    later = svc.clock() + 3 * 86400
    workers = [await Worker.start("fire", pg_url, now=later, shard_count=count, shard_ids=[i]) for i in (0, 1)]
    fired = [[line["fired"] for line in await w.finish() if "fired" in line] for w in workers]
    for shard, tables in enumerate(fired):
        assert sorted(tables) == sorted(t for t, g in lobbies.items() if shard_of(g, count) == shard)
    assert sorted(fired[0] + fired[1]) == sorted(lobbies), "each timer fired once, none lost"
    store = await open_store(pg_url)
    assert [(await store.tables.get(t)).status for t in lobbies] == ["cancelled"] * len(lobbies)
    await store.close()


async def test_a_process_killed_mid_action_loses_nothing_it_acknowledged_and_the_other_serves_on(pg_url):
    tables = await running_tables(pg_url, 8)
    doomed, survivor = await Worker.start_together("play", pg_url, [dict(tables=tables[:4], seconds=30, seed=3),
                                                                     dict(tables=tables[4:], seconds=6, seed=4)])
    while sum("ack" in line for line in doomed.lines) < 15:
        assert await doomed.read() is not None
    doomed.proc.send_signal(signal.SIGKILL)  # mid-action: it was acting on four tables at once
    await doomed.proc.wait()
    acked_before_kill = sum("ack" in line for line in survivor.lines)
    lines = await survivor.finish()
    assert sum("ack" in line for line in lines) > acked_before_kill + 5, "the other process keeps serving"

    store = await open_store(pg_url)
    for line in doomed.lines:
        if "ack" in line:
            table = await store.tables.get(line["ack"])
            assert table.version >= line["version"]
            assert [e.seq for e in await store.actions.list(table.id)] == list(range(1, table.version + 1))
    await store.close()


async def test_migrations_run_once_while_a_second_process_waits(pg_url):
    dbs = [await open_database(pg_url) for _ in range(3)]
    try:
        versions = await asyncio.gather(*(migrate(db) for db in dbs))
        latest = load_migrations("postgres")[-1].number
        assert versions == [latest] * 3
        rows = await dbs[0].fetch("SELECT version FROM schema_version ORDER BY version")
        assert [r["version"] for r in rows] == list(range(1, latest + 1))
    finally:
        for db in dbs:
            await db.close()
