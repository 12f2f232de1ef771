"""Finished games: one row per table, and the per-guild stats and Elo they add up to.

Stats are kept up to date in the transaction that writes a result, so `/game stats` and
`/game leaderboard` read a few rows however long the history (`stat_rows`, `board_rows`).
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..db import Database, Row, Unit, execute, fetch, many, params
from ..models import Result
from ..ratings import ELO_START, elo_update

_STAT_COLUMNS = "user_id, game, games, wins, rated_games, rating, turn_seconds, turns"


def guild_key(guild_id: int | None) -> int:
    """Stats of games outside a server live under guild 0."""
    return guild_id or 0


def add_result(result: Result) -> Unit[None]:
    """The result row and what it changes in the players' stats and ratings."""
    yield execute("INSERT INTO results (table_id, guild_id, game, ended_by, rated, finished_at, data) "
                  "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                  result.table_id, result.guild_id, result.game, result.ended_by, result.rated,
                  float(result.finished_at), result.model_dump_json())
    if result.ended_by == "cancel" or not result.humans:
        return
    key = guild_key(result.guild_id)
    # every player's row in one statement, one round trip (`many`), in a fixed order (user ids),
    # so two results of the same players lock their rows alike
    humans = sorted(result.humans)
    yield many(
        f"INSERT INTO player_stats (guild_key, {_STAT_COLUMNS}) VALUES ({', '.join(params(9))}) "
        "ON CONFLICT (guild_key, game, user_id) DO UPDATE SET games = player_stats.games + 1, "
        "wins = player_stats.wins + excluded.wins, turn_seconds = player_stats.turn_seconds + excluded.turn_seconds, "
        "turns = player_stats.turns + excluded.turns",
        [(key, user, result.game, 1, int(user in result.winners), 0, ELO_START,
          float(result.turn_seconds.get(user, 0.0)), int(result.turns.get(user, 0))) for user in humans])
    if not result.rated:
        return
    rows = yield fetch(f"SELECT user_id, rating FROM player_stats WHERE guild_key = $1 AND game = $2 "
                       f"AND user_id IN ({', '.join(params(len(result.humans), 3))})",
                       key, result.game, *result.humans)
    ratings = elo_update({r["user_id"]: r["rating"] for r in rows}, result.ranking, set(result.humans))
    yield many("UPDATE player_stats SET rating = $1, rated_games = rated_games + 1 "
               "WHERE guild_key = $2 AND game = $3 AND user_id = $4",
               [(float(ratings.get(user, ELO_START)), key, result.game, user) for user in humans])


def rebuild_stats(results: list[Result]) -> Unit[None]:
    """Every stats row replayed from `results` (oldest first): for a database written before
    stats were kept."""
    yield execute("DELETE FROM player_stats")
    lines: dict[tuple[int, str, str], list[Any]] = {}
    ratings: dict[tuple[int, str], dict[str, float]] = defaultdict(dict)
    for r in results:
        if r.ended_by == "cancel":
            continue
        key = guild_key(r.guild_id)
        for user in r.humans:
            line = lines.setdefault((key, r.game, user), [0, 0, 0, 0.0, 0])
            line[0] += 1
            line[1] += user in r.winners
            line[3] += r.turn_seconds.get(user, 0.0)
            line[4] += r.turns.get(user, 0)
            line[2] += r.rated
        if r.rated:
            ratings[(key, r.game)] = elo_update(ratings[(key, r.game)], r.ranking, set(r.humans))
    for (key, game, user), (games, wins, rated, seconds, turns) in lines.items():
        yield execute(f"INSERT INTO player_stats (guild_key, {_STAT_COLUMNS}) VALUES ({', '.join(params(9))})",
                      key, user, game, games, wins, rated, ratings[(key, game)].get(user, ELO_START),
                      float(seconds), turns)


class ResultRepo:
    def __init__(self, db: Database):
        self.db = db

    async def add(self, result: Result) -> None:
        await self.db.run(add_result(result))

    async def get(self, table_id: int) -> Result | None:
        data = await self.db.fetchval("SELECT data FROM results WHERE table_id = $1", table_id)
        return None if data is None else Result.model_validate_json(data)

    async def for_guild(self, guild_id: int | None, game: str | None = None) -> list[Result]:
        """Oldest first (the order ratings were computed in)."""
        where = "guild_id IS NULL" if guild_id is None else "guild_id = $1"
        args: list[object] = [] if guild_id is None else [guild_id]
        if game is not None:
            args.append(game)
            where += f" AND game = ${len(args)}"
        rows = await self.db.fetch(f"SELECT data FROM results WHERE {where} ORDER BY finished_at, table_id", *args)
        return [Result.model_validate_json(r["data"]) for r in rows]

    async def stat_rows(self, guild_id: int | None, user_id: str | None = None, game: str | None = None) -> list[Row]:
        """Stats lines of a guild (one user's, one game's): user_id, game, games, wins,
        rated_games, rating, turn_seconds, turns."""
        where = ["guild_key = $1"]
        args: list[object] = [guild_key(guild_id)]
        for column, value in (("user_id", user_id), ("game", game)):
            if value is not None:
                args.append(value)
                where.append(f"{column} = ${len(args)}")
        return await self.db.fetch(f"SELECT {_STAT_COLUMNS} FROM player_stats WHERE {' AND '.join(where)}", *args)

    async def board_rows(self, guild_id: int | None, game: str, limit: int) -> list[Row]:
        """The best ratings of one game among players with a rated game."""
        return await self.db.fetch(
            f"SELECT {_STAT_COLUMNS} FROM player_stats WHERE guild_key = $1 AND game = $2 AND rated_games > 0 "
            "ORDER BY rating DESC, wins DESC, user_id LIMIT $3", guild_key(guild_id), game, limit)

    async def rebuild_stats_if_missing(self) -> None:
        """A database from before stats were kept: build them once from its results."""
        has_results = await self.db.fetchval("SELECT COUNT(*) AS n FROM (SELECT 1 FROM results "
                                             "WHERE ended_by <> 'cancel' LIMIT 1) AS r")
        has_stats = await self.db.fetchval("SELECT COUNT(*) AS n FROM (SELECT 1 FROM player_stats LIMIT 1) AS s")
        if has_results and not has_stats:
            rows = await self.db.fetch("SELECT data FROM results ORDER BY finished_at, table_id")
            await self.db.run(rebuild_stats([Result.model_validate_json(r["data"]) for r in rows]))
