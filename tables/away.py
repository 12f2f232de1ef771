"""Time away: a player's clocks pause at tables with a turn limit of a day or more
(or none), deadlines move by the time away, reminders wait, and nobody hands the seat over.

Like chess.com Daily's vacation: a yearly allowance of days (`ALLOWANCE_DAYS`, which a server
may lower or turn off for its tables, `GuildSettings.away_days`), taken with `go_away`, given
back by whole days with `come_back`, and spent a day at a time, automatically, when a clock
runs out while days are left. A table pauses a player's clock for at most its server's
allowance of each time away.

Durability: the away record is written first; each table's timers are then re-planned in
that table's own compare-and-set transaction. Should a crash come between, the clock still
holds: a turn that starts reads the record (`Absences.pauses`), a reminder due while paused is
dropped and a deadline due while paused is moved instead of expiring (`Away.expiry`). The day
spent at an expiry is written in the same transaction that claims the deadline, so it is
spent once.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import UTC, datetime

from pydantic import BaseModel

from persistence import StaleWrite
from persistence.models import GuildSettings, Table, Timer
from persistence.repos.watch import AwayRecord, save_away
from persistence.store import Store

from . import clock
from .core import ServiceCore
from .errors import TableError
from .models import Notice

ALLOWANCE_DAYS = 30
AWAY_CACHE_S = 30.0
DAY = clock.DAY


def year_of(t: float) -> int:
    return datetime.fromtimestamp(t, UTC).year


def allowance(guild: GuildSettings) -> int:
    """Days a year a player may be away at this server's tables (0: time away is off)."""
    return ALLOWANCE_DAYS if guild.away_days is None else min(guild.away_days, ALLOWANCE_DAYS)


def pausable(table: Table) -> bool:
    """A running, timed table whose limit is a day or more (or none): time away pauses it."""
    limit = table.settings.turn_limit_s
    return (table.status == "running" and clock.is_timed(len(table.humans))
            and (limit is None or limit >= DAY))


class AwayReport(BaseModel):
    """What `go_away` / `come_back` did: until when, days left this year, and the tables
    whose clocks pause (`paused`, with each table's own end), those played for you as usual
    (`played`: a limit under a day) and those of servers that do not allow time away (`off`)."""

    until: float
    days_left: int
    refunded: int = 0
    paused: dict[int, float] = {}
    tables: dict[int, Table] = {}
    played: list[int] = []
    off: list[int] = []


def this_year(record: AwayRecord, now: float) -> AwayRecord:
    """The record with the used days of the current year (none yet in a new year)."""
    if record.year != year_of(now):
        return record.model_copy(update={"year": year_of(now), "used_days": 0})
    return record


def pause_end(record: AwayRecord | None, guild: GuildSettings, now: float) -> float | None:
    """When this server's tables resume the player's clock, if it is paused now."""
    span = record.away_span(now) if record is not None else None
    if span is None or allowance(guild) == 0:
        return None
    since, until = span
    end = min(until, since + allowance(guild) * DAY)
    return end if end > now else None


def shifted_plan(table: Table, user_id: str, turn_started_at: float, resume: float, remaining: float | None,
                 guild: GuildSettings) -> list[Timer]:
    """The seat's timers once its clock runs again at `resume` with `remaining` seconds
    left (None: no limit). Reminders before `resume` are dropped; the timers keep the
    real start of the turn, which is how a stale one is recognised."""
    limit = table.settings.turn_limit_s
    virtual = resume if limit is None or remaining is None else resume + remaining - limit
    timers = clock.plan_turn(table.id, user_id, virtual, table.settings, guild, table.version)
    kept = []
    for t in timers:
        if t.kind == "reminder" and t.due_at <= resume:
            continue
        kept.append(t.model_copy(update={"data": {**t.data, "turn_started_at": turn_started_at}}))
    return kept


