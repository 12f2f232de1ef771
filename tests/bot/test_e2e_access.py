"""Tables named by number stay inside their server, and a table whose channel is
deleted ends instead of holding seats for good: through SimCord, as a member from
a DM, a member of another server, and a server admin see it."""
from __future__ import annotations

import random

import discord
from simdriver import open_table, play_to_end

from tables import ReplayFile


def other_server(world):
    """A second server the bot is in, with its own admin and a member who also sits in ours."""
    guild = world.env.create_guild("Other Club")
    channel = guild.create_text_channel("elsewhere")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(world.env.create_user("mallory"), roles=[admins])
    stranger = guild.add_member(world.env.create_user("trent"))
    alice_there = guild.add_member(world.alice.user)
    return channel, admin, stranger, alice_there


def said(result) -> str:
    assert result.acknowledged and result.ephemeral
    return result.response.content or ""


async def test_log_and_replay_of_another_servers_table_are_refused_from_a_dm_and_another_server(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    channel, admin, stranger, alice_there = other_server(world)
    here = f"There is no table #{table_id} here."
    # a running table's log: not from a DM of someone who never sat there, not from another server
    assert said(await world.outsider.user.slash("game log", table=table_id)) == here
    assert said(await stranger.slash(channel, "game log", table=table_id)) == here
    assert said(await admin.slash(channel, "game log", table=table_id)) == here
    # from its own server anyone reads it; a player reads it anywhere
    assert (await world.outsider.slash(world.channel, "game log", table=table_id)).response.embeds
    assert (await world.alice.user.slash("game log", table=table_id)).response.embeds
    assert (await alice_there.slash(channel, "game log", table=table_id)).response.embeds

    await play_to_end(world, table_id, [world.alice, world.bob], random.Random(4))
    assert said(await world.outsider.user.slash("game replay", table=table_id)) == here
    assert said(await stranger.slash(channel, "game replay", table=table_id)) == here
    mine = await world.bob.user.slash("game replay", table=table_id)
    assert ReplayFile.model_validate_json(await mine.response.attachments[0].read()).table_id == table_id
    assert (await world.outsider.slash(world.channel, "game replay", table=table_id)).response.attachments


async def test_the_log_in_japanese_says_no_such_table_here(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.outsider.user.slash("game language", language="ja")
    assert said(await world.outsider.user.slash("game log", table=table_id)) == f"ここに卓 #{table_id} はありません。"


async def test_admins_of_another_server_cannot_end_kick_or_skip_our_table(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    channel, admin, _, _ = other_server(world)
    version = (await world.bot.service.get(table_id)).version
    for command, options in (("gameadmin end", {}), ("gameadmin skip", {}),
                             ("gameadmin kick", {"player": world.bob.user})):
        assert said(await admin.slash(channel, command, table=table_id, **options)) == \
            f"There is no table #{table_id} here."
    table = await world.bot.service.get(table_id)
    assert table.status == "running" and table.version == version and not table.seat(str(world.bob.id)).auto


async def test_an_admin_ends_a_table_by_number_from_another_channel_of_the_server(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    lounge = world.guild.create_text_channel("lounge")
    ended = await world.admin.slash(lounge, "gameadmin end", table=table_id)
    assert f"#{table_id}" in said(ended)
    assert (await world.bot.service.get(table_id)).status == "finished"


async def test_deleting_the_channel_ends_its_game_and_frees_the_players_caps(world):
    await world.admin.slash(world.channel, "gameadmin settings", max_tables=1)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    lounge = world.guild.create_text_channel("lounge")
    refused = await world.alice.slash(lounge, "game new", game="sutosute")
    assert "open tables" in said(refused)
    world.env.backend.delete_channel(world.channel.id)  # an admin deletes the channel in Discord
    await world.env.settle()
    table = await world.bot.service.get(table_id)
    assert table.status == "finished"
    assert (await world.bot.service.store.results.get(table_id)).ended_by == "channel_deleted"
    opened = await world.alice.slash(lounge, "game new", game="sutosute")
    assert opened.acknowledged and not opened.ephemeral, "the ended table no longer counts"


async def test_a_channel_deleted_while_the_bot_missed_it_is_noticed_when_posting(world):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    backend = world.env.backend
    backend.channels.pop(world.channel.id)  # gone without an event (the bot was offline)
    backend.messages.pop(world.channel.id, None)
    await world.admin.slash(world.guild.create_text_channel("lounge"), "gameadmin skip", table=table_id)
    await world.bot.announcer.drain()
    assert (await world.bot.service.get(table_id)).status == "finished"


async def test_a_forgotten_table_in_a_missing_channel_does_not_block_a_new_one(world):
    await world.admin.slash(world.channel, "gameadmin settings", max_tables=1)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    world.env.backend.channels.pop(world.channel.id)  # gone without an event, and nothing posts there
    lounge = world.guild.create_text_channel("lounge")
    opened = await world.alice.slash(lounge, "game new", game="sutosute")
    assert opened.acknowledged and not opened.ephemeral
    assert (await world.bot.service.get(table_id)).status == "finished"


async def test_removing_the_bot_from_the_server_ends_its_tables_and_frees_the_caps(world):
    """A server that removes the bot leaves no table running (clocks would expire
    into 403s) and no player's open-table cap held."""
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    lobby = await world.carol.slash(world.guild.create_text_channel("lounge"), "game new", game="sutosute")
    assert lobby.acknowledged and not lobby.ephemeral
    world.env.backend.remove_guild(world.guild.id)  # kicked: Discord sends GUILD_DELETE
    await world.env.settle()
    await world.bot.announcer.drain()
    assert (await world.bot.service.get(table_id)).status == "finished"
    assert (await world.bot.service.store.results.get(table_id)).ended_by == "channel_deleted"
    for member in (world.alice, world.bob, world.carol):
        assert await world.bot.service.store.tables.count_open_for_user(str(member.id)) == 0
    assert await world.bot.service.store.tables.open_in_guild(world.guild.id) == []


async def test_missing_access_in_a_server_the_bot_left_unnoticed_ends_its_tables(world):
    """The removal was missed (the bot was offline): the next post answers 403 Missing Access
    (50001) and the bot is not in that server: its tables end. In a server the bot is still in,
    Missing Access is a channel permission an admin can restore: the table stays."""
    from types import SimpleNamespace
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    missing = discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50001, "message": "Missing Access"})
    await world.bot.announcer.posts.unless_channel_gone(world.channel.id, missing, "could not post in channel %s: %s")
    assert (await world.bot.service.get(table_id)).status == "running"
    world.bot._connection._remove_guild(world.bot.get_guild(world.guild.id))  # left while offline
    await world.bot.announcer.posts.unless_channel_gone(world.channel.id, missing, "could not post in channel %s: %s")
    assert (await world.bot.service.get(table_id)).status == "finished"
    assert await world.bot.service.store.tables.count_open_for_user(str(world.alice.id)) == 0


async def test_a_table_in_a_server_the_bot_left_unnoticed_does_not_block_a_new_one(world):
    """The cap refuses a new table; the counted one is in a server the bot was removed from
    while offline (Discord answers 403 Missing Access): it ends and the new table opens."""
    from types import SimpleNamespace
    await world.admin.slash(world.channel, "gameadmin settings", max_tables=1)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    other = world.env.create_guild("Other Club")
    lounge = other.create_text_channel("lounge")
    alice_there = other.add_member(world.alice.user)
    world.bot._connection._remove_guild(world.bot.get_guild(world.guild.id))  # removed while offline
    fetch = world.bot.fetch_channel

    async def forbidden(channel_id):
        if channel_id == world.channel.id:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50001, "message": "Missing Access"})
        return await fetch(channel_id)

    world.bot.fetch_channel = forbidden
    await world.bot.service.update_guild_settings(other.id, max_open_tables_per_user=1)
    opened = await alice_there.slash(lounge, "game new", game="sutosute")
    assert opened.acknowledged and not opened.ephemeral, opened.response.content
    assert (await world.bot.service.get(table_id)).status == "finished"
