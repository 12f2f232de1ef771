"""Playing and reading: act, the decisions a user owes, the log, and table look-ups."""
from __future__ import annotations

from games.kit import Prompt
from persistence.models import LogEntry, Table

from .core import ServiceCore
from .errors import refuse
from .models import ActResult

BOARD_MAX_AGE_S = 3600.0  # Discord limits edits of messages older than an hour (30046)


class PlayOps(ServiceCore):
    async def act(self, table_id: int, user_id: str, version: int, prompt_id: str, choice: list[str]) -> ActResult:
        """A person answers a prompt. Refused, changing nothing, when the controls are out of
        date (`version` is not the table's), the user is not seated, or the move is illegal
        (TableError "illegal" with the rules' reason, e.g. code "not_your_decision")."""
        async with self._lock(table_id):
            table = await self._load(table_id)
            if table.status != "running":
                raise refuse("out_of_date" if table.status == "finished" else "not_running")
            if version != table.version:
                raise refuse("out_of_date")
            if not table.user_seated(user_id):
                raise refuse("not_seated")
            game = self._game(table.game)
            acc = ActResult(table=table)
            table, state = await self._commit_move(table, game, await self._state(table, game), user_id, prompt_id,
                                                   choice, acc)
            acc.table = await self._run_automatic(table, game, state, acc)
            return acc

    async def get(self, table_id: int) -> Table:
        return await self._load(table_id)

    async def table_in_channel(self, channel_id: int) -> Table | None:
        """The lobby or running table of a channel."""
        return await self.store.tables.open_in_channel(channel_id)

    async def latest_table_in_channel(self, channel_id: int) -> Table | None:
        """The channel's open table, else the one that ended last there."""
        return await self.store.tables.latest_in_channel(channel_id)

    async def tables_for_user(self, user_id: str) -> list[Table]:
        """Open tables (lobby or running) where the user sits or hosts."""
        return await self.store.tables.open_for_user(user_id)

    async def open_tables(self, guild_id: int | None) -> list[Table]:
        return await self.store.tables.open_in_guild(guild_id)

    async def prompts_for(self, table_id: int, user_id: str) -> list[Prompt]:
        """The decisions `user_id` owes now ([] when none, or the game is not running)."""
        table = await self._load(table_id)
        if table.status != "running":
            return []
        game = self._game(table.game)
        state = await self._state(table, game)
        self._remember(table, state)
        return [p for p in self._prompts(game, state) if p.player == user_id]

    async def log(self, table_id: int, limit: int = 20, before_seq: int | None = None,
                  viewer: str | None = None) -> list[LogEntry]:
        """The last `limit` moves before `before_seq`, oldest first, as `viewer` may see them:
        events hidden from the viewer are dropped and other players' choices blanked (a
        choice key may name a face-down card). `viewer=None` is the public channel."""
        await self._load(table_id)
        entries = await self.store.actions.list(table_id, limit=limit, before_seq=before_seq)
        return [e.model_copy(update={"events": self._events_for(e.events, viewer),
                                     "choice": e.choice if viewer == e.player else []})
                for e in entries]

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the live board message (and when it was posted)."""
        await self._load(table_id)
        await self.store.tables.set_board_message(table_id, message_id, self.clock() if message_id else None)

    def board_is_stale(self, table: Table) -> bool:
        """True when the board should be posted afresh rather than edited (older than an hour)."""
        return table.board_posted_at is None or self.clock() - table.board_posted_at > BOARD_MAX_AGE_S
