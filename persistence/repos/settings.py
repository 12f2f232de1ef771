"""Per-guild settings and per-user preferences, each stored as one JSON document so new
fields need no migration (pydantic fills defaults for old rows)."""
from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from ..db import Database
from ..models import GuildSettings, UserPrefs

M = TypeVar("M", bound=BaseModel)


class _DocumentRepo(Generic[M]):
    """One pydantic document per key in a (key, data, updated_at) table."""

    table: str
    key: str
    model: type[M]

    def __init__(self, db: Database):
        self.db = db

    async def get(self, key: Any) -> M | None:
        data = await self.db.fetchval(f"SELECT data FROM {self.table} WHERE {self.key} = $1", key)
        return None if data is None else self.model.model_validate_json(data)

    async def save(self, document: M, updated_at: float) -> None:
        await self.db.execute(
            f"INSERT INTO {self.table} ({self.key}, data, updated_at) VALUES ($1, $2, $3) "
            f"ON CONFLICT ({self.key}) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
            getattr(document, self.key), document.model_dump_json(), float(updated_at))


class GuildSettingsRepo(_DocumentRepo[GuildSettings]):
    table, key, model = "guild_settings", "guild_id", GuildSettings


class UserPrefsRepo(_DocumentRepo[UserPrefs]):
    table, key, model = "user_prefs", "user_id", UserPrefs
