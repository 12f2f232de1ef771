"""Time away: clocks pause at tables with a limit of a day or more, deadlines move,
reminders wait, nobody is handed over; shorter limits play on; /game back; the yearly
allowance, spent a day at a time when a clock runs out; servers may lower or turn it off."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, owed, started

from persistence import open_store
from tables import TableService
from tables.away import ALLOWANCE_DAYS
from tables.clock import DAY, HOUR
from tables.errors import TableError


async def day_game(svc, channel=100, humans=("u1", "u2"), limit=DAY):
    await svc.update_guild_settings(GUILD, turn_limit_s=limit)
    return (await started(svc, "sutosute", list(humans), channel=channel)).table


async def deadline_of(svc, table_id, user):
    return next(t.due_at for t in await svc.store.timers.for_table(table_id) if t.kind == "deadline" and t.seat == user)


async def test_away_moves_the_deadline_by_the_time_away_and_nothing_fires_meanwhile(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    clock.advance(6 * HOUR)  # a quarter of the day used
    report = await svc.go_away("u1", 3)
    assert report.paused == {table.id: t0 + 6 * HOUR + 3 * DAY}
    assert report.days_left == ALLOWANCE_DAYS - 3
    # the clock resumes when the time away ends, with the 18 hours that were left
    assert await deadline_of(svc, table.id, "u1") == t0 + 6 * HOUR + 3 * DAY + 18 * HOUR
    assert await deadline_of(svc, table.id, "u2") == t0 + DAY  # the other player's clock runs
    clock.now = t0 + 3 * DAY
    notices = await svc.fire_due(t0 + 3 * DAY)  # u2 is reminded and expires; u1 is not touched
    assert all("u1" not in n.users for n in notices)
    seat = (await svc.get(table.id)).seat("u1")
    assert seat.idle_expiries == 0 and not seat.auto


async def test_a_table_with_a_short_limit_plays_on_and_the_answer_says_so(svc, clock):
    long = await day_game(svc, channel=100)
    short = await day_game(svc, channel=101, limit=HOUR)
    before = await deadline_of(svc, short.id, "u1")
    report = await svc.go_away("u1", 2)
    assert list(report.paused) == [long.id] and report.played == [short.id]
    assert await deadline_of(svc, short.id, "u1") == before


async def test_a_turn_that_starts_while_away_waits_for_the_return(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    await svc.go_away("u1", 2)
    clock.advance(HOUR)
    for prompt in owed(await svc.get(table.id)):  # both play: the next round starts for both
        t = await svc.get(table.id)
        await svc.act(table.id, prompt.player, t.version, prompt.id, [prompt.options[0].key])
    assert (await svc.get(table.id)).seat("u1").turn_started_at == t0 + HOUR  # a new turn of u1's
    assert await deadline_of(svc, table.id, "u1") == t0 + 2 * DAY + DAY  # the whole limit after the return
    assert await deadline_of(svc, table.id, "u2") == t0 + DAY  # u2's turn goes on as it was
    reminders = [t for t in await svc.store.timers.for_table(table.id) if t.kind == "reminder" and t.seat == "u1"]
    assert reminders and all(t.due_at > t0 + 2 * DAY for t in reminders)


async def test_back_gives_whole_days_back_and_the_clock_runs_from_now(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    clock.advance(6 * HOUR)
    await svc.go_away("u1", 5)
    clock.advance(DAY + HOUR)  # away for a day and an hour: three whole days not begun
    report = await svc.come_back("u1")
    assert report.refunded == 3 and report.days_left == ALLOWANCE_DAYS - 2
    assert await deadline_of(svc, table.id, "u1") == clock() + 18 * HOUR
    assert not (await svc.away_until(await svc.get(table.id)))
    with pytest.raises(TableError) as no:
        await svc.come_back("u1")
    assert no.value.key == "away.not_away"
    assert t0  # (the start is the reference above)


@pytest.mark.parametrize("days", [0, -3, ALLOWANCE_DAYS + 1])
async def test_bad_numbers_of_days_are_refused_and_change_nothing(svc, clock, days):
    table = await day_game(svc)
    before = await deadline_of(svc, table.id, "u1")
    with pytest.raises(TableError) as refused:
        await svc.go_away("u1", days)
    assert refused.value.code == "away_refused"
    assert "left" in refused.value.message("en") or "whole number" in refused.value.message("en")
    assert refused.value.message("ja")
    assert await svc.store.away.get("u1") is None
    assert await deadline_of(svc, table.id, "u1") == before


async def test_more_days_than_are_left_this_year_are_refused(svc, clock):
    await svc.go_away("u1", ALLOWANCE_DAYS - 2)
    clock.advance(HOUR)
    await svc.come_back("u1")  # an hour later: every day but the one begun comes back
    record = await svc.store.away.get("u1")
    with pytest.raises(TableError) as refused:
        await svc.go_away("u1", ALLOWANCE_DAYS)
    assert refused.value.key == "away.too_many" and refused.value.params["left"] == ALLOWANCE_DAYS - 1
    assert await svc.store.away.get("u1") == record


async def test_a_clock_that_runs_out_spends_a_day_once_and_the_table_says_so(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    clock.now = t0 + DAY
    notices = await svc.fire_due(t0 + DAY)
    spent = [n for n in notices if n.kind == "away_day_spent"]
    assert sorted(n.users[0] for n in spent) == ["u1", "u2"]
    assert spent[0].data["deadline"] == t0 + 2 * DAY and spent[0].data["days_left"] == ALLOWANCE_DAYS - 1
    assert not [n for n in notices if n.kind == "expired"]
    assert await svc.fire_due(t0 + DAY) == []  # once
    assert (await svc.store.away.get("u1")).used_days == 1
    assert (await svc.get(table.id)).seat("u1").idle_expiries == 0
    # a restart in between loses nothing: the moved deadline is in the store
    svc2 = TableService(svc.store, clock=clock)
    assert await deadline_of(svc2, table.id, "u1") == t0 + 2 * DAY


async def test_a_server_can_turn_time_away_off_or_lower_it(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    await svc.update_guild_settings(GUILD, away_days=0)
    report = await svc.go_away("u1", 3)
    assert report.off == [table.id] and not report.paused
    assert await deadline_of(svc, table.id, "u1") == t0 + DAY
    clock.now = t0 + DAY
    notices = await svc.fire_due(t0 + DAY)  # no day is spent: the clock runs out as before
    assert {n.kind for n in notices} >= {"expired"} and "away_day_spent" not in {n.kind for n in notices}
    with pytest.raises(TableError):
        await svc.update_guild_settings(GUILD, away_days=-1)


async def test_a_lowered_allowance_pauses_only_that_long(svc, clock):
    t0 = clock()
    table = await day_game(svc)
    await svc.update_guild_settings(GUILD, away_days=2)
    report = await svc.go_away("u1", 5)
    assert report.paused == {table.id: t0 + 2 * DAY}
    assert await deadline_of(svc, table.id, "u1") == t0 + 3 * DAY


async def test_a_deadline_due_while_away_moves_even_if_the_replan_was_lost(any_db_url, clock):
    """A crash between writing the time away and re-planning a table: the deadline that
    then comes due is moved, not expired, and a new process sees the same."""
    store = await open_store(any_db_url)
    svc = TableService(store, clock=clock, seed_source=lambda: 4242)
    t0 = clock()
    table = await day_game(svc)
    record = (await svc.away_record("u1")).model_copy(update={"since": t0, "until": t0 + 3 * DAY, "used_days": 3})
    await store.away.save(record, t0)  # the record only, as if the process died right after
    await store.close()
    store = await open_store(any_db_url)
    svc = TableService(store, clock=clock, seed_source=lambda: 4242)
    clock.now = t0 + DAY
    notices = await svc.fire_due(t0 + DAY)
    assert not [n for n in notices if "u1" in n.users]
    assert await deadline_of(svc, table.id, "u1") == t0 + 3 * DAY + DAY
    assert (await svc.get(table.id)).seat("u1").idle_expiries == 0
    await store.close()
