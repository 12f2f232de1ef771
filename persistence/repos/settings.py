"""Per-guild settings and per-user preferences, each stored as one JSON document so new
fields need no migration (pydantic fills defaults for old rows)."""
from __future__ import annotations

from ..db import Database
from ..models import GuildSettings, UserPrefs

_UPSERT = ("INSERT INTO {table} ({key}, data, updated_at) VALUES ($1, $2, $3) "
           "ON CONFLICT ({key}) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at")


class GuildSettingsRepo:
    def __init__(self, db: Database):
        self.db = db

    async def get(self, guild_id: int) -> GuildSettings | None:
        data = await self.db.fetchval("SELECT data FROM guild_settings WHERE guild_id = $1", guild_id)
        return None if data is None else GuildSettings.model_validate_json(data)

    async def save(self, settings: GuildSettings, updated_at: float) -> None:
        await self.db.execute(_UPSERT.format(table="guild_settings", key="guild_id"),
                              settings.guild_id, settings.model_dump_json(), float(updated_at))


class UserPrefsRepo:
    def __init__(self, db: Database):
        self.db = db

    async def get(self, user_id: str) -> UserPrefs | None:
        data = await self.db.fetchval("SELECT data FROM user_prefs WHERE user_id = $1", user_id)
        return None if data is None else UserPrefs.model_validate_json(data)

    async def save(self, prefs: UserPrefs, updated_at: float) -> None:
        await self.db.execute(_UPSERT.format(table="user_prefs", key="user_id"),
                              prefs.user_id, prefs.model_dump_json(), float(updated_at))
