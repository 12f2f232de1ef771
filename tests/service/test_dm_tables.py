"""Tables in a DM or group DM between people (`TableSettings.place`): two seats at most, said
clearly in both languages, nothing changed by a refusal; their timers and notices belong to
the process that serves shard 0 (DMs carry no server), on every backend."""
from __future__ import annotations

import pytest

from persistence import Shards, open_store
from tables import TableService
from tables.errors import TableError

GROUP_DM = 777_000_000_000_000_001


async def test_a_dm_table_seats_two_and_says_so_in_both_languages(svc):
    table = await svc.open_lobby(None, GROUP_DM, "1", "Fern", "guns-and-steel", place="group_dm")
    assert table.settings.place == "group_dm" and table.guild_id is None
    table = await svc.join(table.id, "2", "Gus")
    with pytest.raises(TableError) as third:
        await svc.join(table.id, "3", "Hal")
    assert third.value.code == "dm_two_players"
    assert "seats two players" in third.value.message("en") and "2人まで" in third.value.message("ja")
    with pytest.raises(TableError) as cpu:
        await svc.add_cpu(table.id, "1")
    assert cpu.value.code == "dm_two_players"
    after = await svc.get(table.id)
    assert [s.user_id for s in after.seats] == ["1", "2"] and after.lobby_version == table.lobby_version


async def test_a_mode_for_three_is_refused_in_a_dm_but_not_in_a_server(svc):
    table = await svc.open_lobby(None, GROUP_DM, "1", "Fern", "ganymede", place="dm")
    with pytest.raises(TableError) as refused:
        await svc.set_option(table.id, "1", "mode", "three")
    assert refused.value.code == "dm_two_players"
    assert (await svc.get(table.id)).options["mode"] != "three"
    elsewhere = await svc.open_lobby(5, 55, "1", "Fern", "ganymede")
    assert (await svc.set_option(elsewhere.id, "1", "mode", "three")).options["mode"] == "three"


async def test_a_dm_tables_clock_belongs_to_the_process_of_shard_zero(any_db_url, clock):
    store = await open_store(any_db_url)
    try:
        svc = TableService(store, clock=clock, seed_source=lambda: 4242)
        table = await svc.open_lobby(None, GROUP_DM, "1", "Fern", "sutosute", place="group_dm")
        await svc.update_table_settings(table.id, "1", False, turn_limit_s=3600)
        await svc.join(table.id, "2", "Gus")
        started = await svc.start(table.id, "1")
        assert started.notices, "the first turn is told"
    finally:
        await store.close()
    later = clock() + 10 * 86400
    for ids, serves in (({0}, True), ({1}, False)):
        sharded = await open_store(any_db_url, shards=Shards(2, frozenset(ids)))
        try:
            due = [t for t in await sharded.timers.due(later) if t.table_id == table.id]
            assert bool(due) is serves, f"shards {ids}"
        finally:
            await sharded.close()
