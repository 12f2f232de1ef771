"""`turn_list`: a player's open tables across servers and DMs, owed ones first."""
from __future__ import annotations

from svc_helpers import open_table, owed, started


async def test_the_tables_where_you_owe_a_decision_come_first_with_your_deadline(svc, clock):
    # three tables for u1 in two servers and a DM, and a table of other people
    lobby = await open_table(svc, "sutosute", ["u1"], channel=301, guild=1)
    waiting = (await started(svc, "sutosute", ["u1", "u2"], channel=302, guild=2)).table
    dm = (await started(svc, "sutosute", ["u3", "u1"], channel=303, guild=None)).table
    await started(svc, "sutosute", ["u4", "u5"], channel=304, guild=1)
    for table in (waiting, dm):
        await svc.update_table_settings(table.id, "admin", True, turn_limit_s=3600)

    # make u1 owe nothing at `waiting` and something at `dm` (Sutosute: both place a card at once)
    entries = {e.table.id: e for e in await svc.turn_list("u1")}
    assert set(entries) == {lobby.id, waiting.id, dm.id}, "only u1's own tables, in every server and DMs"
    table = await svc.get(waiting.id)
    for prompt in [p for p in owed(table) if p.player == "u1"]:
        table = (await svc.act(table.id, "u1", table.version, prompt.id, [prompt.options[0].key])).table

    listed = await svc.turn_list("u1")
    assert [e.table.id for e in listed] == [dm.id, waiting.id, lobby.id]
    first, second, last = listed
    assert first.owes and "u1" in first.waiting_for
    assert first.deadline is not None and first.deadline > clock()
    assert not second.owes and second.waiting_for == ["u2"] and second.deadline is not None
    assert not last.owes and last.waiting_for == [] and last.deadline is None  # a lobby waits for nobody's move


async def test_nobody_elses_tables_and_no_finished_ones(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"], channel=310)).table
    assert await svc.turn_list("u9") == []
    await svc.end_table(table.id)
    assert await svc.turn_list("u1") == []
