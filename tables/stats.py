"""Results as the front end asks for them: stats, leaderboards and the replay file."""
from __future__ import annotations

from .core import ServiceCore
from .errors import refuse
from .models import ReplayFile, StatLine
from .replay import to_replay
from .results import stat_lines


class StatsOps(ServiceCore):
    async def stats(self, guild_id: int | None, user_id: str | None = None, game: str | None = None) -> list[StatLine]:
        """Games, wins, average turn seconds and Elo per player and game in this guild."""
        lines = stat_lines(await self.store.results.for_guild(guild_id, game))
        return [s for s in lines if user_id is None or s.user_id == user_id]

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[StatLine]:
        """The best Elo ratings of one game among players with at least one rated game."""
        lines = [s for s in await self.stats(guild_id, game=game) if s.rated_games > 0]
        return sorted(lines, key=lambda s: (-s.rating, -s.wins, s.user_id))[:limit]

    async def export_log(self, table_id: int) -> ReplayFile:
        """A finished game's setup and every action (hidden information included, so only
        once the game is over)."""
        table = await self._load(table_id)
        if table.status != "finished" or table.seed is None:
            raise refuse("not_finished")
        game = self._game(table.game)
        result = await self.store.results.get(table_id)
        entries = await self.store.actions.list(table_id)
        outcome = game.outcome(table.state(game)) if table.state_json else None
        return to_replay(table, entries, outcome, result.ended_by if result else "rules")