class Absences:
    """Who is away now, and whose clock that pauses at a table: what planning a turn asks
    (`ServiceCore.turn_changes`) and what the turn clock asks of a due reminder."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store, self.clock = store, clock
        self._cache: tuple[float, set[str]] | None = None  # (time.monotonic(), who is away): `away_now`

    def forget(self) -> None:
        """Someone went away or came back here: read who is away afresh."""
        self._cache = None

    async def away_now(self) -> set[str]:
        """Who is away now, as this process last read it (at most AWAY_CACHE_S ago; its own
        /game away and back refresh it at once). A turn that starts reads this instead of the
        store, so a move costs no extra read while nobody is away; a turn planned from a stale
        copy is still caught when its deadline or reminder comes due (`fresh` reads)."""
        cached = self._cache
        if cached is not None and time.monotonic() - cached[0] < AWAY_CACHE_S:
            return cached[1]
        users = {r.user_id for r in await self.store.away.away_now(self.clock())}
        self._cache = (time.monotonic(), users)
        return users

    async def pauses(self, table: Table, guild: GuildSettings, users: set[str], now: float,
                     fresh: bool = False) -> dict[str, float]:
        """The users among `users` whose clock is paused at `table` now, and until when."""
        if not users or not pausable(table) or allowance(guild) == 0:
            return {}
        if not fresh:
            users = users & await self.away_now()
            if not users:
                return {}
        records = await self.store.away.many(sorted(users))
        ends = {u: pause_end(records.get(u), guild, now) for u in users}
        return {u: end for u, end in ends.items() if end is not None}


class Away:
    """Going away and coming back, and time away's say when a deadline is due."""

    def __init__(self, core: ServiceCore, absences: Absences) -> None:
        self.core = core
        self.absences = absences

    # ---- reading ---------------------------------------------------------------------
    async def away_record(self, user_id: str) -> AwayRecord:
        """The user's record, its used days those of the current year."""
        record = await self.core.store.away.get(user_id) or AwayRecord(user_id=user_id)
        return this_year(record, self.core.clock())

    async def days_left(self, user_id: str, guild_id: int | None = None) -> int:
        record = await self.away_record(user_id)
        cap = ALLOWANCE_DAYS if guild_id is None else allowance(await self.core.guild_settings(guild_id))
        return max(0, cap - record.used_days)

    async def away_until(self, table: Table) -> dict[str, float]:
        """For a board: the seated people whose clocks are paused here, and until when."""
        if not pausable(table):
            return {}
        guild = await self.core.guild_settings(table.guild_id)
        people = {s.user_id for s in table.seats if s.timed}
        return await self.absences.pauses(table, guild, people, self.core.clock())

    async def away_in_guild(self, guild_id: int) -> dict[str, float]:
        """For `/gameadmin tables`: the players of this server's open tables who are away, until when."""
        now = self.core.clock()
        people = {s.user_id for t in await self.core.store.tables.open_in_guild(guild_id) for s in t.seats if s.is_human}
        records = await self.core.store.away.many(sorted(people))
        return {u: r.until for u, r in records.items() if r.away_at(now) and r.until is not None}

    async def paused(self, table: Table, guild: GuildSettings, users: set[str], now: float) -> dict[str, float]:
        """Whose clock among `users` is paused at `table` now, read afresh (a due reminder)."""
        return await self.absences.pauses(table, guild, users, now, fresh=True)

    # ---- planning ----------------------------------------------------------------------
    async def _deadline(self, table: Table, user_id: str) -> Timer | None:
        return next((t for t in await self.core.store.timers.for_table(table.id)
                     if t.kind == "deadline" and t.seat == user_id), None)

    async def _replan_table(self, table_id: int, user_id: str, resume_of, notice_kind: str) -> tuple[Table, float | None]:
        """Re-plan the user's running turn at one table (its own transaction, retried when a
        move came first). `resume_of(table, guild, deadline)` gives (resume, remaining) or None
        to leave it. Returns the table and the resume time used."""
        for _ in range(5):
            async with self.core.lock(table_id):
                table = await self.core.load(table_id)
                seat = table.seat(user_id)
                if not pausable(table) or seat is None or not seat.timed:
                    return table, None
                guild = await self.core.guild_settings(table.guild_id)
                plan = None
                resume = None
                if seat.turn_started_at is not None:
                    deadline = await self._deadline(table, user_id)
                    found = resume_of(table, guild, deadline, seat.turn_started_at)
                    if found is not None:
                        resume, remaining = found
                        plan = shifted_plan(table, user_id, seat.turn_started_at, resume, remaining, guild)
                notice = self.core.notice(table, notice_kind, [user_id])
                try:
                    changed = table.model_copy(update={"updated_at": self.core.clock()})
                    saved = await self.core.store.commit(changed, expected_rev=table.rev, before=table,
                                                         timers={user_id: plan} if plan is not None else None,
                                                         outbox=self.core.outbox([notice]))
                except StaleWrite:
                    self.core.forget(table_id)
                    continue
                self.core.keep(saved)
                return saved, resume
        return table, None

    # ---- going away and coming back ----------------------------------------------------
    async def go_away(self, user_id: str, days: int) -> AwayReport:
        """Away for `days` whole days from now. Refused, changing nothing, for a number
        outside 1..the days left this year, or while already away."""
        now = self.core.clock()
        record = await self.away_record(user_id)
        left = max(0, ALLOWANCE_DAYS - record.used_days)
        if not isinstance(days, int) or isinstance(days, bool) or days < 1:
            raise TableError("away_refused", "away.bad_days", {"days": days})
        if record.away_at(now):
            raise TableError("away_refused", "away.already", {"until": int(record.until or now)})
        if days > left:
            raise TableError("away_refused", "away.too_many", {"days": days, "left": left})
        record = record.model_copy(update={"since": now, "until": now + days * DAY,
                                           "used_days": record.used_days + days})
        await self.core.store.away.save(record, now)
        self.absences.forget()
        report = AwayReport(until=record.until, days_left=left - days)
        for table in await self.core.store.tables.open_for_user(user_id):
            await self._away_at(table, user_id, record, report, now)
        return report

    async def _away_at(self, table: Table, user_id: str, record: AwayRecord, report: AwayReport, now: float) -> None:
        seat = table.seat(user_id)
        if table.status != "running" or seat is None or not seat.timed:
            return
        limit = table.settings.turn_limit_s
        if not clock.is_timed(len(table.humans)):
            return
        guild = await self.core.guild_settings(table.guild_id)
        if limit is not None and limit < DAY:
            report.played.append(table.id)
            report.tables[table.id] = table
            return
        end = pause_end(record, guild, now)
        if end is None:
            report.off.append(table.id)
            report.tables[table.id] = table
            return

        def resume_of(t: Table, g: GuildSettings, deadline: Timer | None, started: float):
            resume = pause_end(record, g, now) or now
            return resume, (None if deadline is None else max(0.0, deadline.due_at - now))
        saved, _ = await self._replan_table(table.id, user_id, resume_of, "away")
        report.paused[table.id] = end
        report.tables[table.id] = saved

    async def come_back(self, user_id: str) -> AwayReport:
        """Back before the time away ended: whole days not begun are given back and the
        paused clocks run again from now, with the time each had left."""
        now = self.core.clock()
        record = await self.away_record(user_id)
        span = record.away_span(now)
        if span is None:
            raise TableError("away_refused", "away.not_away")
        old = record
        refund = int(math.floor((span[1] - now) / DAY))
        record = record.model_copy(update={"until": now, "used_days": max(0, record.used_days - refund)})
        await self.core.store.away.save(record, now)
        self.absences.forget()
        report = AwayReport(until=now, days_left=max(0, ALLOWANCE_DAYS - record.used_days), refunded=refund)
        for table in await self.core.store.tables.open_for_user(user_id):
            if not pausable(table) or table.seat(user_id) is None:
                continue

            def resume_of(t: Table, g: GuildSettings, deadline: Timer | None, started: float):
                old_end = pause_end(old, g, now)
                if old_end is None:
                    return None  # this table did not pause (or its pause already ended)
                limit = t.settings.turn_limit_s
                remaining = None if deadline is None else max(0.0, deadline.due_at - old_end)
                if limit is not None and remaining is not None:
                    remaining = min(remaining, limit)
                return now, remaining
            saved, resume = await self._replan_table(table.id, user_id, resume_of, "back")
            report.tables[table.id] = saved
            if resume is not None:
                report.paused[table.id] = now
        return report

    # ---- the turn clock's hooks ----------------------------------------------------------
    async def expiry(self, table: Table, user_id: str, timer: Timer) -> list[Notice] | None:
        """A deadline is due (the caller holds the table's lock). While the player is away
        here (a re-plan a crash cut short) the deadline moves to the end of the time away;
        else, with days of the allowance left, one is spent: the deadline moves a day on and
        the table says so. None: expire as usual. The claim of the timer goes in the same
        transaction."""
        if not pausable(table):
            return None
        guild = await self.core.guild_settings(table.guild_id)
        if allowance(guild) == 0:
            return None
        now = self.core.clock()
        seat = table.seat(user_id)
        if seat is None:  # (the caller found this seat owing the turn): expire as usual
            return None
        record = this_year(await self.core.store.away.get(user_id) or AwayRecord(user_id=user_id), now)
        end = pause_end(record, guild, now)
        spent = end is None
        if end is None:
            if record.used_days >= allowance(guild):
                return None
            record = record.model_copy(update={"used_days": record.used_days + 1})
            resume, remaining = now, float(DAY)
            virtual_limit = table.settings.turn_limit_s or DAY
            remaining = min(remaining, virtual_limit)
        else:
            limit = table.settings.turn_limit_s or DAY
            elapsed = max(0.0, (record.since or now) - (seat.turn_started_at or now))
            resume, remaining = end, max(0.0, limit - elapsed)
        plan = shifted_plan(table, user_id, seat.turn_started_at or now, resume, remaining, guild)
        deadline = next((t.due_at for t in plan if t.kind == "deadline"), None)
        notices = []
        if spent:
            notices.append(self.core.notice(table, "away_day_spent", [user_id], deadline=deadline,
                                            days_left=max(0, allowance(guild) - record.used_days)))
        changed = table.model_copy(update={"updated_at": now})

        def unit():
            saved = yield from Store._commit(changed, table.rev, None, None, {user_id: plan}, False, timer.id,
                                             None, False, table, self.core.outbox(notices))
            if spent:
                yield from save_away(record, now)
            return saved
        try:
            saved = await self.core.store.db.run(unit())
        except StaleWrite:
            return []  # claimed elsewhere, or the table moved on: that writer decides
        self.core.keep(saved)
        return notices
