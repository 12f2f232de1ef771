"""Admin controls and resigning: refused for non-admins (changing nothing); end, kick, skip;
table and guild settings are validated."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, open_table, owed, play_one, play_to_end, snapshot, started

from games.kit import Rng
from tables import TableError


@pytest.mark.parametrize("call", ["end_table", "kick", "skip_now"])
async def test_admin_controls_refuse_non_admins_and_change_nothing(svc, call):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    before = await snapshot(svc, table.id)
    args = (table.id, "u2") if call == "kick" else (table.id,)
    with pytest.raises(TableError) as err:
        await getattr(svc, call)(*args, by_admin=False)
    assert err.value.code == "not_admin"
    assert "Manage Server" in err.value.message("en") and "管理" in err.value.message("ja")
    assert await snapshot(svc, table.id) == before


async def test_an_admin_ends_a_running_game_unrated_and_frees_the_channel(svc):
    table = await play_to_end(svc, (await started(svc, "sutosute", ["u1", "u2"])).table, Rng(seed=1), stop_after=4)
    ended = await svc.end_table(table.id, by_admin=True)
    assert ended.status == "finished"
    result = await svc.store.results.get(table.id)
    assert result.ended_by == "admin" and not result.rated and result.winners == []
    assert await svc.table_in_channel(table.channel_id) is None
    assert await svc.store.timers.for_table(table.id) == []
    with pytest.raises(TableError) as err:
        await svc.act(table.id, "u1", ended.version, "place", ["x"])
    assert err.value.code == "out_of_date"


async def test_an_admin_ending_a_lobby_cancels_it_without_a_result(svc):
    table = await open_table(svc, "sutosute", ["u1"])
    assert (await svc.end_table(table.id)).status == "cancelled"
    assert await svc.store.results.get(table.id) is None


async def test_kick_removes_a_lobby_player_and_auto_plays_a_running_seat(svc):
    lobby = await open_table(svc, "sutosute", ["u1", "u2"], channel=200)
    assert [s.user_id for s in (await svc.kick(lobby.id, "u2")).table.seats] == ["u1"]
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    result = await svc.kick(table.id, "u2")
    assert [(n.kind, n.users) for n in result.notices][0] == ("kicked", ["u2"])
    table = result.table
    assert table.seat("u2").auto and table.status == "running"
    assert {p.player for p in owed(table)} <= {"u1"}
    with pytest.raises(TableError) as err:
        await svc.kick(table.id, "u2")
    assert err.value.code == "not_seated"
    table = await play_to_end(svc, table, Rng(seed=3))
    assert table.status == "finished"
    assert not (await svc.store.results.get(table.id)).rated


async def test_skip_now_plays_for_everyone_who_owes_and_counts_an_expiry(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    result = await svc.skip_now(table.id)
    assert sorted(u for n in result.notices if n.kind == "expired" for u in n.users) == ["u1", "u2"]
    assert [e.auto for e in result.actions[:2]] == [True, True]
    table = result.table
    assert table.seat("u1").idle_expiries == 1 and table.seat("u2").idle_expiries == 1


async def test_resign_hands_the_seat_to_the_computer_and_the_game_goes_on(svc):
    table = (await started(svc, "ganymede", ["u1", "u2", "u3"], options={"mode": "three"})).table
    result = await svc.resign(table.id, "u3")
    assert result.notices[0].kind == "resigned" and result.table.seat("u3").auto
    with pytest.raises(TableError):
        await svc.resign(table.id, "u3")
    table = await play_to_end(svc, result.table, Rng(seed=8))
    assert table.status == "finished"
    assert not (await svc.store.results.get(table.id)).rated


async def test_resigning_the_last_person_ends_the_game(svc):
    solo = (await started(svc, "fort-of-gold", ["u1"])).table
    result = await svc.resign(solo.id, "u1")
    assert result.table.status == "finished" and result.notices[-1].kind == "game_over"
    stored = await svc.store.results.get(solo.id)
    assert stored.ended_by == "resign" and not stored.rated
    duel = (await started(svc, "sutosute", ["u1", "u2"], channel=300)).table
    await svc.resign(duel.id, "u1")
    result = await svc.resign(duel.id, "u2")
    assert result.table.status == "finished"


async def test_table_settings_are_for_the_host_in_the_lobby_and_admins_any_time(svc, clock):
    table = await open_table(svc, "sutosute", ["u1", "u2"])
    with pytest.raises(TableError) as err:
        await svc.update_table_settings(table.id, "u2", False, turn_limit_s=3600)
    assert err.value.code == "not_host"
    with pytest.raises(TableError) as err:
        await svc.update_table_settings(table.id, "u1", False, turn_limit_s=5)
    assert err.value.code == "bad_setting"
    with pytest.raises(TableError) as err:
        await svc.update_table_settings(table.id, "u1", False, quiet_hours=[22, 30])
    assert err.value.code == "bad_setting"
    table = await svc.update_table_settings(table.id, "u1", False, turn_limit_s=3600, idle_policy="auto",
                                            reminders=[600], quiet_hours=[23, 6])
    assert table.settings.turn_limit_s == 3600 and table.settings.idle_policy == "auto"
    assert table.settings.reminders == [600] and table.settings.quiet_hours == [23, 6]
    assert (await svc.get(table.id)).settings == table.settings  # stored
    table = (await svc.start(table.id, "u1", seed=1)).table
    with pytest.raises(TableError) as err:
        await svc.update_table_settings(table.id, "u1", False, turn_limit_s=7200)
    assert err.value.code == "not_admin"
    clock.advance(600)
    await svc.update_table_settings(table.id, "admin", True, turn_limit_s=7200)
    deadlines = [t.due_at for t in await svc.store.timers.for_table(table.id) if t.kind == "deadline"]
    assert deadlines == [clock() - 600 + 7200] * 2  # re-planned from when the turn began


async def test_guild_settings_are_validated_and_stored(svc):
    assert (await svc.guild_settings(GUILD)).lang == "en"
    for bad in ({"lang": "fr"}, {"quiet_start": 25}, {"no_such": 1}, {"max_open_tables_per_user": 0}):
        with pytest.raises(TableError) as err:
            await svc.update_guild_settings(GUILD, **bad)
        assert err.value.code == "bad_setting"
    settings = await svc.update_guild_settings(GUILD, lang="ja", turn_limit_s=86400, reminders=[3600])
    assert (await svc.guild_settings(GUILD)) == settings and settings.lang == "ja"
    table = await open_table(svc, "sutosute", ["u1"])
    assert table.settings.turn_limit_s == 86400 and table.settings.reminders == [3600]


async def test_user_prefs_remember_closed_dms_and_notify_opt_in(svc):
    assert (await svc.user_prefs("u1")).dm_closed is False
    await svc.update_user_prefs("u1", dm_closed=True)
    assert (await svc.user_prefs("u1")).dm_closed
    prefs = await svc.update_user_prefs("u1", notify_dm=True, dm_closed=False)
    assert prefs.notify_dm and not prefs.dm_closed and await svc.user_prefs("u1") == prefs
    with pytest.raises(TableError):
        await svc.update_user_prefs("u1", nonsense=True)


async def test_open_tables_lists_the_guilds_lobbies_and_games(svc):
    a = await open_table(svc, "sutosute", ["u1"], channel=1)
    b = (await started(svc, "sutosute", ["u2", "u3"], channel=2)).table
    await open_table(svc, "sutosute", ["u4"], channel=3, guild=GUILD + 1)
    assert [t.id for t in await svc.open_tables(GUILD)] == [a.id, b.id]
    rng = Rng(seed=1)
    while (step := await play_one(svc, b, rng)) is not None and step.table.status == "running":
        b = step.table
    assert [t.id for t in await svc.open_tables(GUILD)] == [a.id]
