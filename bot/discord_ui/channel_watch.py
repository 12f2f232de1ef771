"""Tables whose channel, thread or server is gone: nobody can play or end them there, so they
end (unrated) as soon as the bot learns of it — from the deletion or removal event, or from
Discord's "Unknown Channel" (10003), or "Missing Access" (50001) in a server the bot is no
longer in, when the bot next tries to post there."""
from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import Any, Protocol

import discord

from .desk import Clocked, Guilds, Served

log = logging.getLogger(__name__)
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001
UNKNOWN_MEMBER = 10007


class Closing(Served, Clocked, Protocol):
    """What ending a gone channel's or server's tables needs: the service, and the clock to wake."""


class Ending(Closing, Guilds, Protocol):
    """What ending the tables of a channel Discord refuses needs: ending them, and the servers
    the bot is in (a server it left, or a permission an admin may restore)."""


class Sweeping(Ending, Protocol):
    """What looking up a user's tables' channels needs: ending them, and Discord's channels."""

    async def fetch_channel(self, channel_id: int, /) -> Any: ...


class Watching(Closing, Protocol):
    """What listening for gone channels and servers needs: ending them, and the bot's events."""

    def add_listener(self, func: Callable[..., Coroutine[Any, Any, Any]], /) -> None: ...


async def channel_deleted(bot: Closing, channel_id: int) -> None:
    """End every open table of a deleted channel; the players' open-table caps free up."""
    ended = await bot.service.channel_gone(channel_id)
    if ended:
        log.info("channel %s is gone: ended table(s) %s", channel_id, ", ".join(f"#{r.table.id}" for r in ended))
        bot.scheduler.poke()


async def guild_removed(bot: Closing, guild_id: int) -> None:
    """The bot left (or was removed from) a server: end its open tables; caps free up."""
    ended = await bot.service.guild_gone(guild_id)
    if ended:
        log.info("no longer in server %s: ended table(s) %s", guild_id, ", ".join(f"#{r.table.id}" for r in ended))
        bot.scheduler.poke()


async def access_lost(bot: Ending, channel_id: int) -> bool:
    """A post or edit in `channel_id` got "Missing Access": when the bot is no longer in that
    table's server, the server's tables end (True). Within a server the bot is still in, it is
    a channel permission an admin may restore: the table stays."""
    table = await bot.service.table_in_channel(channel_id)
    if table is None or table.guild_id is None or bot.get_guild(table.guild_id) is not None:
        return False
    await guild_removed(bot, table.guild_id)
    return True


async def sweep_for(bot: Sweeping, user_id: str) -> bool:
    """Look up the channels of the user's open tables (at most their cap: a few REST calls,
    only when the cap refuses them) and end the tables whose channel is gone. True if any ended."""
    ended = False
    for table in await bot.service.tables_for_user(user_id):
        try:
            await bot.fetch_channel(table.channel_id)
        except discord.NotFound as error:
            if error.code == UNKNOWN_CHANNEL:
                await channel_deleted(bot, table.channel_id)
                ended = True
        except discord.Forbidden as error:  # in a server the bot left unnoticed, the table ends
            if error.code == MISSING_ACCESS and await access_lost(bot, table.channel_id):
                ended = True
        except discord.HTTPException:
            continue  # unreachable: the channel may well exist
    return ended


def install(bot: Watching) -> None:
    """Listen for deleted channels and threads and for servers the bot leaves (the default
    `guilds` intent delivers all three)."""
    async def on_guild_channel_delete(channel) -> None:
        await channel_deleted(bot, channel.id)

    async def on_raw_thread_delete(payload) -> None:
        await channel_deleted(bot, payload.thread_id)

    async def on_guild_remove(guild) -> None:
        await guild_removed(bot, guild.id)

    bot.add_listener(on_guild_channel_delete)
    bot.add_listener(on_raw_thread_delete)
    bot.add_listener(on_guild_remove)
