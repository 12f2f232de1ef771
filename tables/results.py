"""Results, Elo and per-player stats as pure functions over stored results.

Elo (start 1500, K 32, pairwise from the ranking with K/(n-1) so a two-player game is plain
Elo) lives in `persistence.ratings`: the store applies it as each result is written, so
stats never replay the history. `stat_lines` replays a list of results the same way (the
reference the kept stats are checked against).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from games.kit import Outcome
from persistence.models import EndedBy, Result, Table
from persistence.ratings import ELO_K, ELO_START, elo_update

from .models import StatLine

__all__ = ["ELO_K", "ELO_START", "build_result", "elo_update", "is_rated", "stat_lines"]



def is_rated(table: Table, ended_by: str) -> bool:
    """Only games decided by the rules between at least two people, without any auto-play and
    without hints (a table that allows them is unrated from the start)."""
    return (ended_by == "rules" and not table.auto_played and not any(s.auto for s in table.seats)
            and len(table.humans) >= 2 and not table.settings.hints)


def build_result(table: Table, outcome: Outcome | None, ended_by: EndedBy, now: float) -> Result:
    humans = table.humans
    return Result(
        table_id=table.id, guild_id=table.guild_id, game=table.game, players=table.players, humans=humans,
        ranking=[list(g) for g in outcome.ranking] if outcome else [list(table.players)],
        winners=list(outcome.winners) if outcome else [], scores=dict(outcome.scores) if outcome else {},
        ended_by=ended_by, rated=outcome is not None and is_rated(table, ended_by), finished_at=now,
        turn_seconds={s.user_id: s.turn_seconds for s in table.seats if s.is_human},
        turns={s.user_id: s.turns for s in table.seats if s.is_human},
        summary=outcome.summary if outcome else None)


def stat_lines(results: Iterable[Result]) -> list[StatLine]:
    """Every (player, game) line over `results` (oldest first). Computer seats are left out."""
    lines: dict[tuple[str, str], StatLine] = {}
    ratings: dict[str, dict[str, float]] = defaultdict(dict)
    seconds: dict[tuple[str, str], float] = defaultdict(float)
    turns: dict[tuple[str, str], int] = defaultdict(int)
    for r in results:
        if r.ended_by == "cancel":
            continue
        for user in r.humans:
            key = (user, r.game)
            line = lines.setdefault(key, StatLine(user_id=user, game=r.game))
            line.games += 1
            line.wins += user in r.winners
            seconds[key] += r.turn_seconds.get(user, 0.0)
            turns[key] += r.turns.get(user, 0)
        if r.rated:
            ratings[r.game] = elo_update(ratings[r.game], r.ranking, set(r.humans))
            for user in r.humans:
                lines[(user, r.game)].rated_games += 1
    for (user, game), line in lines.items():
        line.rating = round(ratings[game].get(user, ELO_START), 1)
        line.avg_turn_s = round(seconds[(user, game)] / turns[(user, game)], 1) if turns[(user, game)] else None
    return sorted(lines.values(), key=lambda s: (s.game, -s.rating, s.user_id))
