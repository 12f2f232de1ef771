"""Answering interactions: the language to answer in, error texts, and replies that respect
Discord's 3-second deadline (work that runs long is deferred first)."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import discord

from bot.i18n import DEFAULT_LANG, lang_of, t

if TYPE_CHECKING:
    from .desk import Preferring

T = TypeVar("T")
log = logging.getLogger(__name__)
# Discord gives 3 s for the first answer; past this budget the bot defers and answers later.
DEFER_AFTER_S = 2.0

Mode = Literal["edit", "ephemeral", "public"]


def service(interaction: discord.Interaction) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


def uid(user: discord.abc.User) -> str:
    return str(user.id)


def channel_of(interaction: discord.Interaction) -> int:
    """The channel a command or click came from (Discord names one with each of them)."""
    if interaction.channel_id is None:
        raise ValueError(f"interaction {interaction.id} names no channel")
    return interaction.channel_id


def guild_of(interaction: discord.Interaction) -> int:
    """The server of a server-only command (`app_commands.guild_only`)."""
    if interaction.guild_id is None:
        raise ValueError(f"interaction {interaction.id} names no server")
    return interaction.guild_id


async def user_lang(interaction: discord.Interaction) -> str:
    """A user's language for ephemeral replies: their saved preference, else their Discord locale."""
    prefs = await interaction.client.prefs.user(uid(interaction.user))  # type: ignore[attr-defined]
    if prefs.lang:
        return prefs.lang
    return lang_of(interaction.locale)


async def guild_lang(bot: Preferring, guild_id: int | None) -> str:
    if guild_id is None:
        return DEFAULT_LANG
    return (await bot.prefs.guild(guild_id)).lang


async def table_lang(bot: Preferring, table: Any) -> str:
    """The language of a table's public messages: the table's, else the server's."""
    return table.lang or await guild_lang(bot, table.guild_id)


def error_text(error: Exception, lang: str) -> str:
    """A TableError in the reader's language (an illegal move carries the rules' own text)."""
    if hasattr(error, "message") and callable(error.message):
        return error.message(lang)
    key = getattr(error, "key", None)
    params = dict(getattr(error, "params", {}) or {})
    text = params.get("text")
    if getattr(error, "code", None) == "illegal" and text is not None and hasattr(text, "get"):
        return text.get(lang)
    if key:
        try:
            return t(key, lang, **{k: (v.get(lang) if hasattr(v, "get") and not isinstance(v, dict) else v)
                                   for k, v in params.items()})
        except (KeyError, IndexError):
            pass
    return t("error.generic", lang)


def in_bot_dm(interaction: discord.Interaction) -> bool:
    """The user's own DM with the bot: what the bot sends there only they read, so a reply
    need not be ephemeral. A DM or group DM between people (the app installed to a user's
    account) is not: hands there stay ephemeral."""
    return interaction.guild_id is None and not interaction.context.private_channel


def is_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is the clicker's own (an ephemeral reply or a DM from the bot)."""
    message = interaction.message
    if message is None:
        return False
    return bool(message.flags.ephemeral) or in_bot_dm(interaction)


def _reply_lock(interaction: discord.Interaction) -> asyncio.Lock:
    """One initial response per interaction: the handler's answer and the deadline guard's
    deferral take turns, so they never both answer (Discord would refuse the second, 40060)."""
    lock = interaction.extras.get("reply_lock")
    if lock is None:
        lock = interaction.extras["reply_lock"] = asyncio.Lock()
    return lock


def arrived(interaction: discord.Interaction, mode: Mode) -> None:
    """What every command and click does first: remember the user's Discord language (for
    DMs later) and start its deadline guard."""
    interaction.client.prefs.note_locale(uid(interaction.user), lang_of(interaction.locale))  # type: ignore[attr-defined]
    guard_deadline(interaction, mode)


def guard_deadline(interaction: discord.Interaction, mode: Mode) -> None:
    """Make sure `interaction` is acknowledged within Discord's 3 seconds, whatever the handler
    waits for: if nothing answered it after DEFER_AFTER_S, defer it (`mode` says how the real
    answer will come: by editing the clicked message, or as a new ephemeral or public message).
    The first guard of an interaction wins; every command and click gets one."""
    if "deadline_guard" not in interaction.extras:
        task = asyncio.get_running_loop().create_task(_acknowledge_if_slow(interaction, mode))
        interaction.extras["deadline_guard"] = task


async def _acknowledge_if_slow(interaction: discord.Interaction, mode: Mode) -> None:
    await asyncio.sleep(DEFER_AFTER_S)
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            return
        try:
            if mode == "edit":
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=mode == "ephemeral", thinking=True)
        except discord.HTTPException as error:
            log.warning("could not defer interaction %s: %s", interaction.id, error)


PUBLIC_COMMANDS = frozenset({"game new", "game board", "game start", "game leaderboard", "game learn"})


def install_deadline_guard(tree: discord.app_commands.CommandTree) -> None:
    """Every slash command gets a deadline guard before it runs (public for the commands
    whose answer is a public message, else ephemeral)."""

    async def interaction_check(interaction: discord.Interaction) -> bool:
        name = interaction.command.qualified_name if interaction.command else ""
        arrived(interaction, "public" if name in PUBLIC_COMMANDS else "ephemeral")
        return True

    tree.interaction_check = interaction_check  # type: ignore[method-assign]


async def within_deadline(interaction: discord.Interaction, work: Awaitable[T], mode: Mode) -> T:
    """Run `work` under the deadline guard (see `guard_deadline`)."""
    guard_deadline(interaction, mode)
    return await work


async def send(interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any) -> discord.Message | None:
    """A new message answering the interaction (a follow-up when it was already answered)."""
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            return await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
        callback = await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
        _answered(interaction)
    resource = getattr(callback, "resource", None)
    return resource if isinstance(resource, discord.Message) else None


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Replace the clicked message (or the deferred original response)."""
    async with _reply_lock(interaction):
        if interaction.response.is_done():
            await interaction.edit_original_response(**kwargs)
        else:
            await interaction.response.edit_message(**kwargs)
            _answered(interaction)


def _answered(interaction: discord.Interaction) -> None:
    """The interaction has its first answer: its deadline guard has nothing left to do."""
    guard = interaction.extras.get("deadline_guard")
    if guard is not None:
        guard.cancel()


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral refusal; nothing changed."""
    await send(interaction, ephemeral=True, content=text)
