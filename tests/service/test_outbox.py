"""Crash windows: what must be announced is written in the transaction of the change that
caused it (the outbox), so a crash between a commit and its message loses nothing. A restarted
service hands over what was never marked delivered; marking it delivered ends that."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, owed, started

from persistence import open_store
from tables import TableError, TableService

LIMIT = 3600


async def test_a_move_committed_just_before_a_crash_still_gets_its_turn_ping(db_url, clock):
    store = await open_store(db_url)
    svc = TableService(store, clock=clock)
    table = (await started(svc, "ganymede", ["u1", "u2"])).table
    await svc.mark_delivered(await svc.pending_notices())  # the start was announced
    mover = owed(table)[0]
    result = await svc.act(table.id, mover.player, table.version, mover.id, [mover.options[0].key])
    told = [n for n in result.notices if n.kind in ("turn_started", "game_over")]
    assert told, "the move hands the turn on"
    await store.close()  # the process dies here: the move is committed, nobody was told

    store = await open_store(db_url)
    restarted = TableService(store, clock=clock)
    pending = await restarted.pending_notices()
    assert [(n.id, n.kind, n.users) for n in pending] == [(n.id, n.kind, n.users) for n in result.notices]
    await restarted.mark_delivered(pending)
    assert await restarted.pending_notices() == []
    await store.close()


async def test_a_reminder_claimed_just_before_a_crash_is_sent_after_restart_and_only_once(db_url, clock):
    store = await open_store(db_url)
    svc = TableService(store, clock=clock)
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT)
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    await svc.mark_delivered(await svc.pending_notices())
    clock.now += LIMIT / 2
    (reminder,) = await svc.fire_due(clock.now)
    assert reminder.kind == "reminder" and reminder.table_id == table.id
    await store.close()  # claimed in the database, never sent

    store = await open_store(db_url)
    restarted = TableService(store, clock=clock)
    assert await restarted.fire_due(clock.now) == [], "the timer itself is claimed once"
    (pending,) = await restarted.pending_notices()
    assert (pending.id, pending.kind, pending.users) == (reminder.id, "reminder", ["u1", "u2"])
    await restarted.mark_delivered([pending])
    assert await restarted.pending_notices() == []
    await store.close()


async def test_notices_of_a_failed_write_never_reach_the_outbox(svc, clock):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    await svc.mark_delivered(await svc.pending_notices())
    prompt = owed(table)[0]
    await svc.act(table.id, prompt.player, table.version, prompt.id, [prompt.options[0].key])
    delivered = await svc.pending_notices()
    await svc.mark_delivered(delivered)
    with pytest.raises(TableError) as refused:  # the same click again: out of date, nothing written
        await svc.act(table.id, prompt.player, table.version, prompt.id, [prompt.options[0].key])
    assert refused.value.code == "out_of_date"
    assert await svc.pending_notices() == []
