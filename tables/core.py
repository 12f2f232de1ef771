"""The heart of the table service: load under a per-table lock, apply a move, track whose
turn it is, persist it in one compare-and-set transaction; computer seats then move as steps of
their own (tables/automatic.py).

Every write path (a player's act, a computer seat, a turn-clock expiry, a resignation)
goes through `_commit_move`, so the log, the turn clock and the results stay consistent.
"""
from __future__ import annotations

import itertools
import secrets
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry
from games.kit import Event, Game, IllegalAction
from games.kit.undo import before_move, undo_refusal_after
from persistence import Conflict, StaleWrite, Store
from persistence.models import GuildSettings, LogEntry, Result, Seat, Table, Timer
from persistence.repos import OutboxItem

from . import clock, cpu
from .errors import TableError, refuse
from .locks import TableLocks
from .models import ActResult, Notice
from .results import build_result

CPU_PREFIX = "cpu:"
STATE_CACHE_SIZE = 256  # parsed states kept (tens of KB each)
OWED_KEPT = 4096  # the open prompts after the latest moves (a few KB each)
GUILD_SETTINGS_TTL_S = 10.0
_NOTICE_PREFIX = uuid.uuid4().hex[:12]  # notice ids: unique across processes without a syscall each
_notice_numbers = itertools.count(1)
_GAMES: dict[str, Game] = {}  # registry.get imports by name on every call


# who is away among some players, and until when their clock at a table is paused (`away.Absences.pauses`)
Pauses = Callable[[Table, GuildSettings, set[str], float], Awaitable[dict[str, float]]]


async def no_pauses(table: Table, guild: GuildSettings, users: set[str], now: float) -> dict[str, float]:
    return {}


def owing(game: Game, state: Any) -> set[str]:
    """Players who owe a decision in `state`."""
    return {p.player for p in game.prompts(state)}


@dataclass(frozen=True)
class MoveCommit:
    """One move for `ServiceCore._commit_move`: who answers which prompt of `table` with what,
    and how it is recorded. `acc` collects what the move did (several moves may share one).

    `auto`: made for the seat (a computer, a handed-over seat, an expiry); `forced`: a move with
    one answer, made for a person (the game still counts as theirs); `reset`: seats whose turn
    starts afresh (an expiry); `claim_timer`: the timer claimed in the same transaction;
    `seats`: the seats to write instead of the table's; `notices`: sent with the move; `said`:
    events told before the move's own."""

    table: Table
    game: Game
    state: Any
    player: str
    prompt_id: str
    choice: Sequence[str]
    acc: ActResult
    auto: bool = False
    forced: bool = False
    reset: frozenset[str] = frozenset()
    claim_timer: int | None = None
    seats: Sequence[Seat] | None = None
    notices: Sequence[Notice] = ()
    said: Sequence[Event] = ()


