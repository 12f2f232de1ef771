"""Finished games: one row per table, read back in finishing order for stats and Elo."""
from __future__ import annotations

from ..db import Database
from ..models import Result


class ResultRepo:
    def __init__(self, db: Database):
        self.db = db

    async def add(self, result: Result) -> None:
        await self.db.execute(
            "INSERT INTO results (table_id, guild_id, game, ended_by, rated, finished_at, data) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7)",
            result.table_id, result.guild_id, result.game, result.ended_by, result.rated,
            float(result.finished_at), result.model_dump_json())

    async def get(self, table_id: int) -> Result | None:
        data = await self.db.fetchval("SELECT data FROM results WHERE table_id = $1", table_id)
        return None if data is None else Result.model_validate_json(data)

    async def for_guild(self, guild_id: int | None, game: str | None = None) -> list[Result]:
        """Oldest first (Elo is replayed in this order)."""
        where, args = ("guild_id IS NULL", []) if guild_id is None else ("guild_id = $1", [guild_id])
        if game is not None:
            args.append(game)
            where += f" AND game = ${len(args)}"
        rows = await self.db.fetch(f"SELECT data FROM results WHERE {where} ORDER BY finished_at, table_id", *args)
        return [Result.model_validate_json(r["data"]) for r in rows]
