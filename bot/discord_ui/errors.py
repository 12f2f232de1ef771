"""The one place failures are reported: the user gets a short apology in their language
(ephemeral), the log gets the traceback with who, where and what."""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.i18n import lang_of, t

from .desk import Desk

log = logging.getLogger("bot.discord_ui")


async def report_failure(interaction: discord.Interaction, error: BaseException, context: str) -> None:
    """Log with context and tell the user, whether or not the interaction was answered yet."""
    original = getattr(error, "original", error)
    log.error("%s failed for user %s in guild %s channel %s", context, interaction.user.id,
              interaction.guild_id, interaction.channel_id, exc_info=original)
    text = t("error.generic", await _reader_lang(interaction))
    from .replies import send
    try:
        await send(interaction, ephemeral=True, content=text)
    except discord.HTTPException:
        log.warning("could not tell user %s about the failure", interaction.user.id)


async def _reader_lang(interaction: discord.Interaction) -> str:
    """The user's language (their saved choice, else their Discord locale), even when the
    failure being reported is the database's."""
    from .replies import user_lang
    try:
        return await user_lang(interaction)
    except Exception:  # noqa: BLE001 - reporting must not fail on top
        return lang_of(interaction.locale)


def install_tree_error_handler(bot: Desk) -> None:
    """Slash-command errors: refusals (admin checks, TableErrors) are answered politely,
    anything else is reported by `report_failure`."""

    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        from tables.errors import TableError

        from .replies import error_text, send, user_lang
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
