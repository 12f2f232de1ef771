"""The store's contract, the same on every backend: tables and seats, one open table per
channel, compare-and-set writes, the append-only log, atomic commits, snapshots, settings,
results and timers."""
from __future__ import annotations

import asyncio

import pytest
from records import T0, entry, new_table, running

from games.kit import Event, T
from persistence import Conflict, StaleWrite, open_store
from persistence.models import GuildSettings, Result, Seat, Timer, UserPrefs


async def test_a_table_round_trips_with_its_seats(store):
    table = new_table(players=("u1", "u2"))
    table.seats.append(Seat(user_id="cpu:1", display_name="CPU 1", is_cpu=True))
    created = await store.tables.create(table)
    assert created.id > 0
    loaded = await store.tables.get(created.id)
    assert loaded == created
    assert [s.user_id for s in loaded.seats] == ["u1", "u2", "cpu:1"] and loaded.seats[2].is_cpu
    assert await store.tables.get(created.id + 1000) is None


async def test_big_discord_ids_survive(store):
    big = 1_234_567_890_123_456_789
    created = await store.tables.create(new_table(channel_id=big, guild_id=big - 1))
    await store.tables.set_board_message(created.id, big + 1, T0)
    loaded = await store.tables.get(created.id)
    assert (loaded.channel_id, loaded.guild_id, loaded.board_message_id) == (big, big - 1, big + 1)


async def test_one_open_table_per_channel_is_enforced_by_the_database(store):
    first = await store.tables.create(new_table(channel_id=5))
    with pytest.raises(Conflict):
        await store.tables.create(new_table(channel_id=5, host="u9", players=("u9",)))
    assert await store.tables.open_in_channel(5) == first
    await store.tables.save(first.model_copy(update={"status": "cancelled"}), expected_rev=0)
    second = await store.tables.create(new_table(channel_id=5))
    assert (await store.tables.open_in_channel(5)).id == second.id


async def test_lookups_by_user_and_guild_list_only_open_tables(store):
    a = await store.tables.create(new_table(channel_id=1, guild_id=7, players=("u1", "u2")))
    b = await store.tables.create(new_table(channel_id=2, guild_id=7, host="u2", players=("u2",)))
    c = await store.tables.create(new_table(channel_id=3, guild_id=8, players=("u1",)))
    await store.tables.save(c.model_copy(update={"status": "finished"}), expected_rev=0)
    assert [t.id for t in await store.tables.open_for_user("u2")] == [a.id, b.id]
    assert [t.id for t in await store.tables.open_for_user("u1")] == [a.id]
    assert [t.id for t in await store.tables.open_in_guild(7)] == [a.id, b.id]
    assert await store.tables.open_in_guild(8) == []
    assert {t.id for t in await store.tables.all_open()} == {a.id, b.id}
    assert (await store.tables.latest_in_channel(3)).id == c.id, "the last table of a channel, even finished"
    assert await store.tables.latest_in_channel(99) is None


async def test_save_is_a_compare_and_set_on_the_revision(store):
    table = await store.tables.create(new_table())
    saved = await store.tables.save(table.model_copy(update={"host": "u2"}), expected_rev=0)
    assert saved.rev == 1
    with pytest.raises(StaleWrite):
        await store.tables.save(table.model_copy(update={"host": "u3"}), expected_rev=0)
    assert (await store.tables.get(table.id)).host == "u2"


async def test_append_action_writes_the_log_and_state_or_nothing(store):
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    after = running(table, version=1, state='{"v": 1}')
    saved = await store.append_action(after, entry(1), expected_version=0, expected_rev=table.rev)
    assert saved.version == 1 and saved.rev == table.rev + 1
    # a second writer with the same expectation loses and changes nothing
    with pytest.raises(StaleWrite):
        await store.append_action(running(table, 1, '{"v": "other"}'), entry(1, "u2"),
                                  expected_version=0, expected_rev=table.rev)
    # a stale version with a fresh seq also loses, and its log row is rolled back
    with pytest.raises(StaleWrite):
        await store.append_action(running(saved, 2, '{"v": 2}'), entry(2), expected_version=0,
                                  expected_rev=saved.rev)
    log = await store.actions.list(table.id)
    assert [(e.seq, e.player) for e in log] == [(1, "u1")]
    assert (await store.tables.get(table.id)).state_json == '{"v": 1}'


