"""Results, stats and Elo: finished games are stored; only games decided by the rules between
people, without auto-play, change ratings; average turn time comes from the clock."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, owed, play_one, play_to_end, started

from games.kit import Rng
from persistence.models import Result
from tables.results import ELO_START, elo_update, stat_lines


def test_two_player_elo_is_plain_elo_and_ties_between_equals_change_nothing():
    after = elo_update({}, [["a"], ["b"]], {"a", "b"})
    assert after == {"a": ELO_START + 16, "b": ELO_START - 16}
    assert elo_update({}, [["a", "b"]], {"a", "b"}) == {"a": ELO_START, "b": ELO_START}
    upset = elo_update({"a": 1400, "b": 1600}, [["a"], ["b"]], {"a", "b"})
    assert upset["a"] - 1400 == pytest.approx(32 * (1 - 1 / (1 + 10 ** (200 / 400))))


def test_multiplayer_elo_is_pairwise_and_only_rates_the_given_players():
    after = elo_update({}, [["a"], ["b"], ["c", "cpu:1"]], {"a", "b", "c"})
    assert after["a"] == ELO_START + 16 and after["b"] == ELO_START and after["c"] == ELO_START - 16
    assert "cpu:1" not in after
    assert sum(after.values()) == pytest.approx(3 * ELO_START)
    assert elo_update({}, [["a"], ["cpu:1"]], {"a"}) == {}


def _result(table_id, ranking, rated=True, ended_by="rules", seconds=None, turns=None, humans=None):
    players = [p for group in ranking for p in group]
    return Result(table_id=table_id, guild_id=1, game="g", players=players,
                  humans=humans or [p for p in players if not p.startswith("cpu:")], ranking=ranking,
                  winners=ranking[0], ended_by=ended_by, rated=rated, finished_at=table_id,
                  turn_seconds=seconds or {}, turns=turns or {})


def test_stat_lines_count_games_wins_turn_time_and_rating():
    lines = stat_lines([
        _result(1, [["a"], ["b"]], seconds={"a": 100, "b": 50}, turns={"a": 2, "b": 5}),
        _result(2, [["b"], ["a"]], rated=False, ended_by="admin"),
        _result(3, [["a"], ["cpu:1"]], rated=False),
    ])
    by_user = {s.user_id: s for s in lines}
    assert set(by_user) == {"a", "b"}
    assert (by_user["a"].games, by_user["a"].wins, by_user["a"].rated_games) == (3, 2, 1)
    assert by_user["a"].rating == ELO_START + 16 and by_user["b"].rating == ELO_START - 16
    assert by_user["a"].avg_turn_s == 50.0 and by_user["b"].avg_turn_s == 10.0


async def test_a_finished_game_between_people_is_rated_and_shows_in_stats(svc, clock):
    rng = Rng(seed=4)
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    while table.status == "running":
        clock.advance(30)
        table = (await play_one(svc, table, rng)).table
    result = await svc.store.results.get(table.id)
    assert result.rated and result.ended_by == "rules" and result.winners
    lines = await svc.stats(GUILD)
    assert {s.user_id for s in lines} == {"u1", "u2"}
    winner, loser = result.winners[0], next(u for u in ("u1", "u2") if u not in result.winners)
    board = await svc.leaderboard(GUILD, "sutosute")
    assert [s.user_id for s in board] == [winner, loser]
    assert board[0].rating > ELO_START > board[1].rating and board[0].wins == 1
    assert all(s.avg_turn_s and s.avg_turn_s >= 30 for s in board)
    mine = await svc.stats(GUILD, user_id=winner)
    assert [s.user_id for s in mine] == [winner]
    assert await svc.stats(GUILD + 1) == []


async def test_games_with_a_computer_seat_or_auto_play_do_not_count_for_ratings(svc):
    table = await play_to_end(svc, (await started(svc, "sutosute", ["u1"], cpus=1)).table, Rng(seed=1))
    assert not (await svc.store.results.get(table.id)).rated
    duel = (await started(svc, "sutosute", ["u1", "u2"], channel=101)).table
    duel = (await svc.skip_now(duel.id)).table
    duel = await play_to_end(svc, duel, Rng(seed=2))
    assert not (await svc.store.results.get(duel.id)).rated
    assert all(s.rating == ELO_START and s.rated_games == 0 for s in await svc.stats(GUILD))
    assert await svc.leaderboard(GUILD, "sutosute") == []
    assert owed(duel) == []
