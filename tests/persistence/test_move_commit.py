"""A move as the table service writes it (the table as read is passed as `before`): the same
result on every backend, and on PostgreSQL one round trip (one prepared statement, the
compare-and-set inside). A lost race changes nothing, whichever check it lost."""
from __future__ import annotations

import asyncio

import pytest
from records import T0, entry, new_table, running

from persistence import StaleWrite, open_store
from persistence.models import Result, Timer
from persistence.repos import OutboxItem


async def _running(store, players=("u1", "u2")):
    table = await store.tables.create(new_table(players=players))
    return await store.tables.save(running(table), expected_rev=0)


def _move(table, version: int, state: str, **seat_changes):
    """The table after one move: its state, version, log counter and clock, seats as given."""
    seats = [s.model_copy(update=seat_changes.get(s.user_id, {})) for s in table.seats]
    return running(table, version, state).model_copy(update={"log_seq": table.log_seq + 1, "seats": seats,
                                                             "updated_at": T0 + version})


def _notice(n: int, table_id: int) -> OutboxItem:
    return OutboxItem(f"n-{table_id}-{n}", table_id, 1, f'{{"n": {n}}}', T0 + n)


async def test_a_move_writes_log_table_seats_timers_snapshot_and_notices_together(store):
    table = await _running(store)
    old = Timer(table_id=table.id, kind="deadline", due_at=T0 + 100, seat="u1")
    kept = Timer(table_id=table.id, kind="lobby", due_at=T0 + 300)
    await store.timers.replace(table.id, "u1", [old])
    await store.timers.replace(table.id, "", [kept])
    new = Timer(table_id=table.id, kind="reminder", due_at=T0 + 200, seat="u2", data={"n": 1}, version=1)
    after = _move(table, 1, '{"v": 1}', u1={"turns": 1, "turn_seconds": 2.5, "turn_started_at": None},
                  u2={"turn_started_at": T0 + 1})
    saved = await store.append_action(after, entry(1), expected_version=0, expected_rev=table.rev, before=table,
                                      timers={"u1": [], "u2": [new]}, snapshot=True,
                                      outbox=[_notice(1, table.id), _notice(2, table.id)])
    assert (saved.rev, saved.version, saved.log_seq) == (table.rev + 1, 1, 1)
    stored = await store.tables.get(table.id)
    assert stored == saved
    assert (stored.seats[0].turns, stored.seats[0].turn_seconds, stored.seats[1].turn_started_at) == (1, 2.5, T0 + 1)
    assert [(e.seq, e.choice) for e in await store.actions.list(table.id)] == [(1, ["c1"])]
    assert sorted((t.kind, t.seat, t.data) for t in await store.timers.for_table(table.id)) == [
        ("lobby", "", {}), ("reminder", "u2", {"n": 1})]
    assert await store.snapshots.latest(table.id) == (1, '{"v": 1}')
    assert [n.notice_id for n in await store.outbox.pending()] == [f"n-{table.id}-1", f"n-{table.id}-2"]


async def test_a_move_of_one_seat_one_timer_and_one_notice_writes_them_all(store):
    """The usual move: one seat changed, that seat's timer replaced by one, one notice."""
    table = await _running(store)
    await store.timers.replace(table.id, "u1", [Timer(table_id=table.id, kind="deadline", due_at=T0 + 100, seat="u1")])
    await store.timers.replace(table.id, "u2", [Timer(table_id=table.id, kind="deadline", due_at=T0 + 150, seat="u2")])
    new = Timer(table_id=table.id, kind="deadline", due_at=T0 + 200, seat="u1", data={"n": 1}, version=1)
    after = _move(table, 1, '{"v": 1}', u1={"turns": 1, "turn_seconds": 2.5, "turn_started_at": None})
    saved = await store.append_action(after, entry(1), expected_version=0, expected_rev=table.rev, before=table,
                                      timers={"u1": [new]}, outbox=[_notice(1, table.id)])
    stored = await store.tables.get(table.id)
    assert stored == saved
    assert (stored.seats[0].turns, stored.seats[0].turn_seconds, stored.seats[1]) == (1, 2.5, table.seats[1])
    assert sorted((t.kind, t.seat, t.due_at, t.data) for t in await store.timers.for_table(table.id)) == [
        ("deadline", "u1", T0 + 200, {"n": 1}), ("deadline", "u2", T0 + 150, {})]
    assert [n.notice_id for n in await store.outbox.pending()] == [f"n-{table.id}-1"]
    # one seat's timer dropped, none added
    after2 = _move(saved, 2, '{"v": 2}')
    await store.append_action(after2, entry(2), expected_version=1, expected_rev=saved.rev, before=saved,
                              timers={"u2": []})
    assert [(t.seat, t.due_at) for t in await store.timers.for_table(table.id)] == [("u1", T0 + 200)]


