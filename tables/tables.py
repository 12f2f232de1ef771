"""`TableService`: the one object front ends talk to (docs/table-service.md).

It is put together from small mixins, one job each: lobby, play, turn clock and admin,
preferences, stats, undo. All of them share `ServiceCore` (store, clock, per-table locks and
the single write path for moves).
"""
from __future__ import annotations

from typing import Any

from .access import AccessOps
from .away import AwayOps
from .hints import HintOps
from .idle import IdleOps
from .lobby import LobbyOps
from .play import PlayOps
from .prefs import PrefsOps
from .stats import StatsOps
from .turn_list import TurnListOps
from .undo import UndoOps
from .watch import WatchOps


class TableService(AwayOps, WatchOps, HintOps, LobbyOps, PlayOps, IdleOps, PrefsOps, StatsOps, AccessOps, UndoOps, TurnListOps):
    """svc = TableService(store, clock=time.time, max_open_tables_per_user=3)"""

    def _lock(self, table_id: int) -> Any:
        """The table's lock (tests hold it to see a call wait)."""
        return self.lock(table_id)
