"""Lobby rules: one table per channel, the per-user cap, allowed channels, join/leave, host
powers, computer seats, options and the player-count check at start."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, open_table, snapshot

from bot.i18n import catalogue, t
from games import registry
from tables import TableError
from tables.errors import CODES


async def refused(code: str, call) -> TableError:
    with pytest.raises(TableError) as err:
        await call
    assert err.value.code == code, err.value
    return err.value


async def test_a_lobby_seats_the_host_with_official_default_options(svc, clock):
    table = await svc.open_lobby(GUILD, 55, "u1", "Alice", "sutosute")
    assert table.status == "lobby" and table.host == "u1"
    assert [(s.user_id, s.display_name) for s in table.seats] == [("u1", "Alice")]
    assert table.options == registry.get("sutosute").Options().model_dump(mode="json")
    assert await svc.table_in_channel(55) == table
    timers = await svc.store.timers.for_table(table.id)
    assert [(t.kind, t.due_at) for t in timers] == [("lobby", clock() + 86400)]


async def test_a_second_lobby_in_a_busy_channel_is_refused(svc):
    first = await svc.open_lobby(GUILD, 55, "u1", "Alice", "sutosute")
    error = await refused("channel_busy", svc.open_lobby(GUILD, 55, "u2", "Bob", "ganymede"))
    assert "one table per channel" in error.message("en") and "1チャンネルに1卓" in error.message("ja")
    assert await svc.table_in_channel(55) == first
    await svc.open_lobby(GUILD, 56, "u2", "Bob", "ganymede")  # another channel is fine


async def test_unknown_game_is_refused_clearly(svc):
    error = await refused("unknown_game", svc.open_lobby(GUILD, 55, "u1", "Alice", "chess"))
    assert "chess" in error.message("en") and "chess" in error.message("ja")


async def test_the_per_user_cap_counts_open_tables_and_is_a_guild_setting(svc):
    for channel in (1, 2, 3):
        await svc.open_lobby(GUILD, channel, "u1", "Alice", "sutosute")
    error = await refused("too_many_tables", svc.open_lobby(GUILD, 4, "u1", "Alice", "sutosute"))
    assert "3" in error.message("en")
    other = await svc.open_lobby(GUILD, 4, "u2", "Bob", "sutosute")
    await refused("too_many_tables", svc.join(other.id, "u1", "Alice"))
    await svc.update_guild_settings(GUILD, max_open_tables_per_user=4)
    await svc.join(other.id, "u1", "Alice")
    assert len(await svc.tables_for_user("u1")) == 4


async def test_allowed_channels_restrict_where_lobbies_open(svc):
    await svc.update_guild_settings(GUILD, allowed_channels=[7])
    await refused("channel_not_allowed", svc.open_lobby(GUILD, 8, "u1", "Alice", "sutosute"))
    assert (await svc.open_lobby(GUILD, 7, "u1", "Alice", "sutosute")).channel_id == 7
    assert (await svc.open_lobby(GUILD + 1, 8, "u2", "Bob", "sutosute")).channel_id == 8  # other guilds unaffected


async def test_join_refuses_doubles_full_tables_and_started_games(svc):
    table = await open_table(svc, "sutosute", ["u1"])
    await refused("already_seated", svc.join(table.id, "u1", "Alice"))
    table = await svc.join(table.id, "u2", "Bob")
    error = await refused("table_full", svc.join(table.id, "u3", "Carol"))
    assert "2" in error.message("en")
    await svc.start(table.id, "u1", seed=1)
    await refused("not_lobby", svc.join(table.id, "u3", "Carol"))
    await refused("not_found", svc.join(99999, "u3", "Carol"))


async def test_lobby_changes_count_in_lobby_version_not_in_the_game_version(svc):
    table = await open_table(svc, "ganymede", ["u1"])
    joined = await svc.join(table.id, "u2", "Bob")
    left = await svc.leave(table.id, "u2")
    assert (table.lobby_version, joined.lobby_version, left.lobby_version) == (0, 1, 2)
    assert left.version == 0


async def test_a_leaving_host_passes_the_table_on_and_the_last_one_out_cancels(svc):
    table = await open_table(svc, "ganymede", ["u1", "u2"], options={"mode": "three"}, cpus=1)
    table = await svc.leave(table.id, "u1")
    assert table.host == "u2" and [s.user_id for s in table.seats] == ["u2", "cpu:1"]
    await refused("not_seated", svc.leave(table.id, "u1"))
    table = await svc.leave(table.id, "u2")
    assert table.status == "cancelled"
    assert await svc.table_in_channel(table.channel_id) is None
    assert await svc.store.timers.for_table(table.id) == []


async def test_only_the_host_adds_computer_seats_and_only_where_the_game_allows(svc):
    table = await open_table(svc, "ganymede", ["u1", "u2"], options={"mode": "three"})
    await refused("not_host", svc.add_cpu(table.id, "u2"))
    table = await svc.add_cpu(table.id, "u1")
    assert table.seats[-1].is_cpu and table.seats[-1].user_id == "cpu:1"
    await refused("table_full", svc.add_cpu(table.id, "u1"))
    await refused("not_cpu", svc.remove_cpu(table.id, "u1", "u2"))
    table = await svc.remove_cpu(table.id, "u1", "cpu:1")
    assert [s.user_id for s in table.seats] == ["u1", "u2"]
    solo = await open_table(svc, "fort-of-gold", ["u3"], channel=101)
    await refused("no_random_seats", svc.add_cpu(solo.id, "u3"))


async def test_options_are_validated_by_the_game_and_host_only(svc):
    table = await open_table(svc, "ganymede", ["u1", "u2"])
    before = await snapshot(svc, table.id)
    error = await refused("bad_option", svc.set_option(table.id, "u1", "mode", "chaos"))
    assert "chaos" in error.message("en") and "chaos" in error.message("ja")
    assert "Mode" in error.message("en") and "「モード」" in error.message("ja"), "the game's own name for its option"
    await refused("bad_option", svc.set_option(table.id, "u1", "no_such_option", 1))
    await refused("not_host", svc.set_option(table.id, "u2", "mode", "coop"))
    assert await snapshot(svc, table.id) == before
    table = await svc.set_option(table.id, "u1", "mode", "coop")
    assert table.options["mode"] == "coop"


async def test_start_checks_host_and_player_count_for_the_chosen_options(svc):
    table = await open_table(svc, "ganymede", ["u1", "u2"], options={"mode": "three"})
    await refused("not_host", svc.start(table.id, "u2"))
    error = await refused("wrong_player_count", svc.start(table.id, "u1"))
    assert "3" in error.message("en") and "2" in error.message("en")
    assert (await svc.get(table.id)).status == "lobby"
    await svc.add_cpu(table.id, "u1")
    result = await svc.start(table.id, "u1", seed=3)
    assert result.table.status == "running" and result.table.seed == 3 and result.table.state_json
    kinds = {t.kind for t in await svc.store.timers.for_table(table.id)}
    assert "lobby" not in kinds and kinds <= {"reminder"}  # no lobby timeout any more; no limit set
    assert {n.kind for n in result.notices} <= {"turn_started", "game_over"}


async def test_start_uses_the_seed_source_when_no_seed_is_given(svc):
    table = await open_table(svc, "sutosute", ["u1", "u2"])
    assert (await svc.start(table.id, "u1")).table.seed == 4242


async def test_cancel_is_for_the_host_and_frees_the_channel(svc):
    table = await open_table(svc, "sutosute", ["u1", "u2"])
    await refused("not_host", svc.cancel(table.id, "u2"))
    assert (await svc.cancel(table.id, "u1")).status == "cancelled"
    assert await svc.table_in_channel(table.channel_id) is None
    await refused("not_running", svc.cancel(table.id, "u1"))


def test_every_refusal_reads_well_in_english_and_japanese():
    messages = catalogue()
    for code in CODES:
        key = f"service.error.{code}"
        assert messages[key]["en"] and messages[key]["ja"], code
        assert messages[key]["en"] != messages[key]["ja"], code
        params = {"count": 3, "limit": 3, "max": 2, "min": 2, "game": "x", "name": "n", "value": "v",
                  "detail": "d", "reason": "r", "level": "genius", "id": 7, "players": 2}
        assert t(key, "ja", **params) and t(key, "en", **params)
