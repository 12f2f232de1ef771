"""`TableService`: the one object front ends talk to (docs/table-service.md).

It is put together from parts with one job each: lobby, play, turn clock and admin,
time away, watching, hints, undo, preferences, stats, access and the turn list. Each part is
given what it uses: the shared `ServiceCore` (store, clock, per-table locks, the table and
state caches and the single write path for moves) and the other parts it calls.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from .access import Access
from .away import AwayOps
from .hints import HintOps
from .idle import IdleOps
from .lobby import Lobby
from .play import Play
from .prefs import Prefs
from .stats import Stats
from .turn_list import TurnList
from .undo import Undo, may_undo
from .watch import Watch

P = ParamSpec("P")
R = TypeVar("R")


class _Part(Generic[P, R]):
    """`join = _Part("_lobby", Lobby.join)`: the facade's `join` is its lobby part's, with the
    same signature and result (a plain attribute of the class, so a test may patch it)."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part, self.name, self.__doc__ = part, method.__name__, method.__doc__

    @overload
    def __get__(self, obj: None, owner: type) -> _Part[P, R]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else getattr(getattr(obj, self.part), self.name)


class TableService(AwayOps, HintOps, IdleOps):
    """svc = TableService(store, clock=time.time, max_open_tables_per_user=3)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._watch = Watch(self)
        self._prefs = Prefs(self)
        self._stats = Stats(self)
        self._access = Access(self)
        self._turn_list = TurnList(self)
        self._lobby = Lobby(self)
        self._play = Play(self)
        self._undo = Undo(self)

    def _lock(self, table_id: int) -> Any:
        """The table's lock (tests hold it to see a call wait)."""
        return self.lock(table_id)

    # lobbies (tables/lobby.py)
    open_lobby = _Part("_lobby", Lobby.open_lobby)
    check_may_open = _Part("_lobby", Lobby.check_may_open)
    join = _Part("_lobby", Lobby.join)
    leave = _Part("_lobby", Lobby.leave)
    add_cpu = _Part("_lobby", Lobby.add_cpu)
    remove_cpu = _Part("_lobby", Lobby.remove_cpu)
    set_option = _Part("_lobby", Lobby.set_option)
    cancel = _Part("_lobby", Lobby.cancel)
    rematch = _Part("_lobby", Lobby.rematch)
    start = _Part("_lobby", Lobby.start)
    _save_lobby = _Part("_lobby", Lobby.save_lobby)
    _remove_from_lobby = _Part("_lobby", Lobby.remove_from_lobby)
    # playing and reading tables (tables/play.py)
    act = _Part("_play", Play.act)
    act_chain = _Part("_play", Play.act_chain)
    move_to_thread = _Part("_play", Play.move_to_thread)
    get = _Part("_play", Play.get)
    table_in_channel = _Part("_play", Play.table_in_channel)
    latest_table_in_channel = _Part("_play", Play.latest_table_in_channel)
    tables_for_user = _Part("_play", Play.tables_for_user)
    open_tables = _Part("_play", Play.open_tables)
    prompts_for = _Part("_play", Play.prompts_for)
    log = _Part("_play", Play.log)
    set_board_message = _Part("_play", Play.set_board_message)
    board_is_stale = _Part("_play", Play.board_is_stale)
    # taking a move back (tables/undo.py)
    undo_offer = _Part("_undo", Undo.undo_offer)
    undo = _Part("_undo", Undo.undo)
    may_undo = staticmethod(may_undo)
    # watching and private tables (tables/watch.py)
    set_private = _Part("_watch", Watch.set_private)
    invite = _Part("_watch", Watch.invite)
    browse = _Part("_watch", Watch.browse)
    follow = _Part("_watch", Watch.follow)
    unfollow = _Part("_watch", Watch.unfollow)
    is_following = _Part("_watch", Watch.is_following)
    follow_news = _Part("_watch", Watch.follow_news)
    # settings and preferences (tables/prefs.py)
    update_guild_settings = _Part("_prefs", Prefs.update_guild_settings)
    update_table_settings = _Part("_prefs", Prefs.update_table_settings)
    user_prefs = _Part("_prefs", Prefs.user_prefs)
    update_user_prefs = _Part("_prefs", Prefs.update_user_prefs)
    # results (tables/stats.py)
    stats = _Part("_stats", Stats.stats)
    leaderboard = _Part("_stats", Stats.leaderboard)
    export_log = _Part("_stats", Stats.export_log)
    # who may name which table, and tables whose channel is gone (tables/access.py)
    table_for_reader = _Part("_access", Access.table_for_reader)
    table_for_admin = _Part("_access", Access.table_for_admin)
    channel_gone = _Part("_access", Access.channel_gone)
    guild_gone = _Part("_access", Access.guild_gone)
    # a player's tables (tables/turn_list.py)
    turn_list = _Part("_turn_list", TurnList.turn_list)
