"""The one place failures are reported: the user gets a short apology in their language
(ephemeral), the log gets the traceback with who, where and what."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_of, t
from persistence import Unavailable
from tables.errors import TableError

from .replies import error_text, send, user_lang

log = logging.getLogger("bot.discord_ui")


def database_unavailable(error: BaseException | None) -> bool:
    """Whether the failure is the database being away (`persistence.Unavailable`, however
    wrapped): the store logged the outage once, and the user is told to try again soon."""
    seen = 0
    while error is not None and seen < 8:
        if isinstance(error, Unavailable):
            return True
        error = getattr(error, "original", None) or error.__cause__ or error.__context__
        seen += 1
    return False


async def report_failure(interaction: discord.Interaction, error: BaseException, context: str) -> None:
    """Log with context and tell the user, whether or not the interaction was answered yet. A
    database outage is no bug: no traceback, and the user reads that nothing was changed and
    to try again in a minute (the store logs when the outage starts and ends)."""
    original = getattr(error, "original", error)
    if database_unavailable(original):
        key = "error.db_unavailable"
    else:
        key = "error.generic"
        log.error("%s failed for user %s in guild %s channel %s", context, interaction.user.id,
                  interaction.guild_id, interaction.channel_id, exc_info=original)
    text = t(key, await _reader_lang(interaction))
    try:
        await send(interaction, ephemeral=True, content=text)
    except discord.HTTPException:
        log.warning("could not tell user %s about the failure", interaction.user.id)


async def invalid_control(interaction: discord.Interaction, why: str = "") -> None:
    """A control no template (or no handler) accepts: forged, cut short, oversized, drawn for
    a state that never existed. One log line, a plain refusal, nothing changes."""
    custom_id = str(interaction.data.get("custom_id", "") if interaction.data else "")
    log.warning("invalid control %r from user %s in channel %s%s", custom_id[:120], interaction.user.id,
                interaction.channel_id, f": {why}" if why else "")
    text = t("ui.invalid_control", await _reader_lang(interaction))
    await send(interaction, ephemeral=True, content=text)


async def _reader_lang(interaction: discord.Interaction) -> str:
    """The user's language (their saved choice, else their Discord locale), even when the
    failure being reported is the database's."""
    try:
        return await user_lang(interaction)
    except Exception:  # noqa: BLE001 - reporting must not fail on top
        return lang_of(interaction.locale)


def install_tree_error_handler(bot: commands.Bot | commands.AutoShardedBot) -> None:
    """Slash-command errors: refusals (admin checks, TableErrors) are answered politely,
    anything else is reported by `report_failure`."""

    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, TableError):
            await send(interaction, ephemeral=True, content=error_text(original, await user_lang(interaction)))
            return
        if isinstance(error, (app_commands.CheckFailure, app_commands.CommandOnCooldown)):
            key = "admin.refused" if isinstance(error, app_commands.CheckFailure) else "error.cooldown"
            await send(interaction, ephemeral=True, content=t(key, await _reader_lang(interaction)))
            return
        name = interaction.command.qualified_name if interaction.command else "?"
        await report_failure(interaction, error, context=f"/{name}")

    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]
