"""Elo as the store keeps it: per guild and game, start 1500, K 32, pairwise from the ranking
with K/(n-1) per pair so a two-player game is plain Elo. Pure arithmetic, used when a result
is written (and when stats are rebuilt from the results)."""
from __future__ import annotations

ELO_START = 1500.0
ELO_K = 32.0


def elo_update(ratings: dict[str, float], ranking: list[list[str]], players: set[str],
               k: float = ELO_K) -> dict[str, float]:
    """New ratings of `players` after one game ranked as `ranking` (groups tie)."""
    place = {p: i for i, group in enumerate(ranking) for p in group if p in players}
    rated = sorted(place)
    if len(rated) < 2:
        return dict(ratings)
    scale = k / (len(rated) - 1)
    new = dict(ratings)
    for a in rated:
        ra = ratings.get(a, ELO_START)
        delta = 0.0
        for b in rated:
            if a == b:
                continue
            rb = ratings.get(b, ELO_START)
            expected = 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))
            score = 1.0 if place[a] < place[b] else 0.5 if place[a] == place[b] else 0.0
            delta += scale * (score - expected)
        new[a] = ra + delta
    return new