async def test_a_move_that_lost_any_check_changes_nothing(store):
    table = await _running(store)
    await store.timers.replace(table.id, "u1", [Timer(table_id=table.id, kind="deadline", due_at=T0, seat="u1")])
    timer = (await store.timers.for_table(table.id))[0]
    saved = await store.append_action(_move(table, 1, '{"v": 1}'), entry(1), expected_version=0,
                                      expected_rev=table.rev, before=table)
    cases = {  # each loses one check: revision, seq taken, version, timer already claimed
        "rev": dict(table=_move(table, 1, '"x"'), seq=2, version=0, rev=table.rev),
        "seq": dict(table=_move(saved, 2, '"x"'), seq=1, version=1, rev=saved.rev),
        "version": dict(table=_move(saved, 2, '"x"'), seq=2, version=0, rev=saved.rev),
    }
    for name, case in cases.items():
        with pytest.raises(StaleWrite):
            await store.append_action(case["table"].model_copy(update={"log_seq": case["seq"]}), entry(case["seq"]),
                                      expected_version=case["version"], expected_rev=case["rev"],
                                      before=saved if name != "rev" else table,
                                      timers={"u1": []}, outbox=[_notice(9, table.id)], snapshot=True)
    assert await store.timers.claim(timer.id)
    with pytest.raises(StaleWrite):
        await store.append_action(_move(saved, 2, '"x"'), entry(2), expected_version=1, expected_rev=saved.rev,
                                  before=saved, claim_timer=timer.id, outbox=[_notice(9, table.id)])
    assert await store.tables.get(table.id) == saved
    assert [e.seq for e in await store.actions.list(table.id)] == [1]
    assert await store.outbox.pending() == []
    assert await store.snapshots.latest(table.id) is None


async def test_racing_moves_of_one_version_exactly_one_wins(store_url):
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        table = await _running(first)

        async def attempt(store, who):
            try:
                await store.append_action(_move(table, 1, f'"{who}"'), entry(1, who), expected_version=0,
                                          expected_rev=table.rev, before=table, outbox=[_notice(1, table.id)])
                return who
            except StaleWrite:
                return None
            except Exception as e:  # noqa: BLE001 - the notice id is unique: a loser may hit that first
                return type(e).__name__

        outcomes = await asyncio.gather(*(attempt(s, f"u{i}") for i, s in enumerate([first, second] * 3)))
        winners = [w for w in outcomes if w and w.startswith("u")]
        assert len(winners) == 1
        assert [e.player for e in await second.actions.list(table.id)] == winners
        assert (await second.tables.get(table.id)).state_json == f'"{winners[0]}"'
    finally:
        await first.close()
        await second.close()


async def test_on_postgresql_a_move_is_one_round_trip(store):
    if store.dialect != "postgres":
        pytest.skip("SQLite runs every transaction in one hop to its thread already")
    table = await _running(store)
    before = store.db.round_trips
    await store.append_action(_move(table, 1, '{"v": 1}', u2={"turn_started_at": T0}), entry(1),
                              expected_version=0, expected_rev=table.rev, before=table,
                              timers={"u2": [Timer(table_id=table.id, kind="deadline", due_at=T0, seat="u2")]},
                              outbox=[_notice(1, table.id)])
    assert store.db.round_trips - before == 1


