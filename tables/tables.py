"""`TableService`: the one object front ends talk to (docs/table-service.md).

It is put together from parts with one job each: lobby, play, automatic moves, the turn clock
and the admin controls, time away, watching, hints, undo, settings, results, access and the
turn list. Each part is handed what it uses: the shared `ServiceCore` (store, clock, per-table
locks, the tables and states held here, the one write path for moves) and the few other parts
it calls. The facade only hands each call on to its part.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from persistence import Store

from .access import Access
from .automatic import Automatic
from .away import Absences, Away
from .core import ServiceCore
from .cpu import SearchRunner
from .hints import Hints
from .idle import TurnClock
from .lobby import Lobby
from .models import ActResult
from .play import Play
from .prefs import Prefs
from .stats import Stats
from .turn_list import TurnList
from .undo import Undo, may_undo
from .watch import Watch

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


class _Part(Generic[P, R]):
    """`join = _Part("_lobby", Lobby.join)`: the facade's `join` is its lobby part's, with the
    same signature and result (an attribute of the class, so a test may patch it)."""

    def __init__(self, part: str, method: Callable[Concatenate[Any, P], R]) -> None:
        self.part, self.name, self.__doc__ = part, method.__name__, method.__doc__

    @overload
    def __get__(self, obj: None, owner: type) -> _Part[P, R]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> Callable[P, R]: ...

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else getattr(getattr(obj, self.part), self.name)

    def __call__(self, obj: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        """Called on the class with the service first, as a plain method would be: a wrapper
        patched onto the class (a probe, a test) calls the original so."""
        method: Callable[P, R] = getattr(getattr(obj, self.part), self.name)
        return method(*args, **kwargs)


class _Shared(Generic[T]):
    """`cpu = _Shared[SearchRunner]("_core", "cpu")`: a setting of a part, read and set through
    the facade (a test or a front end sets `svc.cpu`, `svc.on_automatic`, …)."""

    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    @overload
    def __get__(self, obj: None, owner: type) -> _Shared[T]: ...
    @overload
    def __get__(self, obj: TableService, owner: type | None = None) -> T: ...

    def __get__(self, obj: TableService | None, owner: type | None = None) -> Any:
        return self if obj is None else getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: TableService, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)


class TableService:
    """svc = TableService(store, clock=time.time, max_open_tables_per_user=3)"""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, max_open_tables_per_user: int = 3,
                 seed_source: Callable[[], int] | None = None, snapshot_every: int = 50,
                 max_auto_moves: int = 20000, cpu_runner: SearchRunner | None = None, sole_writer: bool = False):
        absences = Absences(store, clock)
        core = self._core = ServiceCore(store, clock, max_open_tables_per_user, seed_source, snapshot_every,
                                        max_auto_moves, cpu_runner, sole_writer, pauses=absences.pauses)
        self._automatic = automatic = Automatic(core)
        self._lobby = Lobby(core, automatic)
        self._play = Play(core, automatic)
        self._away = Away(core, absences)
        self._turns = TurnClock(core, automatic, self._lobby, self._away)
        self._hints = Hints(core, self._lobby)
        self._undo = Undo(core, automatic)
        self._watch = Watch(core)
        self._prefs = Prefs(core)
        self._stats = Stats(core)
        self._access = Access(core)
        self._turn_list = TurnList(core)

    @property
    def store(self) -> Store:
        return self._core.store

    @property
    def clock(self) -> Callable[[], float]:
        return self._core.clock

    # settings of the parts: the core's, and the front end's callbacks for automatic moves
    cpu = _Shared[SearchRunner]("_core", "cpu")
    seed_source = _Shared[Callable[[], int]]("_core", "seed_source")
    max_open_tables_per_user = _Shared[int]("_core", "max_open_tables_per_user")
    snapshot_every = _Shared[int]("_core", "snapshot_every")
    max_auto_moves = _Shared[int]("_core", "max_auto_moves")
    sole_writer = _Shared[bool]("_core", "sole_writer")
    on_automatic = _Shared[Callable[[ActResult], Any] | None]("_automatic", "on_automatic")
    on_thinking = _Shared[Callable[[int, str | None], Any] | None]("_automatic", "on_thinking")
    # the core: guild settings, the outbox, the per-table locks
    guild_settings = _Part("_core", ServiceCore.guild_settings)
    pending_notices = _Part("_core", ServiceCore.pending_notices)
    mark_delivered = _Part("_core", ServiceCore.mark_delivered)
    rebuild_state = _Part("_core", ServiceCore.rebuild_state)
    _lock = _Part("_core", ServiceCore.lock)
    _locks = _Shared[Any]("_core", "_locks")
    # computer seats, handed-over seats and moves with one answer (tables/automatic.py)
    thinking = _Part("_automatic", Automatic.thinking)
    settle = _Part("_automatic", Automatic.settle)
    stop_automatic = _Part("_automatic", Automatic.stop)
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
    read = _Part("_play", Play.read)
    set_board_message = _Part("_play", Play.set_board_message)
    board_is_stale = _Part("_play", Play.board_is_stale)
    # the turn clock, resigning and the admin controls (tables/idle.py)
    next_due_at = _Part("_turns", TurnClock.next_due_at)
    fire_due = _Part("_turns", TurnClock.fire_due)
    resign = _Part("_turns", TurnClock.resign)
    member_left = _Part("_turns", TurnClock.member_left)
    kick = _Part("_turns", TurnClock.kick)
    skip_now = _Part("_turns", TurnClock.skip_now)
    end_table = _Part("_turns", TurnClock.end_table)
    recover = _Part("_turns", TurnClock.recover)
    # time away (tables/away.py)
    away_record = _Part("_away", Away.away_record)
    days_left = _Part("_away", Away.days_left)
    away_until = _Part("_away", Away.away_until)
    away_in_guild = _Part("_away", Away.away_in_guild)
    go_away = _Part("_away", Away.go_away)
    come_back = _Part("_away", Away.come_back)
    # hints and guided games (tables/hints.py)
    hint = _Part("_hints", Hints.hint)
    open_guided = _Part("_hints", Hints.open_guided)
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
