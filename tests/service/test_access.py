"""Who may name a table by number and tables whose channel is gone."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, play_to_end, started

from games.kit import Rng
from tables import TableError

OTHER_GUILD = GUILD + 1


async def test_a_table_is_readable_from_its_own_server_and_by_its_players_only(svc):
    table = (await started(svc, "sutosute", ["ann", "ben"])).table
    assert (await svc.table_for_reader(table.id, guild_id=GUILD, user_id="zed")).id == table.id
    assert (await svc.table_for_reader(table.id, guild_id=None, user_id="ann")).id == table.id  # a DM, seated
    assert (await svc.table_for_reader(table.id, guild_id=OTHER_GUILD, user_id="ben")).id == table.id
    for guild, user in ((None, "zed"), (OTHER_GUILD, "zed")):
        with pytest.raises(TableError) as refused:
            await svc.table_for_reader(table.id, guild_id=guild, user_id=user)
        assert refused.value.code == "not_here"
        assert refused.value.message("en") == f"There is no table #{table.id} here."
        assert refused.value.message("ja") == f"ここに卓 #{table.id} はありません。"
    with pytest.raises(TableError) as missing:  # a number that does not exist reads the same
        await svc.table_for_reader(9999, guild_id=GUILD, user_id="zed")
    assert missing.value.message("en") == "There is no table #9999 here."


async def test_admins_reach_only_their_own_servers_tables(svc):
    table = (await started(svc, "sutosute", ["ann", "ben"])).table
    assert (await svc.table_for_admin(table.id, guild_id=GUILD)).id == table.id
    for guild in (OTHER_GUILD, None):
        with pytest.raises(TableError) as refused:
            await svc.table_for_admin(table.id, guild_id=guild)
        assert refused.value.code == "not_here"


async def test_a_deleted_channel_ends_its_running_game_unrated_and_frees_the_cap(svc):
    svc.max_open_tables_per_user = 2
    running = (await started(svc, "sutosute", ["ann", "ben"], channel=501)).table
    lobby = await svc.open_lobby(GUILD, 502, "ann", "Ann", "sutosute")
    with pytest.raises(TableError) as capped:
        await svc.open_lobby(GUILD, 503, "ann", "Ann", "sutosute")
    assert capped.value.code == "too_many_tables"

    ended = await svc.channel_gone(501)
    assert [r.table.id for r in ended] == [running.id]
    assert ended[0].table.status == "finished"
    assert [n.kind for n in ended[0].notices] == ["game_over"]
    result = await svc.store.results.get(running.id)
    assert result.ended_by == "channel_deleted" and not result.rated
    assert all(t.table_id != running.id for t in await svc.store.timers.due(10**12)), "its clock stopped"
    assert (await svc.open_lobby(GUILD, 503, "ann", "Ann", "sutosute")).status == "lobby", "the cap counts it out"

    assert [r.table.status for r in await svc.channel_gone(502)] == ["cancelled"]
    assert (await svc.get(lobby.id)).status == "cancelled"
    assert await svc.channel_gone(501) == [], "nothing more to end"


async def test_a_game_ended_for_its_channel_refuses_further_moves(svc):
    table = (await started(svc, "sutosute", ["ann", "ben"], channel=601)).table
    await svc.channel_gone(601)
    with pytest.raises(TableError):
        await play_to_end(svc, table, Rng(seed=1))


async def test_a_player_who_left_the_server_is_replaced_or_the_game_ends(svc):
    """The front end noticed a player left the server. With another person at the
    table the computer plays the seat and everyone is told; alone, the game ends; in a lobby
    the seat is freed; a second notice changes nothing."""
    table = (await started(svc, "sutosute", ["ann", "ben"])).table
    left = await svc.member_left(table.id, "ben")
    assert left.table.seat("ben").auto and left.table.status == "running"
    assert [(n.kind, n.users) for n in left.notices][:1] == [("left_server", ["ben"])]
    again = await svc.member_left(table.id, "ben")
    assert again.notices == [] and again.table.version == (await svc.get(table.id)).version
    alone = await svc.member_left(table.id, "ann")
    assert alone.table.status == "finished" and await svc.store.tables.count_open_for_user("ann") == 0
    lobby = await svc.open_lobby(GUILD, 777, "cy", "Cy", "sutosute")
    await svc.join(lobby.id, "di", "Di")
    assert [s.user_id for s in (await svc.member_left(lobby.id, "di")).table.seats] == ["cy"]