async def test_on_postgresql_a_table_row_is_rewritten_in_its_own_page_and_a_big_state_compressed(store):
    """Each move rewrites its table's row: with pages left 60 % free the new version stays in the
    same page (a HOT update, no entry in the table's six indexes), and a state over ~2 KB is kept
    compressed with lz4 (where the server has it) and read back whole (migration 0010)."""
    if store.dialect != "postgres":
        pytest.skip("page fill and column compression are PostgreSQL settings")
    options = await store.db.fetch("SELECT reloptions FROM pg_class WHERE oid = 'game_tables'::regclass")
    assert "fillfactor=40" in options[0]["reloptions"]
    table = await _running(store)
    state = '{"log": [' + ", ".join(f'"move {n} of a long game"' for n in range(400)) + "]}"
    saved = await store.append_action(_move(table, 1, state), entry(1), expected_version=0,
                                      expected_rev=table.rev, before=table)
    assert (await store.tables.get(table.id)).state_json == state
    stored = await store.db.fetch("SELECT pg_column_compression(state) AS how, length(state) AS n, "
                                  "pg_column_size(state) AS size FROM game_tables WHERE id = $1", saved.id)
    lz4 = await store.db.fetch("SELECT count(*) AS n FROM pg_attribute WHERE attrelid = 'game_tables'::regclass "
                               "AND attname = 'state' AND attcompression = 'l'")
    if lz4[0]["n"]:
        assert stored[0]["how"] == "lz4"
    assert stored[0]["size"] < stored[0]["n"] // 2


async def test_a_game_start_writes_state_seats_timers_snapshot_and_notice_together_and_a_late_one_nothing(store):
    """A start (no log entry; the lobby's timers cleared, the first turn's set; the status, seed
    and lobby version change): on PostgreSQL one round trip (`cardbot_commit`)."""
    lobby = await store.tables.create(new_table(players=("u1", "u2")))
    lobby = await store.tables.get(lobby.id)
    await store.timers.replace(lobby.id, "", [Timer(table_id=lobby.id, kind="lobby", due_at=T0 + 300)])
    await store.timers.replace(lobby.id, "u2", [Timer(table_id=lobby.id, kind="deadline", due_at=T0 + 50, seat="u2")])
    started = running(lobby, 0, '{"v": 0}').model_copy(update={
        "lobby_version": lobby.lobby_version + 1, "updated_at": T0 + 5,
        "seats": [lobby.seats[0].model_copy(update={"turn_started_at": T0 + 5}), lobby.seats[1]]})
    turn = Timer(table_id=lobby.id, kind="reminder", due_at=T0 + 400, seat="u1")
    trips = getattr(store.db, "round_trips", 0)
    saved = await store.commit(started, expected_rev=lobby.rev, before=lobby, clear_timers=True,
                               timers={"u1": [turn]}, snapshot=True, outbox=[_notice(1, lobby.id)])
    if store.dialect == "postgres":
        assert store.db.round_trips - trips == 1
    stored = await store.tables.get(lobby.id)
    assert stored == saved
    assert (stored.status, stored.seed, stored.lobby_version, stored.state_json) == ("running", 7, 1, '{"v": 0}')
    assert (stored.seats[0].turn_started_at, stored.seats[1].turn_started_at) == (T0 + 5, None)
    assert [(t.kind, t.seat) for t in await store.timers.for_table(lobby.id)] == [("reminder", "u1")]
    assert await store.snapshots.latest(lobby.id) == (0, '{"v": 0}')
    assert [n.notice_id for n in await store.outbox.pending()] == [f"n-{lobby.id}-1"]
    assert await store.actions.list(lobby.id) == []
    late = started.model_copy(update={"state_json": '{"v": "late"}', "seed": 8})
    with pytest.raises(StaleWrite):
        await store.commit(late, expected_rev=lobby.rev, before=lobby, clear_timers=True, snapshot=True,
                           outbox=[_notice(2, lobby.id)])
    assert await store.tables.get(lobby.id) == stored
    assert [(t.kind, t.seat) for t in await store.timers.for_table(lobby.id)] == [("reminder", "u1")]
    assert [n.notice_id for n in await store.outbox.pending()] == [f"n-{lobby.id}-1"]


