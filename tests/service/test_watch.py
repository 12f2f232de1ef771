"""Watching: private tables (invitations, join codes), the server's table list and
following a table (told once per round and once at the end, never twice)."""
from __future__ import annotations

import pytest
from svc_helpers import GUILD, play_one, play_to_end, started

from games.kit import Rng
from tables import TableService
from tables.errors import TableError


async def private_lobby(svc, channel=100):
    table = await svc.open_lobby(GUILD, channel, "host", "Host", "guns-and-steel")
    return await svc.set_private(table.id, "host", True)


async def test_a_private_table_takes_invitees_and_the_join_code_only(svc):
    table = await private_lobby(svc)
    code = table.settings.join_code
    assert code and len(code) == 6
    with pytest.raises(TableError) as refused:
        await svc.join(table.id, "stranger", "Stranger")
    assert refused.value.key == "private.invite_only" and refused.value.message("ja")
    with pytest.raises(TableError) as wrong:
        await svc.join(table.id, "stranger", "Stranger", code="WRONG1")
    assert wrong.value.key == "private.bad_code"
    assert (await svc.get(table.id)).seats == table.seats  # nothing changed
    await svc.invite(table.id, "host", "friend")
    assert (await svc.join(table.id, "friend", "Friend")).user_seated("friend")
    assert (await svc.join(table.id, "other", "Other", code=code.lower())).user_seated("other")


async def test_only_the_host_makes_a_table_private_or_invites(svc):
    table = await svc.open_lobby(GUILD, 100, "host", "Host", "guns-and-steel")
    await svc.join(table.id, "guest", "Guest")
    with pytest.raises(TableError) as refused:
        await svc.set_private(table.id, "guest", True)
    assert refused.value.code == "not_host"
    with pytest.raises(TableError) as not_private:
        await svc.invite(table.id, "host", "friend")
    assert not_private.value.key == "private.not_private"
    table = await svc.set_private(table.id, "host", True)
    table = await svc.set_private(table.id, "host", False)
    assert not table.settings.private and table.settings.join_code is None
    assert (await svc.join(table.id, "anyone", "Anyone")).user_seated("anyone")


async def test_browse_lists_lobbies_then_running_games_never_private_ones(svc):
    running = (await started(svc, "sutosute", ["a", "b"], channel=100)).table
    lobby = await svc.open_lobby(GUILD, 101, "c", "C", "sutosute")
    await private_lobby(svc, channel=102)
    await svc.open_lobby(GUILD + 1, 103, "d", "D", "sutosute")  # another server
    assert [t.id for t in await svc.browse(GUILD)] == [lobby.id, running.id]


async def test_following_a_private_table_is_refused_to_others(svc):
    table = await private_lobby(svc)
    with pytest.raises(TableError) as refused:
        await svc.follow(table.id, "stranger")
    assert refused.value.code == "follow_refused" and refused.value.key == "follow.private"
    assert not await svc.is_following(table.id, "stranger")
    await svc.invite(table.id, "host", "friend")
    assert await svc.follow(table.id, "friend")


async def test_followers_hear_of_each_round_and_the_end_once(svc, clock):
    table = (await started(svc, "sutosute", ["a", "b"])).table
    assert await svc.follow(table.id, "fan")
    assert not await svc.follow(table.id, "fan")  # already following
    assert await svc.follow_news(table) == []
    rng = Rng(seed=3)
    rounds = 0
    while table.status == "running":
        table = (await play_one(svc, table, rng)).table
        news = await svc.follow_news(table)
        assert await svc.follow_news(table) == []  # claimed: a second process hears nothing
        rounds += sum(1 for n in news if n[1] == "round")
        if table.status == "finished":
            assert news == [("fan", "end", None)]
    assert rounds >= 1
    # a new process (a restart) tells nothing again
    assert await TableService(svc.store, clock=clock).follow_news(table) == []


async def test_unfollow_stops_the_news_and_an_ended_table_cannot_be_followed(svc, clock):
    table = (await started(svc, "sutosute", ["a", "b"])).table
    await svc.follow(table.id, "fan")
    assert await svc.unfollow(table.id, "fan")
    assert not await svc.unfollow(table.id, "fan")
    table = await play_to_end(svc, table, Rng(seed=1))
    assert await svc.follow_news(table) == []
    with pytest.raises(TableError) as over:
        await svc.follow(table.id, "fan")
    assert over.value.key == "follow.over"
