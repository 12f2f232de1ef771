"""Guild settings, per-table clock settings and per-user preferences."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from persistence.models import GuildSettings, Table, TableSettings, UserPrefs

from . import clock
from .core import ServiceCore, owing
from .errors import refuse
from .watch import with_join_code


def _validated(model: type[BaseModel], current: BaseModel, changes: dict[str, Any]) -> Any:
    unknown = set(changes) - set(model.model_fields)
    if unknown:
        raise refuse("bad_setting", detail=", ".join(sorted(unknown)))
    try:
        return model.model_validate({**current.model_dump(), **changes})
    except ValidationError as e:
        detail = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors())
        raise refuse("bad_setting", detail=detail) from e


class Prefs:
    """Guild settings, a table's settings and a user's preferences, validated by their models."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core

    async def update_guild_settings(self, guild_id: int, **changes: Any) -> GuildSettings:
        """Validated by the model; unknown names or bad values are refused ("bad_setting")."""
        changes.pop("guild_id", None)
        settings = _validated(GuildSettings, await self.core.guild_settings(guild_id), changes)
        await self.core.store.guild_settings.save(settings, self.core.clock())
        self.core.remember_guild(guild_id, settings)
        return settings

    async def update_table_settings(self, table_id: int, by_user: str, is_admin: bool, **changes: Any) -> Table:
        """The host in the lobby, an admin at any time. A running table's clocks are re-planned
        from when each current turn began."""
        async with self.core.lock(table_id):
            table = await self.core.load(table_id)
            self.core.require(table, "lobby", "running")
            if not is_admin and (table.status != "lobby" or table.host != by_user):
                raise refuse("not_admin" if table.status == "running" else "not_host")
            if "hinted" in changes or (table.status != "lobby" and {"hints", "learn"} & set(changes)):
                raise refuse("bad_setting", detail=", ".join(sorted({"hints", "learn", "hinted"} & set(changes))))
            settings: TableSettings = _validated(TableSettings, table.settings, changes)
            settings = with_join_code(settings)  # private tables get a join code (tables/watch.py)
            changed = table.model_copy(update={"settings": settings, "updated_at": self.core.clock()})
            if table.status == "lobby":
                changed = changed.model_copy(update={"lobby_version": table.lobby_version + 1})
                return await self.core.save(changed, table)
            return await self.core.save(changed, table, timers=await self._replan(changed))

    async def _replan(self, table: Table) -> dict[str, list]:
        game = self.core.game(table.game)
        guild = await self.core.guild_settings(table.guild_id)
        now_owing = owing(game, table.state(game))
        timed = clock.is_timed(len(table.humans))
        plan: dict[str, list] = {}
        for s in table.seats:
            if s.is_cpu:
                continue
            if timed and s.timed and s.user_id in now_owing and s.turn_started_at is not None:
                timers = clock.plan_turn(table.id, s.user_id, s.turn_started_at, table.settings, guild, table.version)
                now = self.core.clock()
                plan[s.user_id] = [t.model_copy(update={"due_at": max(t.due_at, now)}) for t in timers
                                   if t.kind == "deadline" or t.due_at > now]
            else:
                plan[s.user_id] = []
        return plan

    async def user_prefs(self, user_id: str) -> UserPrefs:
        return await self.core.store.user_prefs.get(user_id) or UserPrefs(user_id=user_id)

    async def update_user_prefs(self, user_id: str, **changes: Any) -> UserPrefs:
        """E.g. `dm_closed=True` after a 50007; `/game notify on` sets notify_dm=True, dm_closed=False."""
        changes.pop("user_id", None)
        prefs = _validated(UserPrefs, await self.user_prefs(user_id), changes)
        await self.core.store.user_prefs.save(prefs, self.core.clock())
        return prefs
