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


def missing(interaction: discord.Interaction) -> list[str]:
    """Names of the permissions the bot lacks in the interaction's channel (none in DMs)."""
    if interaction.guild_id is None:
        return []
    in_thread = isinstance(interaction.channel, discord.Thread)
    granted = interaction.app_permissions
    return [name for name in (IN_THREADS if in_thread else NEEDED) if not getattr(granted, name)]


def missing_text(names: list[str], lang: str) -> str:
    return t("perm.missing", lang, perms=", ".join(t(f"perm.{name}", lang) for name in names))