async def test_concurrent_writers_of_one_version_exactly_one_wins(store_url):
    """Two stores (two connections or pools) race for the same version: one wins."""
    first, second = await open_store(store_url), await open_store(store_url)
    try:
        table = await first.tables.create(new_table())
        table = await first.tables.save(running(table), expected_rev=0)

        async def attempt(store, who):
            try:
                await store.append_action(running(table, 1, f'"{who}"'), entry(1, who),
                                          expected_version=0, expected_rev=table.rev)
                return who
            except StaleWrite:
                return None

        winners = [w for w in await asyncio.gather(*(attempt(s, f"u{i}") for i, s in
                                                     enumerate([first, second, first, second]))) if w]
        assert len(winners) == 1
        log = await second.actions.list(table.id)
        assert [e.player for e in log] == winners
        assert (await second.tables.get(table.id)).state_json == f'"{winners[0]}"'
    finally:
        await first.close()
        await second.close()


async def test_the_log_pages_backwards_and_keeps_events(store):
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    for seq in range(1, 8):
        e = entry(seq, auto=seq == 3).model_copy(update={"events": [Event(kind="k", text=T(f"e{seq}", f"日{seq}"),
                                                                          to=["u1"] if seq == 2 else None)]})
        table = await store.append_action(running(table, seq), e, expected_version=seq - 1, expected_rev=table.rev)
    assert [e.seq for e in await store.actions.list(table.id, limit=3)] == [5, 6, 7]
    assert [e.seq for e in await store.actions.list(table.id, limit=3, before_seq=5)] == [2, 3, 4]
    page = await store.actions.list(table.id, after_seq=5)
    assert [e.seq for e in page] == [6, 7]
    full = await store.actions.list(table.id)
    assert full[1].events[0].to == ["u1"] and full[1].events[0].text.ja == "日2"
    assert full[2].auto and not full[1].auto
    assert await store.actions.count(table.id) == 7


async def test_commit_is_atomic_with_timer_claims_results_and_snapshots(store):
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    timer = await store.timers.add(Timer(table_id=table.id, kind="deadline", due_at=T0, seat="u1"))
    assert await store.timers.claim(timer.id)
    result = Result(table_id=table.id, guild_id=1, game="sutosute", players=["u1"], humans=["u1"], finished_at=T0)
    with pytest.raises(StaleWrite):  # the timer was already claimed: nothing else happens
        await store.append_action(running(table, 1), entry(1), expected_version=0, expected_rev=table.rev,
                                  claim_timer=timer.id, result=result, snapshot=True)
    assert await store.actions.list(table.id) == []
    assert await store.results.get(table.id) is None
    assert await store.snapshots.latest(table.id) is None
    saved = await store.append_action(running(table, 1, '{"v": 1}'), entry(1), expected_version=0,
                                      expected_rev=table.rev, result=result, snapshot=True, clear_timers=True)
    assert await store.results.get(table.id) == result
    assert await store.snapshots.latest(table.id) == (1, '{"v": 1}')
    assert await store.timers.for_table(table.id, include_fired=True) == []
    assert saved.version == 1


async def test_snapshots_give_the_newest_at_or_below_a_version(store):
    table = await store.tables.create(new_table())
    for v in (0, 50, 100):
        await store.snapshots.save(table.id, v, f'{{"v": {v}}}', T0 + v)
    await store.snapshots.save(table.id, 50, '"ignored duplicate"', T0)
    assert await store.snapshots.latest(table.id) == (100, '{"v": 100}')
    assert await store.snapshots.latest(table.id, at_most=99) == (50, '{"v": 50}')
    assert await store.snapshots.versions(table.id) == [0, 50, 100]


async def test_timers_are_claimed_exactly_once_and_replaced_per_seat(store):
    table = await store.tables.create(new_table())
    r1 = Timer(table_id=table.id, kind="reminder", due_at=T0 + 10, seat="u1", data={"n": 1})
    d1 = Timer(table_id=table.id, kind="deadline", due_at=T0 + 20, seat="u1")
    lobby = Timer(table_id=table.id, kind="lobby", due_at=T0 + 5)
    await store.timers.replace(table.id, "u1", [r1, d1])
    await store.timers.replace(table.id, "", [lobby])
    assert await store.timers.next_due() == T0 + 5
    due = await store.timers.due(T0 + 15)
    assert [(t.kind, t.seat) for t in due] == [("lobby", ""), ("reminder", "u1")]
    assert due[1].data == {"n": 1}
    claims = await asyncio.gather(*(store.timers.claim(due[1].id) for _ in range(5)))
    assert claims.count(True) == 1
    assert [t.kind for t in await store.timers.due(T0 + 15)] == ["lobby"]
    await store.timers.replace(table.id, "u1", [])
    assert [t.kind for t in await store.timers.for_table(table.id)] == ["lobby"]
    assert len(await store.timers.for_table(table.id, include_fired=True)) == 2  # the fired one stays as a record
    await store.timers.clear(table.id)
    assert await store.timers.next_due() is None


