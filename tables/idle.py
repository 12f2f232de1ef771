"""The turn clock at work: due timers, idle seats (skip / auto-play / handover), resign,
and the admin controls kick, skip and end.

`fire_due` claims each timer in a transaction before acting on it (a deadline is claimed
in the same transaction as the move made for the idle seat), so a restart neither loses
nor repeats one.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeGuard

from games.kit import Game, Prompt
from persistence import StaleWrite
from persistence.models import Table, Timer

from . import clock
from .automatic import Automatic
from .away import Away
from .core import MoveCommit, ServiceCore
from .errors import TableError, refuse
from .lobby import Lobby
from .models import ActResult, Notice
from .results import build_result

log = logging.getLogger(__name__)

# `current(table)`: whether an expiry still applies to the table as read now (a table, then)
Current = Callable[[Table | None], TypeGuard[Table]]


def stored_id(timer: Timer) -> int:
    """The id of a timer read from the store (only a timer not yet added has none)."""
    if timer.id is None:
        raise ValueError(f"a timer of table {timer.table_id} that was never stored")
    return timer.id


def idle_pass(prompt: Prompt, policy: str) -> list[str] | None:
    """The pass given for an idle seat under policy `skip`: an option the game marks
    `passes` (or the empty answer where zero options are allowed). None when there is no
    pass, or under policy `auto`: the computer then plays the seat (table's `auto_level`)."""
    if policy == "skip":
        passing = [o for o in prompt.options if o.passes]
        if passing and prompt.min <= 1 <= prompt.max:
            return [passing[0].key]
        if prompt.min == 0:
            return []
    return None


class TurnClock:
    """The turn clock at work (due timers, idle seats), resigning, and the admin controls."""

    def __init__(self, core: ServiceCore, automatic: Automatic, lobby: Lobby, away: Away) -> None:
        self.core = core
        self.automatic = automatic
        self.lobby = lobby
        self.away = away

    async def next_due_at(self) -> float | None:
        """The earliest pending timer (the front end sleeps until then, then calls `fire_due`)."""
        return await self.core.store.timers.next_due()

    async def fire_due(self, now: float | None = None) -> list[Notice]:
        """Handle every timer due at `now`, once. Reminders of one table are coalesced into
        one notice; each notice is in the outbox with the claim of its timer (see `mark_delivered`)."""
        now = self.core.clock() if now is None else now
        notices: list[Notice] = []
        reminders: list[Notice] = []
        while True:
            batch = await self.core.store.timers.due(now)
            by_table: dict[int, list[Timer]] = {}
            for timer in batch:
                try:
                    if timer.kind == "deadline":
                        notices.extend(await self._expire(timer))
                    elif timer.kind == "lobby":
                        notices.extend(await self._close_lobby(timer))
                    else:
                        by_table.setdefault(timer.table_id, []).append(timer)
                except Exception as e:
                    if isinstance(e, TableError) and e.code == "out_of_date":
                        continue  # another instance handled this timer first
                    # One broken table must not stop every other table's clock: log it and
                    # retire its timer so the loop does not spin on it.
                    log.exception("timer %s of table %s failed", timer.id, timer.table_id)
                    await self.core.store.timers.claim(stored_id(timer))
            for timers in by_table.values():
                try:
                    reminders.extend(await self._remind(timers, now))
                except Exception:
                    log.exception("reminders of table %s failed", timers[0].table_id)
                    for timer in timers:
                        await self.core.store.timers.claim(stored_id(timer))
            if len(batch) < 200:
                break
        return notices + reminders

    async def _remind(self, timers: list[Timer], now: float) -> list[Notice]:
        """Claim the due reminders of one table and put one notice for those still worth
        sending in the outbox, in one transaction: a seat that still owes that turn, whose
        deadline has not passed too (after downtime the expiry says it all)."""
        table = await self.core.store.tables.get(timers[0].table_id)
        guild = await self.core.guild_settings(table.guild_id) if table is not None else None
        follows: list[Timer] = []
        users: dict[str, dict] = {}
        paused = (await self.away.paused(table, guild, {t.seat for t in timers}, now)
                  if table is not None and guild is not None else {})  # away: no reminders
        for timer in timers:
            seat = table.seat(timer.seat) if table else None
            deadline = timer.data.get("deadline")
            current = (table is not None and table.status == "running" and seat is not None and seat.timed
                       and seat.turn_started_at == timer.data.get("turn_started_at")
                       and (deadline is None or deadline > now) and timer.seat not in paused)
            if not current or table is None or guild is None:  # (a current one has both)
                continue
            follow = clock.next_repeat(timer, guild, table.settings)
            if clock.is_quiet_for(now, table.settings, guild):
                # quiet hours set after it was planned: send it when they end instead
                follow = timer.model_copy(update={"id": None, "due_at": clock.after_quiet_for(
                    now, table.settings, guild)})
            else:
                users[timer.seat] = timer.data
            if follow is not None:
                follows.append(follow)
        notice = self._reminder_notice(table, users) if users and table is not None else None
        try:
            await self.core.store.claim_timers([stored_id(t) for t in timers], follows, self.core.outbox([notice] if notice else []))
        except StaleWrite:
            if len(timers) == 1:
                return []  # another process claimed it
            # some were claimed elsewhere meanwhile: claim and tell the rest one by one
            return [n for timer in timers for n in await self._remind([timer], now)]
        return [notice] if notice else []

    def _reminder_notice(self, table: Table, users: dict[str, dict]) -> Notice:
        deadlines = {u: d.get("deadline") for u, d in users.items()}
        known = [d for d in deadlines.values() if d is not None]
        # `final`: the last reminder before a deadline, for a more urgent wording
        final = any(d.get("deadline") is not None and d.get("n") == d.get("of") for d in users.values())
        return self.core.notice(table, "reminder", sorted(users), deadline=min(known) if known else None,
                                deadlines=deadlines, final=final)

    async def _close_lobby(self, timer: Timer) -> list[Notice]:
        async with self.core.lock(timer.table_id):
            table = await self.core.store.tables.get(timer.table_id)
            if table is None or table.status != "lobby":
                await self.core.store.timers.claim(stored_id(timer))
                return []
            now = self.core.clock()
            closed = table.model_copy(update={"status": "cancelled", "updated_at": now, "finished_at": now,
                                              "lobby_version": table.lobby_version + 1})
            notice = self.core.notice(closed, "lobby_closed", closed.humans)
            await self.core.save(closed, table, [notice], claim_timer=timer.id, clear_timers=True)
            return [notice]

    async def _expire(self, timer: Timer) -> list[Notice]:
        def current(table: Table | None) -> TypeGuard[Table]:
            seat = table.seat(timer.seat) if table else None
            return (table is not None and table.status == "running" and seat is not None and seat.timed
                    and seat.turn_started_at == timer.data.get("turn_started_at"))
        async with self.core.lock(timer.table_id):
            table = await self.core.store.tables.get(timer.table_id)
            if current(table):
                moved = await self.away.expiry(table, timer.seat, timer)  # time away (tables/away.py)
                if moved is not None:
                    return moved
        acc = await self._act_for_idle(timer.table_id, timer.seat, current, claim_timer=timer.id)
        if acc is None:
            await self.core.store.timers.claim(stored_id(timer))  # stale: that turn is over
            return []
        return acc.notices

    async def _act_for_idle(self, table_id: int, user_id: str, current: Current,
                            claim_timer: int | None = None, admin: bool = False) -> ActResult | None:
        """Count an expiry for the seat, play its open decisions per the table's idle policy
        (logged auto) and hand it over after too many expiries in a row; robots then move as
        their own steps. The moves are worked out with no lock held (the computer may think
        for them), then committed under the lock if the table is still as it was (else worked
        out again). None when `current(table)` says the expiry no longer applies. `admin`: an
        admin's skip, which stops a computer thinking at the table (it thinks again)."""
        for attempt in range(5):
            table = await self.core.store.tables.get(table_id)
            if not current(table):
                return None
            game = self.core.game(table.game)
            plan, passed = await self._idle_plan(table, game, await self._own_state(table, game), user_id)
            async with self.core.lock(table_id):
                now = await self.core.store.tables.get(table_id)
                if not current(now):
                    return None
                if now.rev == table.rev or attempt == 4:
                    if now.rev != table.rev:  # busy table: the last try plans under the lock
                        plan, passed = await self._idle_plan(now, game, await self._own_state(now, game), user_id)
                    acc = await self._commit_idle(now, game, user_id, plan, passed, claim_timer)
                    if admin:
                        self.automatic.interrupt(table_id)
                    state = await self.core.state(acc.table, game)
                    self.core.remember(acc.table, state)
                    self.automatic.start(acc.table, game, state)
                    return acc
        return None  # not reached

    async def _own_state(self, table: Table, game: Game) -> Any:
        """A copy of the table's state for planning with no lock held (nobody else changes it)."""
        try:
            return table.state(game)
        except ValueError:
            return await self.core.rebuild_state(table.id)

    async def _commit_idle(self, table: Table, game: Game, user_id: str, plan: list[tuple[str, list[str]]],
                           passed: bool, claim_timer: int | None) -> ActResult:
        state = await self.core.state(table, game)
        acc = ActResult(table=table)
        seats = [s.model_copy() for s in table.seats]
        seat = next(s for s in seats if s.user_id == user_id)
        seat.idle_expiries += 1
        handover = 0 < table.settings.handover_after <= seat.idle_expiries
        seat.auto = seat.auto or handover
        told = [self.core.notice(table, "expired", [user_id], passed=passed, count=seat.idle_expiries)]
        if handover:
            told.append(self.core.notice(table, "handed_over", [user_id], count=seat.idle_expiries))
        if not plan:  # nothing was owed after all: still record the claim and the seat change
            table = await self.core.save(table.model_copy(update={"seats": seats}), table, told, claim_timer=claim_timer,
                                         timers={user_id: []})
            acc.table = table
            acc.notices.extend(told)
        for n, (prompt_id, choice) in enumerate(plan):
            first = n == 0  # the claim, the seat change and the notices go with the first move
            table, state = await self.core._commit_move(MoveCommit(
                table, game, state, user_id, prompt_id, choice, acc, auto=True,
                reset=frozenset({user_id}) if first else frozenset(), claim_timer=claim_timer if first else None,
                seats=seats if first else None, notices=told if first else ()))
        self.core.remember(table, state)
        return acc

    async def _idle_plan(self, table: Table, game: Game, state: Any, user_id: str
                         ) -> tuple[list[tuple[str, list[str]]], bool]:
        """The moves made for an idle seat (its whole turn) and whether all of them pass,
        worked out before anything is written so the notice goes out with the first move.
        Where there is no pass (or the policy is `auto`) the computer plays at `auto_level`."""
        plan, passed = [], True
        for _ in range(self.core.max_auto_moves):
            prompt = next((p for p in game.prompts(state) if p.player == user_id), None)
            if prompt is None:
                break
            prompt_id, choice = prompt.id, idle_pass(prompt, table.settings.idle_policy)
            passed = passed and choice is not None
            if choice is None:
                prompt_id, choice = await self.automatic.computer_choice(table, game, state, user_id,
                                                                         table.settings.auto_level)
            plan.append((prompt_id, choice))
            state, _ = game.apply(state, user_id, prompt_id, choice)
        return plan, passed

    async def _hand_over(self, table: Table, user_id: str, kind: str) -> ActResult:
        """Resign / kick in a running game: the seat is played automatically for good; a
        game with no other person in it ends instead."""
        game = self.core.game(table.game)
        others = [s for s in table.seats if s.is_human and not s.auto and s.user_id != user_id]
        now = self.core.clock()
        if not others:
            ended = table.model_copy(update={"status": "finished", "finished_at": now, "updated_at": now})
            result = build_result(ended, None, "admin" if kind == "kicked" else "resign", now)
            told = [self.core.game_over_notice(ended, result)]
            saved = await self.core.save(ended, table, told, clear_timers=True, result=result)
            return ActResult(table=saved, notices=told)
        seats = [s.model_copy(update={"auto": True}) if s.user_id == user_id else s for s in table.seats]
        told = [self.core.notice(table, kind, [user_id])]
        saved = await self.core.save(table.model_copy(update={"seats": seats, "updated_at": now}), table, told,
                                     timers={user_id: []})
        if kind == "kicked":  # an admin's action: a computer thinking at the table thinks again
            self.automatic.interrupt(table.id)
        state = await self.core.state(saved, game)
        self.core.remember(saved, state)
        self.automatic.start(saved, game, state)  # the seat is the computer's from its next decision
        return ActResult(table=saved, notices=list(told))

    def _playing_seat(self, table: Table, user_id: str) -> None:
        seat = table.seat(user_id)
        if seat is None or seat.is_cpu or seat.auto:
            raise refuse("not_seated")

    async def resign(self, table_id: int, user_id: str) -> ActResult:
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "running")
            self._playing_seat(table, user_id)
            return await self._hand_over(table, user_id, "resigned")

    async def member_left(self, table_id: int, user_id: str) -> ActResult:
        """The player is no longer in the table's server (the front end noticed, e.g. Discord's
        Unknown Member when it was about to remind them): in a lobby their seat is freed; in a
        running game the computer plays it from now on, and the others are told (a game with no
        other person in it ends). Anything else changes nothing."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            seat = table.seat(user_id)
            if seat is None or seat.is_cpu or seat.auto or table.status not in ("lobby", "running"):
                return ActResult(table=table)
            if table.status == "lobby":
                return ActResult(table=await self.lobby.remove_from_lobby(table, user_id))
            return await self._hand_over(table, user_id, "left_server")

    async def kick(self, table_id: int, user_id: str, by_admin: bool = True) -> ActResult:
        """Admin: in a lobby the player is removed; in a running game the seat is auto-played."""
        if not by_admin:
            raise refuse("not_admin")
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby", "running")
            if table.status == "lobby":
                if not table.user_seated(user_id):
                    raise refuse("not_seated")
                return ActResult(table=await self.lobby.remove_from_lobby(table, user_id))
            self._playing_seat(table, user_id)
            return await self._hand_over(table, user_id, "kicked")

    async def skip_now(self, table_id: int, by_admin: bool = True) -> ActResult:
        """Admin: every person who owes a decision is treated as if their clock ran out now."""
        if not by_admin:
            raise refuse("not_admin")
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "running")
            game = self.core.game(table.game)
            idle = [s.user_id for s in table.seats if s.timed and s.user_id in {p.player for p in game.prompts(table.state(game))}]
        total = ActResult(table=table)
        for user_id in idle:
            def still(t: Table | None, user_id: str = user_id) -> TypeGuard[Table]:
                seat = t.seat(user_id) if t else None
                return (t is not None and t.status == "running" and seat is not None and seat.timed
                        and user_id in {p.player for p in game.prompts(t.state(game))})
            part = await self._act_for_idle(table_id, user_id, still, admin=True)
            if part is None:
                continue
            total.table = part.table
            total.events += part.events
            total.actions += part.actions
            total.notices += part.notices
        return total

    async def end_table(self, table_id: int, by_admin: bool = True) -> Table:
        """Admin: a lobby is cancelled; a running game is finished, recorded as ended by an
        admin and unrated."""
        if not by_admin:
            raise refuse("not_admin")
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby", "running")
            now = self.core.clock()
            if table.status == "lobby":
                ended = table.model_copy(update={"status": "cancelled", "finished_at": now, "updated_at": now,
                                                 "lobby_version": table.lobby_version + 1})
                return await self.core.save(ended, table, clear_timers=True)
            ended = table.model_copy(update={"status": "finished", "finished_at": now, "updated_at": now})
            saved = await self.core.save(ended, table, clear_timers=True, result=build_result(ended, None, "admin", now))
            self.automatic.interrupt(table_id)
            return saved

    async def recover(self) -> list[int]:
        """At start: robot seats resume the moves a crash interrupted (only tables with a computer
        or auto-played seat can owe one; the store finds them), as their own steps, told to
        `on_automatic` like any other. Returns the tables where they resumed. A state that does
        not load is rebuilt from its snapshots and log when the table is next used (`state`).
        Timers need nothing: they live in the store and `fire_due` picks them up."""
        resumed = []
        for table in await self.core.store.tables.running_with_robots():
            async with self.core.lock(table.id):
                table = await self.core.load(table.id)
                game = self.core.game(table.game)
                state = await self.core.state(table, game)
                self.core.remember(table, state)
                self.automatic.start(table, game, state)
                if self.automatic.is_stepping(table.id):
                    resumed.append(table.id)
        return resumed
