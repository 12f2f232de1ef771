"""Playing and reading: act, the decisions a user owes, the log, and table look-ups."""
from __future__ import annotations

from typing import Any

from games.kit import IllegalAction, Prompt
from persistence.models import LogEntry, Table

from .automatic import Automatic
from .core import MoveCommit, ServiceCore
from .errors import TableError, refuse
from .models import ActResult
from .read_model import RECENT, Latest, TableRead, read
from .undo import may_undo

BOARD_MAX_AGE_S = 3600.0  # Discord limits edits of messages older than an hour (30046)


class Play:
    """Moves of people and what a front end reads of a table."""

    def __init__(self, core: ServiceCore, automatic: Automatic) -> None:
        self.core = core
        self.automatic = automatic

    async def act(self, table_id: int, user_id: str, version: int, prompt_id: str, choice: list[str]) -> ActResult:
        """A person answers a prompt. Refused, changing nothing, when the controls are out of
        date (`version` is not the table's), the user is not seated, or the move is illegal
        (TableError "illegal" with the rules' reason, e.g. code "not_your_decision")."""
        async with self.core.lock(table_id):
            held = self.core.held(table_id)
            if held is not None:  # as this process last read or wrote it: the write's compare-and-set checks it
                acc = ActResult(table=held)
                try:
                    return await self._act(held, acc, user_id, version, prompt_id, choice)
                except TableError:
                    if acc.actions:  # the move was committed; what failed came after it
                        raise
                    table = await self.core.load(table_id, verify=True)
                    if table is held:  # it was the stored table: the refusal stands
                        raise
            else:
                table = await self.core.load(table_id)
            return await self._act(table, ActResult(table=table), user_id, version, prompt_id, choice)

    async def _act(self, table: Table, acc: ActResult, user_id: str, version: int, prompt_id: str,
                   choice: list[str]) -> ActResult:
        if table.status != "running":
            raise refuse("out_of_date" if table.status == "finished" else "not_running")
        if not table.user_seated(user_id):
            raise refuse("not_seated")
        game = self.core.game(table.game)
        if version != table.version and not await self._own_prompts_unchanged(table, game, user_id, version):
            raise refuse("out_of_date")
        state = await self.core.state(table, game)
        table, state = await self.core._commit_move(MoveCommit(table, game, state, user_id, prompt_id, choice, acc))
        self.automatic.start(table, game, state)  # computers answer after this reply, as their own steps
        return acc

    async def act_chain(self, table_id: int, user_id: str, version: int,
                        steps: list[tuple[str, list[str]]]) -> ActResult:
        """Several consecutive answers of one player in one call (a chain, `tables.chains`):
        checked whole on a copy first (all or nothing), then committed one move at a time under
        the table's lock, each its own log entry. Only for controls of the present version."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            if table.status != "running":
                raise refuse("out_of_date" if table.status == "finished" else "not_running")
            if not table.user_seated(user_id):
                raise refuse("not_seated")
            if version != table.version:
                raise refuse("out_of_date")
            game = self.core.game(table.game)
            state = await self.core.state(table, game)
            trial = state.model_copy(deep=True)
            try:
                for prompt_id, choice in steps:
                    game.step(trial, user_id, prompt_id, list(choice), events=False)
            except IllegalAction as e:
                self.core.remember(table, state)
                raise TableError("illegal", params={"text": e.text, "code": e.code}) from e
            acc = ActResult(table=table)
            for prompt_id, choice in steps:
                table, state = await self.core._commit_move(MoveCommit(table, game, state, user_id, prompt_id, choice, acc))
            self.automatic.start(table, game, state)
            return acc

    async def _own_prompts_unchanged(self, table: Table, game: Any, user_id: str, version: int) -> bool:
        """A control drawn at an older version still counts when only others moved since and
        this player's own decisions are exactly what they were (a choice made at the same
        time as others, e.g. Sutosute's face-down cards). The decisions open at that version
        are those this process kept when it committed the move that made it (known by the log
        entry's number, which an undo never reuses), else the state is replayed from the log."""
        if not 0 <= version < table.version:
            return False
        around = await self.core.store.actions.live(table.id, after_version=max(version - 1, 0))
        if any(entry.player == user_id for entry in around if entry.version > version):
            return False
        made = next((entry for entry in around if entry.version == version), None)
        then = self.core.owed_at(table.id, version, made.seq) if made is not None else None
        if then is None:
            state = await self._state_at(table, game, version)
            if state is None:
                return False
            then = game.prompts(state)
        now = await self.core.state(table, game)
        self.core.remember(table, now)  # read only: the move that follows takes it from here
        return ([p for p in then if p.player == user_id]
                == [p for p in self.core.prompts(game, now) if p.player == user_id])

    async def _state_at(self, table: Table, game: Any, version: int) -> Any:
        """The state at `version` (None if the log does not reach exactly there)."""
        state = await self.core.replayed(table, game, version)
        return state if state.version == version else None

    async def move_to_thread(self, table_id: int, thread_id: int) -> Table:
        """A started table now plays in its own thread: the thread becomes its channel (so the
        lobby's channel is free for another table) and the lobby's channel is remembered for
        the result."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            settings = table.settings.model_copy(update={"parent_channel_id": table.channel_id})
            return await self.core.save(table.model_copy(update={"channel_id": thread_id, "settings": settings}), table)

    async def get(self, table_id: int) -> Table:
        return await self.core.load(table_id)

    async def table_in_channel(self, channel_id: int) -> Table | None:
        """The lobby or running table of a channel."""
        return await self.core.store.tables.open_in_channel(channel_id)

    async def latest_table_in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table, else the one that ended last there."""
        return await self.core.store.tables.latest_in_channel(channel_id)

    async def tables_for_user(self, user_id: str) -> list[Table]:
        """Open tables (lobby or running) where the user sits or hosts."""
        return await self.core.store.tables.open_for_user(user_id)

    async def open_tables(self, guild_id: int | None) -> list[Table]:
        return await self.core.store.tables.open_in_guild(guild_id)

    async def prompts_for(self, table_id: int, user_id: str) -> list[Prompt]:
        """The decisions `user_id` owes now ([] when none, or the game is not running)."""
        table = await self.core.load(table_id)
        if table.status != "running":
            return []
        game = self.core.game(table.game)
        state = await self.core.state(table, game)
        self.core.remember(table, state)
        return [p for p in self.core.prompts(game, state) if p.player == user_id]

    async def log(self, table_id: int, limit: int = 20, before_seq: int | None = None,
                  viewer: str | None = None) -> list[LogEntry]:
        """The last `limit` moves before `before_seq`, oldest first, as `viewer` may see them:
        events hidden from the viewer are dropped and other players' choices blanked (a
        choice key may name a face-down card). `viewer=None` is the public channel."""
        await self.core.load(table_id)
        entries = await self.core.store.actions.list(table_id, limit=limit, before_seq=before_seq)
        return [e.model_copy(update={"events": self.core.events_for(e.events, viewer),
                                     "choice": e.choice if viewer == e.player else []})
                for e in entries]

    async def read(self, table: Table | int, recent: int = RECENT) -> TableRead:
        """The read model of a table (its id: as it is now; a table: that version) with what
        its log and clock add (`read_model.Latest`): the last `recent` moves as the public
        channel sees them, the move that made this version and whether its player may take it
        back (as `undo_offer` says while the table is at this version), and the turn deadlines.
        What a front end redraws after a move, in one call (instead of `log`, `undo_offer` and
        the timers)."""
        if not isinstance(table, Table):
            table = await self.core.load(table)
        if table.status == "lobby":
            return read(table)
        entries = await self.core.store.actions.list(table.id, limit=recent) if recent > 0 else []
        live = [e for e in entries if not e.undone]
        if live and live[-1].version >= table.version:  # the moves read reach this version
            last = next((e for e in reversed(live) if e.version == table.version), None)
        elif entries or recent <= 0:  # (the last ones read were all taken back)
            last = await self.core.store.actions.last_live(table.id)
            last = last if last is not None and last.version == table.version else None
        else:  # no move yet
            last = None
        undoer = last.player if last is not None and may_undo(table, last, last.player) else None
        deadlines: dict[str, float] = {}
        if table.status == "running":
            for timer in await self.core.store.timers.for_table(table.id):
                if timer.kind == "deadline" and timer.seat:
                    deadlines[timer.seat] = min(timer.due_at, deadlines.get(timer.seat, timer.due_at))
        public = tuple(e.model_copy(update={"events": self.core.events_for(e.events, None), "choice": []})
                       for e in entries)
        bare = last.model_copy(update={"events": [], "choice": []}) if last is not None else None
        return read(table, Latest(public, bare, undoer, deadlines))

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the live board message (and when it was posted)."""
        table = await self.core.load(table_id)
        posted_at = self.core.clock() if message_id else None
        await self.core.store.tables.set_board_message(table_id, message_id, posted_at)
        self.core.keep(table.model_copy(update={"board_message_id": message_id, "board_posted_at": posted_at}))

    def board_is_stale(self, table: Table) -> bool:
        """True when the board should be posted afresh rather than edited (older than an hour)."""
        return table.board_posted_at is None or self.core.clock() - table.board_posted_at > BOARD_MAX_AGE_S
