"""A player's turn list across servers and DMs (`/game mine`): every open table they sit at or
host, the tables where they owe a decision first, then the soonest deadline.

Only the tables of the asking user are ever read (`open_for_user`), so the list cannot reach
another player's tables; what it says of each table is public (who owes, the deadline).
"""
from __future__ import annotations

import math

from pydantic import BaseModel

from persistence.models import Table

from .core import ServiceCore, owing


class TurnListEntry(BaseModel):
    """One open table of the user: does the user owe a decision, whom the table waits for,
    and when the clock of the seats it waits for runs out (None: no turn limit)."""

    table: Table
    owes: bool
    waiting_for: list[str]
    deadline: float | None = None


class TurnList:
    """A player's open tables, those that wait for them first."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core

    async def turn_list(self, user_id: str) -> list[TurnListEntry]:
        """The user's open tables, owed ones first, then by the nearest deadline, then by number."""
        entries = [await self._turn_entry(table, user_id) for table in await self.core.store.tables.open_for_user(user_id)]
        return sorted(entries, key=lambda e: (not e.owes, e.deadline if e.deadline is not None else math.inf,
                                              e.table.id))

    async def _turn_entry(self, table: Table, user_id: str) -> TurnListEntry:
        if table.status != "running":
            return TurnListEntry(table=table, owes=False, waiting_for=[])
        game = self.core.game(table.game)
        state = await self.core.state(table, game)
        self.core.remember(table, state)
        owed = owing(game, state)
        waiting = [s.user_id for s in table.seats if s.user_id in owed]
        mine = user_id in owed
        deadlines = [t.due_at for t in await self.core.store.timers.for_table(table.id)
                     if t.kind == "deadline" and (t.seat == user_id if mine else t.seat in owed)]
        return TurnListEntry(table=table, owes=mine, waiting_for=waiting, deadline=min(deadlines, default=None))
