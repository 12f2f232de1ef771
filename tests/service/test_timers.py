"""The turn clock in the service: reminders and deadlines fire once at the right time, also
across a restart; quiet hours; idle seats are skipped or auto-played and handed over;
solo games wait; abandoned lobbies close."""
from __future__ import annotations

import asyncio

from svc_helpers import GUILD, open_table, owed, play_one, started

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice, replay
from persistence import open_store
from persistence.testing import FakeClock
from tables import TableService
from tables.clock import HOUR

LIMIT = 3600


async def timed_game(svc, key="sutosute", humans=("u1", "u2"), **settings):
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT, **settings)
    return (await started(svc, key, list(humans))).table


async def fire_at(svc, clock, moment):
    clock.now = moment
    notices = await svc.fire_due(moment)
    await svc.settle()  # seats handed to the computer move as their own steps
    return notices


async def test_reminders_fire_once_at_half_and_ninety_percent_coalesced_per_table(svc, clock):
    t0 = clock()
    table = await timed_game(svc)
    assert {p.player for p in owed(table)} == {"u1", "u2"}  # both place a card at once
    assert await svc.next_due_at() == t0 + 1800
    assert await fire_at(svc, clock, t0 + 1799) == []
    (reminder,) = await fire_at(svc, clock, t0 + 1800)
    assert reminder.kind == "reminder" and reminder.users == ["u1", "u2"] and reminder.table_id == table.id
    assert reminder.data["deadline"] == t0 + LIMIT and reminder.data["final"] is False
    assert await svc.fire_due(t0 + 1800) == []  # once
    (urgent,) = await fire_at(svc, clock, t0 + 3240)
    assert urgent.kind == "reminder" and urgent.data["final"] is True
    assert await svc.next_due_at() == t0 + LIMIT


async def test_a_turn_started_notice_carries_the_deadline(svc, clock):
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT)
    result = await started(svc, "sutosute", ["u1", "u2"])
    assert sorted((n.kind, n.users[0], n.data["deadline"]) for n in result.notices) == [
        ("turn_started", "u1", clock() + LIMIT), ("turn_started", "u2", clock() + LIMIT)]


async def test_acting_ends_the_turn_and_its_timers(svc, clock):
    table = await timed_game(svc)
    clock.advance(100)
    prompt = next(p for p in owed(table) if p.player == "u1")
    await svc.act(table.id, "u1", table.version, prompt.id, [prompt.options[0].key])
    seats = {t.seat for t in await svc.store.timers.for_table(table.id)}
    assert seats == {"u2"}
    seat = (await svc.get(table.id)).seat("u1")
    assert seat.turns == 1 and seat.turn_seconds == 100


async def test_the_deadline_plays_for_the_idle_seat_and_the_game_goes_on(svc, clock):
    t0 = clock()
    table = await timed_game(svc)
    prompt = next(p for p in owed(table) if p.player == "u1")
    await svc.act(table.id, "u1", table.version, prompt.id, [prompt.options[0].key])
    notices = await fire_at(svc, clock, t0 + LIMIT)
    expired = [n for n in notices if n.kind == "expired"]
    assert [n.users for n in expired] == [["u2"]] and expired[0].data["count"] == 1
    assert expired[0].data["passed"] is False  # placing a card cannot be passed
    entries = await svc.store.actions.list(table.id)
    assert [(e.player, e.auto) for e in entries[:2]] == [("u1", False), ("u2", True)]
    table = await svc.get(table.id)
    assert table.status == "running" and table.auto_played and table.seat("u2").idle_expiries == 1
    assert {n.kind for n in notices} <= {"expired", "turn_started"}
    # the next turn runs on a fresh clock
    assert await svc.next_due_at() == t0 + LIMIT + 1800


async def test_skip_policy_takes_the_pass_option_where_the_game_offers_one(svc, clock):
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT, idle_policy="skip")
    rng = Rng(seed=11)
    table = (await started(svc, "guns-and-steel", ["u1", "u2"], options={"set": "base"})).table
    for _ in range(400):  # play until someone owes a decision with a pass option
        passable = [p for p in owed(table) if any(o.passes for o in p.options)]
        if passable and len(owed(table)) == 1:
            break
        table = (await play_one(svc, table, rng)).table
    idle = passable[0]
    notices = await fire_at(svc, clock, (await svc.next_due_at()))
    while not any(n.kind == "expired" for n in notices):
        notices = await fire_at(svc, clock, (await svc.next_due_at()))
    expired = next(n for n in notices if n.kind == "expired")
    assert expired.users == [idle.player] and expired.data["passed"] is True
    entry = next(e for e in await svc.store.actions.list(table.id) if e.seq == table.version + 1)
    assert entry.auto and entry.choice == [next(o.key for o in idle.options if o.passes)]


async def test_after_n_expiries_in_a_row_the_seat_is_handed_over_for_good(svc, clock):
    table = await timed_game(svc, handover_after=2)
    rng = Rng(seed=2)
    handed = None
    for _ in range(50):
        table = await svc.get(table.id)
        if table.seat("u2").auto:
            break
        for p in owed(table):  # u1 always plays at once, u2 never does
            if p.player == "u1":
                table = (await svc.act(table.id, "u1", table.version, p.id, random_choice(p, rng))).table
                break
        due = await svc.next_due_at()
        notices = await fire_at(svc, clock, due)
        handed = next((n for n in notices if n.kind == "handed_over"), handed)
    assert handed is not None and handed.users == ["u2"] and handed.data["count"] == 2
    table = await svc.get(table.id)
    assert table.seat("u2").auto
    # u2's decisions are made at once from now on; the clock keeps running for u1 only
    assert {t.seat for t in await svc.store.timers.for_table(table.id)} <= {"u1"}
    while table.status == "running":
        assert {p.player for p in owed(table)} <= {"u1"}
        table = (await play_one(svc, table, rng)).table
    result = await svc.store.results.get(table.id)
    assert result.ended_by == "rules" and not result.rated


