"""Results as the front end asks for them: stats, leaderboards and the replay file."""
from __future__ import annotations

from .core import ServiceCore
from .errors import refuse
from .models import ReplayFile, StatLine
from .replay import to_replay


def line_from_row(row: dict) -> StatLine:
    return StatLine(user_id=row["user_id"], game=row["game"], games=row["games"], wins=row["wins"],
                    rated_games=row["rated_games"], rating=round(row["rating"], 1),
                    avg_turn_s=round(row["turn_seconds"] / row["turns"], 1) if row["turns"] else None)


class Stats:
    """Results as the front end reads them: stats, leaderboards and the replay file."""

    def __init__(self, core: ServiceCore) -> None:
        self.core = core

    async def stats(self, guild_id: int | None, user_id: str | None = None, game: str | None = None) -> list[StatLine]:
        """Games, wins, average turn seconds and Elo per player and game in this guild (kept
        up to date by the store as results are written: a few rows, however long the history)."""
        lines = [line_from_row(r) for r in await self.core.store.results.stat_rows(guild_id, user_id, game)]
        return sorted(lines, key=lambda s: (s.game, -s.rating, s.user_id))

    async def leaderboard(self, guild_id: int | None, game: str, limit: int = 10) -> list[StatLine]:
        """The best Elo ratings of one game among players with at least one rated game."""
        return [line_from_row(r) for r in await self.core.store.results.board_rows(guild_id, game, limit)]

    async def export_log(self, table_id: int) -> ReplayFile:
        """A finished game's setup and every action (hidden information included, so only
        once the game is over). Moves taken back are not part of the game, so not of the file."""
        table = await self.core.load(table_id)
        if table.status != "finished" or table.seed is None:
            raise refuse("not_finished")
        game = self.core.game(table.game)
        result = await self.core.store.results.get(table_id)
        entries = await self.core.store.actions.live(table_id)
        outcome = game.outcome(table.state(game)) if table.state_json else None
        return to_replay(table, entries, outcome, result.ended_by if result else "rules")