async def test_a_game_end_that_lost_its_race_writes_no_result(store):
    """The last move and its result go together: a second end of the same revision changes
    nothing, neither the table nor the stats."""
    table = await _running(store)
    done = _move(table, 1, '{"v": 1}').model_copy(update={"status": "finished", "finished_at": T0 + 9})
    result = Result(table_id=table.id, guild_id=1, game="sutosute", players=["u1", "u2"], humans=["u1", "u2"],
                    ranking=[["u1"], ["u2"]], winners=["u1"], rated=True, finished_at=T0 + 9)
    saved = await store.commit(done, expected_rev=table.rev, expected_version=0, entry=entry(1), before=table,
                               clear_timers=True, result=result)
    again = done.model_copy(update={"state_json": '{"v": "again"}'})
    with pytest.raises(StaleWrite):
        await store.commit(again, expected_rev=table.rev, expected_version=0, entry=entry(1, "u2"), before=table,
                           clear_timers=True, result=result)
    assert await store.tables.get(table.id) == saved
    assert [(r["user_id"], r["games"]) for r in await store.db.fetch(
        "SELECT user_id, games FROM player_stats ORDER BY user_id")] == [("u1", 1), ("u2", 1)]
    assert [e.player for e in await store.actions.list(table.id)] == ["u1"]


async def _finish(store, players: tuple[str, ...]) -> tuple[int, int]:
    """Round trips of a game's last move, and the table's id: every seat's clock stopped alike,
    timers cleared and new ones set, a rated result (stats and Elo of every player)."""
    table = await _running(store, players)
    table = await store.tables.get(table.id)
    done = running(table, 1, '{"v": 1}').model_copy(update={
        "status": "finished", "finished_at": T0 + 9, "log_seq": 1, "updated_at": T0 + 9,
        "seats": [s.model_copy(update={"turn_started_at": None, "turns": 3}) for s in table.seats]})
    result = Result(table_id=table.id, guild_id=1, game="sutosute", players=list(players), humans=list(players),
                    ranking=[[players[0]], list(players[1:])], winners=[players[0]], rated=True, finished_at=T0 + 9,
                    turns={p: 3 for p in players})
    trips = store.db.round_trips
    await store.commit(done, expected_rev=table.rev, expected_version=0, entry=entry(1), before=table,
                       clear_timers=True, result=result, snapshot=True,
                       timers={players[0]: [Timer(table_id=table.id, kind="reminder", due_at=T0 + 99, seat=players[0])]})
    return store.db.round_trips - trips, table.id


async def test_on_postgresql_a_game_end_costs_the_same_round_trips_for_two_players_and_four(store):
    """Seats changed alike are one statement, every player's stats one and their new ratings
    one; a table whose timers were just cleared deletes none again."""
    if store.dialect != "postgres":
        pytest.skip("SQLite runs every transaction in one hop to its thread already")
    two, first = await _finish(store, ("u1", "u2"))
    four, _ = await _finish(store, ("v1", "v2", "v3", "v4"))
    assert two == four
    # BEGIN, the log entry with the table, seats, timers and snapshot (cardbot_commit), the result, the
    # stats, the ratings read and written, COMMIT
    assert four <= 7
    stats = {(r["user_id"], r["games"], r["wins"], r["rated_games"]) for r in await store.db.fetch(
        "SELECT user_id, games, wins, rated_games FROM player_stats")}
    assert stats == {("u1", 1, 1, 1), ("u2", 1, 0, 1), ("v1", 1, 1, 1), ("v2", 1, 0, 1), ("v3", 1, 0, 1),
                     ("v4", 1, 0, 1)}
    ratings = {r["user_id"]: r["rating"] for r in await store.db.fetch("SELECT user_id, rating FROM player_stats")}
    assert ratings["v1"] > ratings["v2"] == ratings["v3"] == ratings["v4"]
    assert [t.seat for t in await store.timers.for_table(first)] == ["u1"]


async def test_warm_opens_every_connection_of_the_pool_and_the_store_still_works(store_url):
    """The bench (and an operator who wants the first burst served at once) opens the pool's
    connections before the first move; a move afterwards costs the same one round trip."""
    url = store_url + ("&pool_size=3" if store_url.startswith("postgres") else "")
    store = await open_store(url)
    try:
        await store.db.warm()
        if store.db.dialect == "postgres":
            assert store.db._pool.get_size() == 3
            assert store.db._pool.get_idle_size() == 3
        table = await _running(store)
        trips = getattr(store.db, "round_trips", 0)
        saved = await store.append_action(_move(table, 1, '{"v": 1}'), entry(1), expected_version=0,
                                          expected_rev=table.rev, before=table)
        assert saved.version == 1
        if store.db.dialect == "postgres":
            assert store.db.round_trips - trips == 1
    finally:
        await store.close()