async def test_guild_settings_and_user_prefs_upsert(store):
    assert await store.guild_settings.get(1) is None
    await store.guild_settings.save(GuildSettings(guild_id=1, lang="ja", quiet_start=22, quiet_end=7), T0)
    await store.guild_settings.save(GuildSettings(guild_id=1, lang="ja", turn_limit_s=3600), T0 + 1)
    got = await store.guild_settings.get(1)
    assert got.lang == "ja" and got.turn_limit_s == 3600 and got.quiet_start is None
    await store.user_prefs.save(UserPrefs(user_id="u1", dm_closed=True), T0)
    assert (await store.user_prefs.get("u1")).dm_closed
    assert await store.user_prefs.get("u2") is None


async def test_results_come_back_per_guild_and_game_in_finishing_order(store):
    ids = []
    for i, (guild, game, at) in enumerate([(1, "sutosute", 30), (1, "ganymede", 10), (1, "sutosute", 20),
                                           (2, "sutosute", 5), (None, "sutosute", 1)]):
        t = await store.tables.create(new_table(channel_id=100 + i, guild_id=guild))
        ids.append(t.id)
        await store.results.add(Result(table_id=t.id, guild_id=guild, game=game, players=["u1"], humans=["u1"],
                                       ranking=[["u1"]], finished_at=T0 + at, rated=i == 0))
    assert [r.table_id for r in await store.results.for_guild(1)] == [ids[1], ids[2], ids[0]]
    assert [r.table_id for r in await store.results.for_guild(1, "sutosute")] == [ids[2], ids[0]]
    assert [r.table_id for r in await store.results.for_guild(None)] == [ids[4]]
    assert (await store.results.get(ids[0])).rated


async def test_committed_writes_survive_closing_and_reopening(store_url):
    store = await open_store(store_url)
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    await store.append_action(running(table, 1, '{"v": 1}'), entry(1), expected_version=0, expected_rev=table.rev)
    await store.close()
    reopened = await open_store(store_url)
    try:
        assert (await reopened.tables.get(table.id)).version == 1
        assert [e.seq for e in await reopened.actions.list(table.id)] == [1]
    finally:
        await reopened.close()


async def test_an_undone_entry_stays_in_the_log_but_leaves_the_game(store):
    """Undo: the entry is marked undone with the table's compare-and-set, the
    snapshots from its version on go, and the next move reuses the version under a new seq."""
    table = await store.tables.create(new_table())
    table = await store.tables.save(running(table), expected_rev=0)
    for seq in (1, 2):
        e = entry(seq).model_copy(update={"version": seq, "undoable": seq == 2, "undo_refusal": "chance" if seq == 1
                                          else None})
        table = await store.append_action(running(table, seq, f'{{"v": {seq}}}').model_copy(update={"log_seq": seq}),
                                          e, expected_version=seq - 1, expected_rev=table.rev, snapshot=True)
    last = await store.actions.last_live(table.id)
    assert (last.seq, last.version, last.undoable, last.undo_refusal) == (2, 2, True, None)
    first = (await store.actions.list(table.id))[0]
    assert (first.undoable, first.undo_refusal) == (False, "chance")
    with pytest.raises(StaleWrite):  # the table moved on: nothing is marked
        await store.commit(running(table, 1, '{"v": 1}'), expected_rev=table.rev - 1, expected_version=2,
                           before=table, undone=last)
    assert not (await store.actions.list(table.id))[1].undone
    table = await store.commit(running(table, 1, '{"v": 1}'), expected_rev=table.rev, expected_version=2,
                               before=table, undone=last)
    assert table.version == 1 and table.log_seq == 2
    assert await store.snapshots.versions(table.id) == [1]
    assert [e.seq for e in await store.actions.live(table.id)] == [1]
    assert (await store.actions.last_live(table.id)).seq == 1
    with pytest.raises(StaleWrite):  # an entry is undone once
        await store.commit(table, expected_rev=table.rev, before=table, undone=last)
    again = entry(3).model_copy(update={"version": 2})
    table = await store.append_action(running(table, 2, '{"v": "again"}').model_copy(update={"log_seq": 3}), again,
                                      expected_version=1, expected_rev=table.rev)
    log = await store.actions.list(table.id)
    assert [(e.seq, e.version, e.undone) for e in log] == [(1, 1, False), (2, 2, True), (3, 2, False)]
    assert [e.seq for e in await store.actions.live(table.id, after_version=1)] == [3]
    assert (await store.tables.get(table.id)).log_seq == 3
