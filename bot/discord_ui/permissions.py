"""The bot's own permissions in a channel, checked before a table opens or starts there.

Slash commands and their replies work in any channel, but turn pings, reminders, fresh boards
and results are the bot's own messages: without Send Messages or Embed Links a game would
open and then go quiet. So `/game new` and Start name what is missing instead.
"""
from __future__ import annotations

import discord

from bot.i18n import t

NEEDED = ("view_channel", "send_messages", "embed_links")
IN_THREADS = ("view_channel", "send_messages_in_threads", "embed_links")
FOR_OWN_THREAD = ("create_public_threads", "send_messages_in_threads")


def missing(interaction: discord.Interaction) -> list[str]:
    """Names of the permissions the bot lacks in the interaction's channel (none in DMs)."""
    if interaction.guild_id is None:
        return []
    in_thread = isinstance(interaction.channel, discord.Thread)
    granted = interaction.app_permissions
    return [name for name in (IN_THREADS if in_thread else NEEDED) if not getattr(granted, name)]


def missing_for_threads(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to give a table its own thread here (none in DMs or in a thread,
    where a table never opens another): the host is warned, the game plays in the channel."""
    if interaction.guild_id is None or isinstance(interaction.channel, discord.Thread):
        return []
    granted = interaction.app_permissions
    return [name for name in FOR_OWN_THREAD if not getattr(granted, name)]


def thread_warning(names: list[str], lang: str) -> str:
    return t("perm.thread_warning", lang, perms=", ".join(t(f"perm.{name}", lang) for name in names))


def missing_text(names: list[str], lang: str) -> str:
    return t("perm.missing", lang, perms=", ".join(t(f"perm.{name}", lang) for name in names))


def private_place(interaction: discord.Interaction) -> str | None:
    """"dm" or "group_dm" for a DM or group DM between people (the app is installed to a
    user's account there and only answers interactions); None elsewhere, the DM with the bot
    included."""
    if not interaction.context.private_channel:
        return None
    channel = interaction.channel
    kind = getattr(channel, "type", None)
    return "group_dm" if kind is discord.ChannelType.group else "dm"


def bot_can_host(interaction: discord.Interaction) -> bool:
    """Whether the bot may post in this channel on its own, as a table needs (its board, turn
    pings, reminders, results). Not where it is only installed to the user's account: a DM or
    group DM between people, or a server that has not added the bot. (Where Discord says
    nothing about the installs, as in a test double, the bot is taken to be present.)"""
    if interaction.context.private_channel:
        return False
    owners = interaction._integration_owners  # discord.py keeps them only privately
    if interaction.guild_id is not None and owners and not interaction.is_guild_integration():
        return False
    return True
