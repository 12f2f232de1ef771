"""Taking a move back (Board Game Arena's undo policy).

Whether a move could be undone was decided by the rules when it was committed
(games.kit.undo.undo_refusal, stored on its log entry); here the service adds what only the
table knows: it must be the table's latest move still in play, made by the one asking, and
the controls they clicked must be current. The previous state is rebuilt from the nearest
snapshot and the moves still in play, under the same per-table lock and compare-and-set as
a move; the entry stays in the log marked undone.
"""
from __future__ import annotations

from typing import Any

from games.kit import Game
from persistence import StaleWrite
from persistence.models import LogEntry, Table

from .automatic import Automatic
from .core import ServiceCore
from .errors import TableError, refuse
from .models import ActResult

# Why the service refuses an undo beyond the rules' own reasons (catalogue undo.refused.<reason>).
SERVICE_REASONS = ("stale", "not_yours", "nothing")


def refused(reason: str) -> TableError:
    return TableError("undo_refused", key=f"undo.refused.{reason}", params={"reason": reason})


def may_undo(table: Table, last: LogEntry | None, user_id: str) -> bool:
    """Whether `user_id` may take back `last`, the table's latest move (as an ActResult's
    last action gives it), without reading the store: what a front end asks right after a
    move to decide whether to draw an Undo button."""
    return may_ask(table, user_id) and refusal(table, last, user_id) is None


def may_ask(table: Table, user_id: str) -> bool:
    seat = table.seat(user_id)
    return table.status == "running" and seat is not None and not seat.auto


def refusal(table: Table, last: LogEntry | None, user_id: str) -> str | None:
    """Why the table refuses to take `last` back for `user_id` (None: it may)."""
    if last is None:
        return "nothing"
    if last.player != user_id or last.auto:
        return "not_yours"
    if last.version != table.version:  # cannot happen when the log is whole; be safe
        return "stale"
    if not last.undoable:
        return last.undo_refusal if last.undo_refusal not in (None, "auto") else "not_yours"
    return None


class Undo:
    """Taking a person's latest move back."""

    def __init__(self, core: ServiceCore, automatic: Automatic) -> None:
        self.core = core
        self.automatic = automatic

    async def undo_offer(self, table_id: int, user_id: str) -> LogEntry | None:
        """The move `user_id` may take back now (the table's latest, theirs, undoable), else None."""
        table = await self.core.load(table_id)
        if not may_ask(table, user_id):
            return None
        last = await self.core.store.actions.last_live(table_id)
        return last if refusal(table, last, user_id) is None else None

    async def undo(self, table_id: int, user_id: str, expected_version: int) -> ActResult:
        """Take back `user_id`'s latest move. Refused (TableError "undo_refused", key
        undo.refused.<reason>), changing nothing, when the table moved on since the
        controls were drawn (stale), the latest move is someone else's or was made for them
        (not_yours), there is none (nothing), or the rules say it stands (a reason of
        games.kit.undo.REASONS)."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            if table.status != "running":
                raise refused("game_over" if table.status == "finished" else "nothing")
            seat = table.seat(user_id)
            if seat is None:
                raise refuse("not_seated")
            if seat.auto:  # resigned or handed over: the seat plays itself now
                raise refused("not_yours")
            if expected_version != table.version:
                raise refused("stale")
            last = await self.core.store.actions.last_live(table_id)
            reason = refusal(table, last, user_id)
            if reason is not None:
                raise refused(reason)
            assert last is not None
            game = self.core.game(table.game)
            current = await self.core.state(table, game)
            self.core.remember(table, current)
            previous = await self.core.replayed(table, game, last.version - 1)
            result = await self._commit_undo(table, game, current, previous, last)
            self.automatic.interrupt(table_id)  # a computer thinking about the undone position stops
            self.automatic.start(result.table, game, previous)
            return result

    async def _commit_undo(self, table: Table, game: Game, current: Any, previous: Any, last: LogEntry) -> ActResult:
        now = self.core.clock()
        seats = [s.model_copy() for s in table.seats]
        owing_now = {p.player for p in self.core.prompts(game, current)}
        owing_then = {p.player for p in self.core.prompts(game, previous)}
        timers, started = await self.core.turn_changes(table, seats, owing_now, owing_then, set(), now,
                                                       previous.version)
        new = table.model_copy(update={"seats": seats, "state_json": previous.model_dump_json(),
                                       "version": previous.version, "updated_at": now})
        notices = self.core.turn_notices(new, [u for u in started if u != last.player], timers)  # they know
        try:
            saved = await self.core.store.commit(new, expected_rev=table.rev, expected_version=table.version,
                                                 before=table, timers=timers, undone=last,
                                                 outbox=self.core.outbox(notices))
        except StaleWrite as e:
            self.core.forget(table.id)
            raise refused("stale") from e
        self.core.remember(saved, previous)
        return ActResult(table=saved, notices=notices, undone=last.model_copy(update={"undone": True}))
