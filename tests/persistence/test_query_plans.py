"""Every look-up the commands make uses an index. A scenario runs the service's operations
(lobby, moves, hand, log, stats, leaderboard, timers, notices, recovery) with the store
tracing its statements; each distinct statement is explained on the backend, and a full
table scan fails the test with its plan."""
from __future__ import annotations

import pytest

from games.kit import Rng
from games.kit.playout import random_choice
from persistence import Shards, open_store
from persistence.db import execute, fetch
from persistence.testing import FakeClock
from tables import TableService


async def scenario(svc: TableService, clock: FakeClock) -> None:
    await svc.update_guild_settings(1, turn_limit_s=3600)
    rng = Rng(seed=2)
    for n in range(2):
        table = await svc.open_lobby(1, 10 + n, "u1", "Ann", "sutosute")
        await svc.join(table.id, "u2", "Bob")
        await svc.set_option(table.id, "u1", "target_lead", 7)
        table = (await svc.start(table.id, "u1", seed=n)).table
        for _ in range(12 if n else 400):
            if table.status != "running":
                break
            owed = [p for s in table.seats for p in await svc.prompts_for(table.id, s.user_id)]
            table = (await svc.act(table.id, owed[0].player, table.version, owed[0].id,
                                   random_choice(owed[0], rng))).table
    await svc.log(table.id, limit=5)
    await svc.table_in_channel(11)
    await svc.latest_table_in_channel(10)
    await svc.tables_for_user("u1")
    await svc.open_tables(1)
    await svc.stats(1)
    await svc.stats(1, user_id="u1", game="sutosute")
    await svc.leaderboard(1, "sutosute")
    await svc.next_due_at()
    clock.advance(3000)
    await svc.fire_due()
    await svc.mark_delivered(await svc.pending_notices())
    await svc.recover()
    await svc.resign(table.id, "u2")
    await svc.open_lobby(None, 99, "u3", "Cy", "sutosute")
    clock.advance(3 * 86400)
    await svc.fire_due()


def plan_lines_sqlite(rows: list[dict]) -> list[str]:
    return [r["detail"] for r in rows]


def full_scans_sqlite(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("SCAN ") and "CONSTANT ROW" not in line]


def full_scans_postgres(plan: dict) -> list[str]:
    found, stack = [], [plan["Plan"]]
    while stack:
        node = stack.pop()
        if node["Node Type"] == "Seq Scan":
            found.append(f"Seq Scan on {node.get('Relation Name')}")
        stack.extend(node.get("Plans", []))
    return found


def explain_postgres(sql: str, args: tuple):
    yield execute("SET LOCAL enable_seqscan = off")  # tiny tables: ask whether an index *could* be used
    rows = yield fetch(f"EXPLAIN (FORMAT JSON) {sql}", *args)
    raise Rollback(rows[0]["QUERY PLAN"])


class Rollback(Exception):
    """Carries the plan out of the transaction and rolls the EXPLAINed statement back."""


async def explain(store, sql: str, args: tuple) -> tuple[str, list[str]]:
    if store.db.dialect == "sqlite":
        rows = await store.db.fetch(f"EXPLAIN QUERY PLAN {sql}", *args)
        lines = plan_lines_sqlite(rows)
        return "\n".join(lines), full_scans_sqlite(lines)
    try:
        await store.db.run(explain_postgres(sql, args))
    except Rollback as plan:
        import json
        document = plan.args[0]
        document = json.loads(document) if isinstance(document, str) else document
        return json.dumps(document[0]["Plan"], indent=1)[:2000], full_scans_postgres(document[0])
    raise AssertionError("EXPLAIN gave no plan")


async def test_the_hot_queries_use_indexes(store_url):
    store = await open_store(store_url)
    sharded = await open_store(store_url, shards=Shards(2, frozenset({0})))
    clock = FakeClock()
    trace: list[tuple[str, tuple]] = []
    store.db.trace = trace
    sharded.db.trace = trace
    await scenario(TableService(store, clock=clock), clock)
    other = TableService(sharded, clock=clock)
    await other.next_due_at()
    await other.fire_due(clock() + 10 * 86400)
    await other.pending_notices()
    store.db.trace = sharded.db.trace = None
    statements: dict[str, tuple] = {}
    for sql, args in trace:
        if sql.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE", "WITH")) or " SELECT " in sql.upper():
            if args and isinstance(args[0], tuple):  # many(): one row's arguments
                args = args[0]
            statements.setdefault(sql, args)
    assert len(statements) > 15, "the scenario reached the hot statements"
    problems = []
    report = []
    for sql, args in statements.items():
        plan, scans = await explain(store, sql, args)
        report.append(f"{sql}\n  {plan}")
        if scans:
            problems.append(f"{sql}\n  -> {scans}\n  plan: {plan}")
    await sharded.close()
    await store.close()
    print("\n\n".join(report))  # pytest -s shows every plan
    assert not problems, "full scans:\n\n" + "\n\n".join(problems)


@pytest.mark.parametrize("lines, bad", [
    (["SCAN game_tables"], ["SCAN game_tables"]),
    (["SEARCH game_tables USING INDEX game_tables_channel (channel_id=?)"], []),
])
def test_the_sqlite_check_tells_a_scan_from_a_search(lines, bad):
    assert full_scans_sqlite(lines) == bad
