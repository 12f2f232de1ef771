"""A server admin installing the bot: channels where the bot may not post are refused up front
(a game there would open and then go quiet), in the reader's language."""
from __future__ import annotations

import discord


async def test_a_channel_where_the_bot_cannot_post_is_refused_by_name(world):
    quiet = world.guild.create_text_channel(
        "read-only", overwrites={world.bot.user: discord.PermissionOverwrite(send_messages=False, embed_links=False)})
    refused = await world.alice.slash(quiet, "game new", game="sutosute")
    assert refused.acknowledged and refused.ephemeral
    assert "Send Messages" in refused.response.content and "Embed Links" in refused.response.content
    assert await world.bot.service.table_in_channel(quiet.id) is None, "no table was opened"
    await world.alice.slash(quiet, "game language", language="ja")
    refused = await world.alice.slash(quiet, "game new", game="sutosute")
    assert "メッセージを送信" in refused.response.content and "埋め込みリンク" in refused.response.content
    opened = await world.alice.slash(world.channel, "game new", game="sutosute")  # a normal channel works
    assert opened.acknowledged and not opened.ephemeral


async def test_the_host_is_warned_at_once_when_the_bot_cannot_make_the_tables_thread(world):
    """Tables here play in their own thread, but the bot may not create threads in this
    channel: /game new opens the lobby and tells the host straight away that the game will play
    in the channel instead."""
    await world.admin.slash(world.channel, "gameadmin settings", threads=True)
    no_threads = world.guild.create_text_channel(
        "no-threads", overwrites={world.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    opened = await world.alice.slash(no_threads, "game new", game="sutosute")
    assert opened.acknowledged and not opened.ephemeral, "the lobby opens"
    warning = [f for f in opened.followups if "can't create threads" in (f.content or "")]
    assert warning and warning[0].ephemeral and "Create Public Threads" in warning[0].content
    fine = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert not any("can't create threads" in (f.content or "") for f in fine.followups)