class ServiceCore:
    """What the parts of `TableService` share: the store, the clock and the settings, the
    per-table locks, the tables and states held here and the one write path for moves. The
    public operations live in the parts."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time, max_open_tables_per_user: int = 3,
                 seed_source: Callable[[], int] | None = None, snapshot_every: int = 50,
                 max_auto_moves: int = 20000, cpu_runner: cpu.SearchRunner | None = None, sole_writer: bool = False,
                 pauses: Pauses = no_pauses):
        self.store = store
        self.pauses = pauses  # a turn that starts while its player is away is planned from their return
        # True when no other process writes these tables (one process serves every shard):
        # the copy held here is then the stored one, read without asking the database (a
        # write still compares revisions, and a lost compare-and-set drops the copy)
        self.sole_writer = sole_writer
        self.clock = clock
        self.max_open_tables_per_user = max_open_tables_per_user
        self.seed_source = seed_source or (lambda: secrets.randbelow(2**31))
        self.snapshot_every = snapshot_every
        self.max_auto_moves = max_auto_moves
        self.cpu: cpu.SearchRunner = cpu_runner if cpu_runner is not None else cpu.default_runner()
        self._locks = TableLocks()
        # the parsed state of the tables this process wrote last, by table: (rev, state), so a
        # decision parses the state JSON at most once (never when this process made the last move)
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._tables: OrderedDict[int, Table] = OrderedDict()  # the stored tables as last read or written here
        self._guilds: dict[int | None, tuple[float, GuildSettings]] = {}
        self._prompt_memo: OrderedDict[int, tuple[Any, list]] = OrderedDict()  # id(state) -> (state, prompts)
        # the decisions open after each move this process committed, by (table, version, log entry
        # number): a click on a control drawn a few versions ago is checked without a replay
        self._owed: OrderedDict[tuple[int, int, int], list] = OrderedDict()

    # ---- loading -------------------------------------------------------------
    def lock(self, table_id: int) -> Any:
        """One lock per table: clicks on one table run one after another, other tables in
        parallel; its entry is freed when nobody holds or waits for it (`tables.locks`)."""
        return self._locks(table_id)

    async def load(self, table_id: int, verify: bool = False) -> Table:
        """The stored table. The copy this process read or wrote last serves while the
        database says it is still current (same revision and board message: one tiny read
        instead of the row, its seats and their parsing); any write checks the revision again.
        A sole writer serves its copy without asking, unless told to `verify` it (a refusal
        that a stale copy may have caused)."""
        known = self._tables.get(table_id)
        if known is not None and self.sole_writer and not verify:
            self._tables.move_to_end(table_id)
            return known
        if known is not None:
            current = await self.store.tables.current(table_id)
            if current == (known.rev, known.board_message_id, known.board_posted_at):
                if table_id in self._tables:  # (another task may have dropped it meanwhile)
                    self._tables.move_to_end(table_id)
                return known
            self._tables.pop(table_id, None)
        table = await self.store.tables.get(table_id)
        if table is None:
            raise refuse("not_found")
        self.keep(table)
        return table

    def held(self, table_id: int) -> Table | None:
        """The table as this process last read or wrote it (a write's compare-and-set checks it)."""
        return self._tables.get(table_id)

    def forget(self, table_id: int) -> None:
        """Another writer came first: the copy held here is no longer the stored one."""
        self._tables.pop(table_id, None)
        self._states.pop(table_id, None)

    def keep(self, table: Table) -> None:
        """Hold `table` as the stored copy (read or just written). Tables are never changed in
        place (every change is a `model_copy`), so the held one may be handed out. A read that
        overlapped a newer write of this process does not replace it (revisions only grow)."""
        held = self._tables.get(table.id)
        if held is not None and held.rev > table.rev:
            return
        self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > STATE_CACHE_SIZE:
            self._tables.popitem(last=False)

    async def state(self, table: Table, game: Game) -> Any:
        """The table's game state: the one this process wrote at this revision, else parsed
        from the row; a state that no longer loads is rebuilt from snapshots and the log.
        The caller owns the object (it may change it in place), so it leaves the cache; a
        reader that does not change it puts it back with `remember`."""
        cached = self._states.pop(table.id, None)
        if cached is not None and cached[0] == table.rev:
            return cached[1]
        try:
            return table.state(game)
        except ValueError:  # the next move writes the state whole again
            return await self.rebuild_state(table.id)

    async def rebuild_state(self, table_id: int) -> Any:
        """The state from the newest loadable snapshot (or setup) plus the log after it."""
        table = await self.load(table_id)
        return await self.replayed(table, self.game(table.game), None)

    async def replayed(self, table: Table, game: Any, upto: int | None) -> Any:
        """The state from the newest loadable snapshot at or before `upto` (or setup) plus the
        moves after it that were not undone, up to game version `upto` (None: all of them)."""
        state, after = None, 0
        snapshot = await self.store.snapshots.latest(table.id, table.version if upto is None else upto)
        if snapshot is not None:
            try:
                state, after = game.load_state(snapshot[1]), snapshot[0]
            except ValueError:
                state = None
        if state is None:
            state, after = game.setup(table.players, game.parse_options(table.options), table.seed or 0), 0
        prompts = None  # each step hands the next position's prompts on
        for entry in await self.store.actions.live(table.id, after_version=after):
            if upto is not None and entry.version > upto:
                break
            _, prompts = game.step(state, entry.player, entry.prompt_id, entry.choice, prompts, events=False)
        return state

    def prompts(self, game: Game, state: Any) -> list:
        """`game.prompts(state)`, computed once per state (a move changes a state only in
        `_commit_move`, which forgets them first)."""
        hit = self._prompt_memo.get(id(state))
        if hit is not None and hit[0] is state:
            return hit[1]
        prompts = game.prompts(state)
        self._memo_prompts(state, prompts)
        return prompts

    def _memo_prompts(self, state: Any, prompts: list) -> None:
        self._prompt_memo[id(state)] = (state, prompts)
        while len(self._prompt_memo) > STATE_CACHE_SIZE:
            self._prompt_memo.popitem(last=False)

    def owed_at(self, table_id: int, version: int, seq: int) -> list | None:
        """The prompts open at `version` of the table, as the move logged as entry `seq` left
        them, if this process committed that move lately."""
        return self._owed.get((table_id, version, seq))

    def remember(self, table: Table, state: Any) -> None:
        self.keep(table)
        self._states[table.id] = (table.rev, state)
        self._states.move_to_end(table.id)
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    @staticmethod
    def game(key: str) -> Game:
        game = _GAMES.get(key)
        if game is None:
            try:
                game = _GAMES[key] = registry.get(key)
            except (KeyError, ImportError) as e:
                raise refuse("unknown_game", game=key) from e
        return game

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        """The guild's settings (defaults for a new guild or for the terminal). Kept for a few
        seconds: a move that starts a turn needs them, and a guild's settings are changed
        through the process that serves its shard, which refreshes them at once."""
        cached = self._guilds.get(guild_id)
        if cached is not None and time.monotonic() - cached[0] < GUILD_SETTINGS_TTL_S:
            return cached[1]
        stored = None if guild_id is None else await self.store.guild_settings.get(guild_id)
        settings = stored or GuildSettings(guild_id=guild_id or 0, max_open_tables_per_user=self.max_open_tables_per_user)
        self.remember_guild(guild_id, settings)
        return settings

    def remember_guild(self, guild_id: int | None, settings: GuildSettings) -> None:
        if len(self._guilds) > 10_000:
            self._guilds.clear()
        self._guilds[guild_id] = (time.monotonic(), settings)

    @staticmethod
    def require(table: Table, *statuses: str) -> None:
        if table.status not in statuses:
            raise refuse("not_lobby" if table.status == "running" else "not_running")

    # ---- writing ---------------------------------------------------------------
    async def save(self, table: Table, expected: Table, notices: list[Notice] | None = None,
                   **changes: Any) -> Table:
        """Write a table changed outside the game (lobby, seats, status) with compare-and-set;
        only what differs from `expected` (the table as read) is written, and the `notices`
        it causes go to the outbox in the same transaction."""
        try:
            saved = await self.store.commit(table, expected_rev=expected.rev, before=expected,
                                            outbox=self.outbox(notices), **changes)
            self.keep(saved)
            return saved
        except StaleWrite as e:
            self.forget(table.id)
            raise refuse("out_of_date") from e
        except Conflict as e:
            raise refuse("channel_busy") from e

    def notice(self, table: Table, kind: str, users: list[str], **data: Any) -> Notice:
        return Notice(kind=kind, id=f"{_NOTICE_PREFIX}-{next(_notice_numbers)}", table_id=table.id, channel_id=table.channel_id,
                      guild_id=table.guild_id, users=users, data=data)

    def outbox(self, notices: list[Notice] | None) -> list[OutboxItem]:
        """Notices as the outbox keeps them until the front end says they were delivered."""
        now = self.clock()
        return [OutboxItem(n.id, n.table_id, n.guild_id, n.model_dump_json(), now) for n in notices or []]

    async def pending_notices(self) -> list[Notice]:
        """Notices committed but not yet marked delivered (a crash came between): the front
        end announces them at start. Only those of the guilds this process serves."""
        return [Notice.model_validate_json(item.payload) for item in await self.store.outbox.pending()]

    async def mark_delivered(self, notices: list[Notice]) -> None:
        """The front end announced these: they leave the outbox."""
        await self.store.outbox.mark_delivered([n.id for n in notices if n.id], self.clock())

    async def turn_changes(self, table: Table, seats: list[Seat], before: set[str], after: set[str],
                           reset: set[str], now: float, version: int) -> tuple[dict[str, list[Timer]], list[str]]:
        """Close finished turns and open new ones on `seats` (in place). Returns the timer
        changes per seat and the people whose turn just started."""
        ended = (before - after) | (reset & before)
        started = (after - before) | (reset & after)
        timed_table = clock.is_timed(sum(1 for s in seats if s.is_human))
        paused: dict[str, float] = {}
        if timed_table and started:
            guild = await self.guild_settings(table.guild_id)  # quiet hours, only when planning
            paused = await self.pauses(table, guild, started, now)  # time away (tables/away.py)
        timers: dict[str, list[Timer]] = {}
        turn_started: list[str] = []
        for s in seats:
            if s.is_cpu:
                continue
            if s.user_id in ended:
                if s.turn_started_at is not None:
                    s.turn_seconds += max(0.0, now - s.turn_started_at)
                    s.turns += 1
                s.turn_started_at = None
                if timed_table:  # an untimed table never has turn timers to remove
                    timers[s.user_id] = []
            if s.user_id in started:
                s.turn_started_at = now
                if timed_table:
                    timers[s.user_id] = (clock.plan_turn(table.id, s.user_id, now, table.settings, guild, version)
                                         if s.timed and s.user_id not in paused else
                                         self._paused_plan(table, s.user_id, now, paused[s.user_id], guild, version)
                                         if s.timed else [])
                if not s.auto:
                    turn_started.append(s.user_id)
        return timers, turn_started

    @staticmethod
    def _paused_plan(table: Table, user_id: str, now: float, resume: float, guild: GuildSettings,
                     version: int) -> list[Timer]:
        """A turn that starts while its player is away: the whole limit, from `resume` on."""
        limit = table.settings.turn_limit_s
        plan = clock.plan_turn(table.id, user_id, resume, table.settings, guild, version)
        return [t.model_copy(update={"data": {**t.data, "turn_started_at": now}}) for t in plan
                if limit is not None or t.due_at > resume]

    def turn_notices(self, table: Table, users: list[str], timers: dict[str, list[Timer]]) -> list[Notice]:
        notices = []
        for user in users:
            deadline = next((t.due_at for t in timers.get(user, []) if t.kind == "deadline"), None)
            notices.append(self.notice(table, "turn_started", [user], deadline=deadline))
        return notices

    async def _commit_move(self, move: MoveCommit) -> tuple[Table, Any]:
        """Apply and persist one move (the caller holds the table's lock). IllegalAction
        becomes TableError("illegal"); a lost compare-and-set becomes "out_of_date".
        `state` belongs to this move (parsed for it, or taken from `state`'s cache), so it is
        applied in place; only the committed state goes back to the cache."""
        table, game, state, player, auto = move.table, move.game, move.state, move.player, move.auto
        now = self.clock()
        self._states.pop(table.id, None)  # only a committed state goes back
        before_prompts = self.prompts(game, state)
        before_owing = {p.player for p in before_prompts}
        person = not auto and not player.startswith(CPU_PREFIX)
        before = before_move(game, state, before_prompts) if person else None  # undo_refusal: a person's moves only
        try:
            events, open_after = game.step(state, player, move.prompt_id, list(move.choice), before_prompts)
        except IllegalAction as e:
            self.remember(table, state)  # unchanged (validation comes before any change)
            raise TableError("illegal", params={"text": e.text, "code": e.code}) from e
        if move.said:
            events = [*move.said, *events]
        new_state = state
        self._prompt_memo.pop(id(state), None)
        self._memo_prompts(new_state, open_after)
        seats = [s.model_copy() for s in (move.seats if move.seats is not None else table.seats)]
        if not auto:
            for s in seats:
                if s.user_id == player:
                    s.idle_expiries = 0
        timers, started = await self.turn_changes(table, seats, before_owing, {p.player for p in open_after},
                                                  set(move.reset), now, new_state.version)
        outcome = game.outcome(new_state)
        finished = outcome is not None or not open_after
        new = table.model_copy(update={
            "seats": seats, "state_json": new_state.model_dump_json(), "version": new_state.version,
            "updated_at": now, "auto_played": table.auto_played or (auto and not move.forced),
            "status": "finished" if finished else table.status, "finished_at": now if finished else None})
        refusal = (undo_refusal_after(game, before, new_state, events, player, open_after) if before is not None
                   else "auto")
        entry = LogEntry(seq=table.log_seq + 1, version=new_state.version, player=player, prompt_id=move.prompt_id,
                         choice=list(move.choice), auto=auto, created_at=now, events=events,
                         undoable=refusal is None, undo_refusal=refusal)
        new.log_seq = entry.seq
        result = build_result(new, outcome, "rules", now) if finished else None
        told = [*move.notices, *([self.game_over_notice(new, result)] if finished
                                 else self.turn_notices(new, started, timers))]
        try:
            saved = await self.store.append_action(
                new, entry, expected_version=table.version, expected_rev=table.rev, before=table,
                timers=None if finished else timers, clear_timers=finished, claim_timer=move.claim_timer,
                result=result, snapshot=finished or new_state.version % self.snapshot_every == 0,
                outbox=self.outbox(told))
        except StaleWrite as e:
            self.forget(table.id)
            raise refuse("out_of_date") from e
        self.remember(saved, new_state)
        self._owed[(saved.id, new_state.version, entry.seq)] = open_after
        while len(self._owed) > OWED_KEPT:
            self._owed.popitem(last=False)
        move.acc.table = saved
        move.acc.events.extend(events)
        move.acc.actions.append(entry)
        move.acc.notices.extend(told)
        return saved, new_state

    def game_over_notice(self, table: Table, result: Result | None) -> Notice:
        data: dict[str, Any] = {"ended_by": result.ended_by if result else "rules"}
        if result is not None:
            data["winners"] = result.winners
            data["summary"] = result.summary.model_dump() if result.summary else None
        return self.notice(table, "game_over", table.humans, **data)

    def events_for(self, events: list[Event], viewer: str | None) -> list[Event]:
        return [e for e in events if e.visible_to(viewer)]
