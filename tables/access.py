"""Who may name a table by its number, and what happens to tables whose channel is gone.

Every front-end command that takes a table number (`/game log table:`, `/game replay`,
`/gameadmin end|kick|skip table:`, the log's page buttons) asks `table_for_reader` or
`table_for_admin`, so the rule lives in one place: a table is visible from its own server,
and to the people who sat at it; from anywhere else it does not exist ("no table #n here").
"""
from __future__ import annotations

from persistence.models import Table

from .core import ServiceCore
from .errors import TableError, refuse
from .models import ActResult
from .results import build_result


def may_read(table: Table, guild_id: int | None, user_id: str | None) -> bool:
    """A member reads a table from its own server, or anywhere if they were seated at it."""
    if guild_id is not None and table.guild_id == guild_id:
        return True
    return user_id is not None and table.user_seated(user_id)


class Access:
    """Which tables a number names for whom, and the tables whose channel or server is gone."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core

    async def table_for_reader(self, table_id: int, *, guild_id: int | None, user_id: str | None) -> Table:
        """Table #`table_id` as seen by `user_id` asking from `guild_id` (None: a DM). Refused
        with "not_here" (the same words as for a number that does not exist) when it belongs
        to another server and the user never sat at it."""
        table = await self._table_or_none(table_id)
        if table is None or not may_read(table, guild_id, user_id):
            raise refuse("not_here", id=table_id)
        return table

    async def table_for_admin(self, table_id: int, *, guild_id: int | None) -> Table:
        """Table #`table_id` for a server admin: only the tables of that admin's own server."""
        table = await self._table_or_none(table_id)
        if table is None or guild_id is None or table.guild_id != guild_id:
            raise refuse("not_here", id=table_id)
        return table

    async def _table_or_none(self, table_id: int) -> Table | None:
        try:
            return await self.core.load(table_id)
        except TableError:
            return None

    async def channel_gone(self, channel_id: int) -> list[ActResult]:
        """The channel (or thread) of a table was deleted: its lobby is cancelled and its running
        game ends, unrated, recorded as ended because the channel is gone. Nobody can play
        there any more, and the table no longer counts towards anyone's open-table cap."""
        results = []
        while (table := await self.core.store.tables.open_in_channel(channel_id)) is not None:
            results.append(await self._end_for_missing_channel(table.id))
        return results

    async def guild_gone(self, guild_id: int) -> list[ActResult]:
        """The bot was removed from a server (or the server was deleted): nobody can play its
        tables any more, so each ends as for a deleted channel and frees the players' caps."""
        return [await self._end_for_missing_channel(table.id) for table in await self.core.store.tables.open_in_guild(guild_id)]

    async def _end_for_missing_channel(self, table_id: int) -> ActResult:
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            now = self.core.clock()
            if table.status == "lobby":
                ended = table.model_copy(update={"status": "cancelled", "finished_at": now, "updated_at": now,
                                                 "lobby_version": table.lobby_version + 1})
                return ActResult(table=await self.core.save(ended, table, clear_timers=True))
            if table.status != "running":
                return ActResult(table=table)
            ended = table.model_copy(update={"status": "finished", "finished_at": now, "updated_at": now})
            result = build_result(ended, None, "channel_deleted", now)
            saved = await self.core.save(ended, table, clear_timers=True, result=result)
            return ActResult(table=saved, notices=[self.core.game_over_notice(saved, result)])