async def test_playing_again_resets_the_expiry_count(svc, clock):
    table = await timed_game(svc, handover_after=2)
    await fire_at(svc, clock, clock() + LIMIT)  # both expire once
    table = await svc.get(table.id)
    assert table.seat("u1").idle_expiries == 1
    prompt = next(p for p in owed(table) if p.player == "u1")
    table = (await svc.act(table.id, "u1", table.version, prompt.id, [prompt.options[0].key])).table
    assert table.seat("u1").idle_expiries == 0 and table.seat("u2").idle_expiries == 1


async def test_when_nobody_plays_auto_play_keeps_the_game_legal_to_its_end(svc, clock):
    table = await timed_game(svc, idle_policy="auto", handover_after=3)
    for _ in range(100):
        due = await svc.next_due_at()
        if due is None:
            break
        await fire_at(svc, clock, due)
    table = await svc.get(table.id)
    assert table.status == "finished"
    game = registry.get("sutosute")
    entries = await svc.store.actions.list(table.id)
    assert all(e.auto for e in entries)
    assert replay(game, table.players, table.options, table.seed, entries) == table.state(game)
    assert not (await svc.store.results.get(table.id)).rated


async def test_a_solo_game_just_waits(svc, clock):
    await svc.update_guild_settings(GUILD, turn_limit_s=300)
    result = await started(svc, "fort-of-gold", ["u1"])
    assert await svc.store.timers.for_table(result.table.id) == []
    assert [n.data["deadline"] for n in result.notices if n.kind == "turn_started"] == [None]
    assert await fire_at(svc, clock, clock() + 30 * 86400) == []
    assert (await svc.get(result.table.id)).version == result.table.version


async def test_reminders_wait_for_the_end_of_quiet_hours(svc, clock):
    clock.now += 23 * HOUR  # 23:00 UTC
    t0 = clock()
    await svc.update_guild_settings(GUILD, quiet_start=22, quiet_end=7)
    table = (await started(svc, "sutosute", ["u1", "u2"])).table  # no limit: first reminder after 12 h
    assert await fire_at(svc, clock, t0 + 12 * HOUR) != []  # 11:00, not quiet
    await svc.update_guild_settings(GUILD, quiet_start=10, quiet_end=14)
    clock.now = t0 + 12 * HOUR + 1
    prompt = next(p for p in owed(table) if p.player == "u1")
    await svc.act(table.id, "u1", table.version, prompt.id, [prompt.options[0].key])
    # u2's next daily reminder (11:00 the next day) falls in the new quiet hours: 14:00 instead
    assert await fire_at(svc, clock, t0 + 36 * HOUR) == []
    (late,) = await fire_at(svc, clock, t0 + 39 * HOUR)
    assert late.kind == "reminder" and late.users == ["u2"]


async def test_timers_survive_a_restart_and_fire_exactly_once(any_db_url):
    clock = FakeClock()
    store = await open_store(any_db_url)
    svc = TableService(store, clock=clock)
    t0 = clock()
    table = await timed_game(svc)
    await store.close()
    clock.now = t0 + 3300  # both reminders are due while the bot is down
    store = await open_store(any_db_url)
    try:
        restarted = TableService(store, clock=clock)
        assert await restarted.next_due_at() == t0 + 1800
        notices = await restarted.fire_due(clock())
        assert [(n.kind, n.users) for n in notices] == [("reminder", ["u1", "u2"])]  # coalesced, not four
        again = TableService(store, clock=clock)
        assert await again.fire_due(clock()) == []
        clock.now = t0 + LIMIT
        expired = [n for n in await again.fire_due(clock()) if n.kind == "expired"]
        assert sorted(u for n in expired for u in n.users) == ["u1", "u2"]
        assert (await again.get(table.id)).version > table.version
    finally:
        await store.close()


async def test_two_instances_firing_one_deadline_expire_it_once(any_db_url):
    clock = FakeClock()
    stores = [await open_store(any_db_url), await open_store(any_db_url)]
    try:
        a, b = (TableService(s, clock=clock) for s in stores)
        table = await timed_game(a)
        clock.now += LIMIT
        results = await asyncio.gather(a.fire_due(clock()), b.fire_due(clock()))
        expired = [u for notices in results for n in notices if n.kind == "expired" for u in n.users]
        assert sorted(expired) == ["u1", "u2"]
        entries = await stores[0].actions.list(table.id)
        assert sorted(e.player for e in entries[:2]) == ["u1", "u2"] and all(e.auto for e in entries[:2])
    finally:
        for s in stores:
            await s.close()


async def test_an_abandoned_lobby_closes_and_activity_keeps_it_open(svc, clock):
    await svc.update_guild_settings(GUILD, lobby_timeout_s=3600)
    t0 = clock()
    table = await open_table(svc, "sutosute", ["u1"])
    clock.now = t0 + 1800
    await svc.join(table.id, "u2", "Bob")  # activity: the timeout starts again
    assert await fire_at(svc, clock, t0 + 3600) == []
    (closed,) = await fire_at(svc, clock, t0 + 5400)
    assert closed.kind == "lobby_closed" and closed.users == ["u1", "u2"]
    assert (await svc.get(table.id)).status == "cancelled"
    assert await svc.table_in_channel(table.channel_id) is None
    assert await svc.next_due_at() is None
