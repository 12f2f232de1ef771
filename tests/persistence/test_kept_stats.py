"""Stats and Elo kept by the store as results are written equal a replay of every result in
finishing order (random results: two to four players, ties, computer seats, unrated and
cancelled games, several guilds and games), and a database written before stats were kept
gets them built once when it is opened."""
from __future__ import annotations

import random

from records import T0, new_table

from persistence import open_store
from persistence.models import Result
from tables.models import StatLine
from tables.results import stat_lines
from tables.stats import line_from_row

PEOPLE = [f"p{i}" for i in range(7)]


def random_result(rng: random.Random, table_id: int, n: int) -> Result:
    players = rng.sample(PEOPLE, rng.randint(2, 4))
    humans = [p for p in players if rng.random() < 0.85] or players[:1]
    order = players[:]
    rng.shuffle(order)
    ranking: list[list[str]] = []
    for p in order:  # ties now and then
        if ranking and rng.random() < 0.2:
            ranking[-1].append(p)
        else:
            ranking.append([p])
    ended_by = rng.choice(["rules", "rules", "rules", "admin", "resign", "cancel"])
    return Result(table_id=table_id, guild_id=rng.choice([1, 2, None]), game=rng.choice(["sutosute", "ganymede"]),
                  players=players, humans=humans, ranking=ranking, winners=ranking[0],
                  ended_by=ended_by, rated=ended_by == "rules" and len(humans) >= 2 and rng.random() < 0.8,
                  finished_at=T0 + n, turn_seconds={h: rng.uniform(1, 500) for h in humans},
                  turns={h: rng.randint(0, 30) for h in humans})


def kept_lines(rows) -> list[StatLine]:
    return sorted((line_from_row(r) for r in rows), key=lambda s: (s.game, -s.rating, s.user_id))


def assert_same(kept: list[StatLine], replayed: list[StatLine]) -> None:
    assert [(s.user_id, s.game, s.games, s.wins, s.rated_games, s.avg_turn_s) for s in kept] == \
           [(s.user_id, s.game, s.games, s.wins, s.rated_games, s.avg_turn_s) for s in replayed]
    for a, b in zip(kept, replayed, strict=True):
        assert abs(a.rating - b.rating) < 0.11  # both rounded to 0.1


async def test_kept_stats_equal_a_replay_of_every_result(store):
    rng = random.Random(11)
    for n in range(120):
        table = await store.tables.create(new_table(channel_id=1000 + n))
        await store.results.add(random_result(rng, table.id, n))
    for guild in (1, 2, None):
        replayed = stat_lines(await store.results.for_guild(guild))
        assert_same(kept_lines(await store.results.stat_rows(guild)), replayed)
        board = [s for s in replayed if s.game == "sutosute" and s.rated_games > 0]
        board.sort(key=lambda s: (-s.rating, -s.wins, s.user_id))
        kept_board = [r["user_id"] for r in await store.results.board_rows(guild, "sutosute", 5)]
        assert kept_board == [s.user_id for s in board[:5]]


async def test_a_database_from_before_stats_were_kept_gets_them_when_opened(store_url):
    store = await open_store(store_url)
    rng = random.Random(5)
    for n in range(40):
        table = await store.tables.create(new_table(channel_id=2000 + n))
        await store.results.add(random_result(rng, table.id, n))
    expected = kept_lines(await store.results.stat_rows(1))
    await store.db.execute("DELETE FROM player_stats")  # as an older version left it
    await store.close()
    reopened = await open_store(store_url)
    assert_same(kept_lines(await reopened.results.stat_rows(1)), expected)
    await reopened.close()
