"""The turn clock at work: due timers, idle seats (skip / auto-play / handover), resign,
and the admin controls kick, skip and end.

`fire_due` claims each timer in a transaction before acting on it (a deadline is claimed
in the same transaction as the move made for the idle seat), so a restart neither loses
nor repeats one.
"""
from __future__ import annotations

import logging
from typing import Any

from games.kit import Game, Prompt, Rng
from games.kit.playout import random_choice
from persistence.models import Table, Timer

from . import clock
from .core import ServiceCore
from .errors import TableError, refuse
from .models import ActResult, Notice
from .results import build_result

log = logging.getLogger(__name__)


def idle_choice(prompt: Prompt, policy: str, rng: Rng) -> tuple[list[str], bool]:
    """The answer given for an idle seat and whether it is a pass. `skip` takes an option
    the game marks `passes` (or the empty answer where zero options are allowed); anything
    else, or policy `auto`, is a random legal move."""
    if policy == "skip":
        passing = [o for o in prompt.options if o.passes]
        if passing and prompt.min <= 1 <= prompt.max:
            return [passing[0].key], True
        if prompt.min == 0:
            return [], True
    return random_choice(prompt, rng), False


class IdleOps(ServiceCore):
    async def next_due_at(self) -> float | None:
        """The earliest pending timer (the front end sleeps until then, then calls `fire_due`)."""
        return await self.store.timers.next_due()

    async def fire_due(self, now: float | None = None) -> list[Notice]:
        """Handle every timer due at `now`, once. Reminders of one table are coalesced into one notice."""
        now = self.clock() if now is None else now
        notices: list[Notice] = []
        reminders: dict[int, dict[str, dict]] = {}  # table -> user -> the reminder's data
        tables: dict[int, Table] = {}
        while True:
            batch = await self.store.timers.due(now)
            for timer in batch:
                try:
                    if timer.kind == "deadline":
                        notices.extend(await self._expire(timer))
                    elif timer.kind == "lobby":
                        notices.extend(await self._close_lobby(timer))
                    else:
                        table = await self._remind(timer, now)
                        if table is not None:
                            tables[table.id] = table
                            reminders.setdefault(table.id, {})[timer.seat] = timer.data
                except Exception as e:
                    if isinstance(e, TableError) and e.code == "out_of_date":
                        continue  # another instance handled this timer first
                    # One broken table must not stop every other table's clock: log it and
                    # retire its timer so the loop does not spin on it.
                    log.exception("timer %s of table %s failed", timer.id, timer.table_id)
                    await self.store.timers.claim(timer.id)
            if len(batch) < 200:
                break
        for table_id, users in reminders.items():
            deadlines = {u: d.get("deadline") for u, d in users.items()}
            known = [d for d in deadlines.values() if d is not None]
            # `final`: the last reminder before a deadline, for a more urgent wording
            final = any(d.get("deadline") is not None and d.get("n") == d.get("of") for d in users.values())
            notices.append(self._notice(tables[table_id], "reminder", sorted(users),
                                        deadline=min(known) if known else None, deadlines=deadlines, final=final))
        return notices

    async def _remind(self, timer: Timer, now: float) -> Table | None:
        """Claim a reminder; the table if it is still worth sending: the seat still owes that
        turn and its deadline has not passed too (after downtime the expiry says it all)."""
        table = await self.store.tables.get(timer.table_id)
        seat = table.seat(timer.seat) if table else None
        deadline = timer.data.get("deadline")
        current = (table is not None and table.status == "running" and seat is not None and seat.timed
                   and seat.turn_started_at == timer.data.get("turn_started_at")
                   and (deadline is None or deadline > now))
        guild = await self.guild_settings(table.guild_id) if current else None
        follow = clock.next_repeat(timer, guild, table.settings) if current else None
        if current and clock.is_quiet_for(now, table.settings, guild):
            # quiet hours set after it was planned: send it when they end instead
            follow = timer.model_copy(update={"id": None, "due_at": clock.after_quiet_for(
                now, table.settings, guild)})
            current = False
        async with self.store.db.transaction():
            if not await self.store.timers.claim(timer.id):
                return None
            if follow is not None:
                await self.store.timers.add(follow)
        return table if current else None

    async def _close_lobby(self, timer: Timer) -> list[Notice]:
        async with self._lock(timer.table_id):
            table = await self.store.tables.get(timer.table_id)
            if table is None or table.status != "lobby":
                await self.store.timers.claim(timer.id)
                return []
            now = self.clock()
            closed = table.model_copy(update={"status": "cancelled", "updated_at": now, "finished_at": now,
                                              "lobby_version": table.lobby_version + 1})
            saved = await self._save(closed, table, claim_timer=timer.id, clear_timers=True)
            return [self._notice(saved, "lobby_closed", saved.humans)]

    async def _expire(self, timer: Timer) -> list[Notice]:
        async with self._lock(timer.table_id):
            table = await self.store.tables.get(timer.table_id)
            seat = table.seat(timer.seat) if table else None
            if (table is None or table.status != "running" or seat is None or not seat.timed
                    or seat.turn_started_at != timer.data.get("turn_started_at")):
                await self.store.timers.claim(timer.id)  # stale: that turn is over
                return []
            acc = await self._act_for_idle(table, seat.user_id, claim_timer=timer.id)
            return acc.notices

    async def _act_for_idle(self, table: Table, user_id: str, claim_timer: int | None = None) -> ActResult:
        """Count an expiry for the seat, play its open decisions per the table's idle policy
        (logged auto), hand it over after too many expiries in a row, then let robots move."""
        game = self._game(table.game)
        state = table.state(game)
        acc = ActResult(table=table)
        seats = [s.model_copy() for s in table.seats]
        seat = next(s for s in seats if s.user_id == user_id)
        seat.idle_expiries += 1
        handover = 0 < table.settings.handover_after <= seat.idle_expiries
        seat.auto = seat.auto or handover
        rng = Rng(seed=table.seed or 0).fork(2_000_003 + state.version)
        passed, first = True, True
        for _ in range(self.max_auto_moves):
            prompt = next((p for p in game.prompts(state) if p.player == user_id), None)
            if prompt is None:
                break
            choice, is_pass = idle_choice(prompt, table.settings.idle_policy, rng)
            passed = passed and is_pass
            table, state = await self._commit_move(
                table, game, state, user_id, prompt.id, choice, acc, auto=True,
                reset=frozenset({user_id}) if first else frozenset(),
                claim_timer=claim_timer if first else None, seats=seats if first else None)
            first = False
        if first:  # nothing was owed after all: still record the claim and the seat change
            table = await self._save(table.model_copy(update={"seats": seats}), table, claim_timer=claim_timer,
                                     timers={user_id: []})
            acc.table = table
        acc.notices.insert(0, self._notice(table, "expired", [user_id], passed=passed, count=seat.idle_expiries))
        if handover:
            acc.notices.append(self._notice(table, "handed_over", [user_id], count=seat.idle_expiries))
        acc.table = await self._run_automatic(table, game, state, acc)
        return acc

    async def _hand_over(self, table: Table, user_id: str, kind: str) -> ActResult:
        """Resign / kick in a running game: the seat is played automatically for good; a
        game with no other person in it ends instead."""
        game = self._game(table.game)
        others = [s for s in table.seats if s.is_human and not s.auto and s.user_id != user_id]
        now = self.clock()
        if not others:
            ended = table.model_copy(update={"status": "finished", "finished_at": now, "updated_at": now})
            result = build_result(ended, None, "resign" if kind == "resigned" else "admin", now)
            saved = await self._save(ended, table, clear_timers=True, result=result)
            return ActResult(table=saved, notices=[self._game_over_notice(saved, result)])
        seats = [s.model_copy(update={"auto": True}) if s.user_id == user_id else s for s in table.seats]
        saved = await self._save(table.model_copy(update={"seats": seats, "updated_at": now}), table,
                                 timers={user_id: []})
        acc = ActResult(table=saved, notices=[self._notice(saved, kind, [user_id])])
        acc.table = await self._run_automatic(saved, game, saved.state(game), acc)
        return acc

    def _playing_seat(self, table: Table, user_id: str) -> None:
        seat = table.seat(user_id)
        if seat is None or seat.is_cpu or seat.auto:
            raise refuse("not_seated")

    async def resign(self, table_id: int, user_id: str) -> ActResult:
        async with self._lock(table_id):
            table = await self._load(table_id)
            self._require(table, "running")
            self._playing_seat(table, user_id)
            return await self._hand_over(table, user_id, "resigned")

    async def kick(self, table_id: int, user_id: str, by_admin: bool = True) -> ActResult:
        """Admin: in a lobby the player is removed; in a running game the seat is auto-played."""
        if not by_admin:
            raise refuse("not_admin")
        async with self._lock(table_id):
            table = await self._load(table_id)
            self._require(table, "lobby", "running")
            if table.status == "lobby":
                if not table.user_seated(user_id):
                    raise refuse("not_seated")
                return ActResult(table=await self._remove_from_lobby(table, user_id))
            self._playing_seat(table, user_id)
            return await self._hand_over(table, user_id, "kicked")

    async def skip_now(self, table_id: int, by_admin: bool = True) -> ActResult:
        """Admin: every person who owes a decision is treated as if their clock ran out now."""
        if not by_admin:
            raise refuse("not_admin")
        async with self._lock(table_id):
            table = await self._load(table_id)
            self._require(table, "running")
            game = self._game(table.game)
            idle = [s.user_id for s in table.seats if s.timed and s.user_id in {p.player for p in game.prompts(table.state(game))}]
            total = ActResult(table=table)
            for user_id in idle:
                if total.table.status != "running":
                    break
                part = await self._act_for_idle(total.table, user_id)
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
        async with self._lock(table_id):
            table = await self._load(table_id)
            self._require(table, "lobby", "running")
            now = self.clock()
            if table.status == "lobby":
                ended = table.model_copy(update={"status": "cancelled", "finished_at": now, "updated_at": now,
                                                 "lobby_version": table.lobby_version + 1})
                return await self._save(ended, table, clear_timers=True)
            ended = table.model_copy(update={"status": "finished", "finished_at": now, "updated_at": now})
            return await self._save(ended, table, clear_timers=True, result=build_result(ended, None, "admin", now))

    async def recover(self) -> list[ActResult]:
        """At start: repair any running table whose state does not load (from its snapshots and
        log) and let robot seats make moves a crash interrupted. Timers need nothing: they
        live in the store and `fire_due` picks them up."""
        results = []
        for table in await self.store.tables.all_open():
            if table.status != "running":
                continue
            async with self._lock(table.id):
                table = await self._load(table.id)
                game = self._game(table.game)
                state = await self._state_or_rebuild(table, game)
                acc = ActResult(table=table)
                acc.table = await self._run_automatic(table, game, state, acc)
                if acc.actions:
                    results.append(acc)
        return results

    async def _state_or_rebuild(self, table: Table, game: Game) -> Any:
        try:
            return table.state(game)
        except ValueError:
            state = await self.rebuild_state(table.id)
            await self._save(table.model_copy(update={"state_json": state.model_dump_json()}), table)
            return state

    async def rebuild_state(self, table_id: int) -> Any:
        """The state from the newest loadable snapshot (or setup) plus the log after it."""
        table = await self._load(table_id)
        return await self._replayed(table, self._game(table.game), None)
