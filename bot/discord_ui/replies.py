"""Answering interactions: the language to answer in, error texts, and replies that respect
Discord's 3-second deadline (work that runs long is deferred first)."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, Literal, TypeVar

import discord

from bot.i18n import DEFAULT_LANG, lang_of, t

T = TypeVar("T")
# Discord gives 3 s for the first answer; past this budget the bot defers and answers later.
DEFER_AFTER_S = 2.0

Mode = Literal["edit", "ephemeral", "public"]


def service(interaction: discord.Interaction) -> Any:
    return interaction.client.service  # type: ignore[attr-defined]


def uid(user: discord.abc.User) -> str:
    return str(user.id)


async def user_lang(interaction: discord.Interaction) -> str:
    """A user's language for ephemeral replies: their saved preference, else their Discord locale."""
    prefs = await interaction.client.prefs.user(uid(interaction.user))  # type: ignore[attr-defined]
    if prefs.lang:
        return prefs.lang
    return lang_of(interaction.locale)


async def guild_lang(bot: Any, guild_id: int | None) -> str:
    if guild_id is None:
        return DEFAULT_LANG
    return (await bot.prefs.guild(guild_id)).lang


async def table_lang(bot: Any, table: Any) -> str:
    """The language of a table's public messages: the table's, else the server's."""
    return table.lang or await guild_lang(bot, table.guild_id)


def error_text(error: Exception, lang: str) -> str:
    """A TableError in the reader's language (an illegal move carries the rules' own text)."""
    if hasattr(error, "message") and callable(error.message):
        return error.message(lang)
    key = getattr(error, "key", None)
    params = dict(getattr(error, "params", {}) or {})
    text = params.get("text")
    if getattr(error, "code", None) == "illegal" and hasattr(text, "get"):
        return text.get(lang)
    if key:
        try:
            return t(key, lang, **{k: (v.get(lang) if hasattr(v, "get") and not isinstance(v, dict) else v)
                                   for k, v in params.items()})
        except (KeyError, IndexError):
            pass
    return t("error.generic", lang)


def is_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is the clicker's own (an ephemeral reply or a DM)."""
    message = interaction.message
    if message is None:
        return False
    return bool(message.flags.ephemeral) or interaction.guild_id is None


async def within_deadline(interaction: discord.Interaction, work: Awaitable[T], mode: Mode) -> T:
    """Run `work`; if it takes longer than the budget, acknowledge the interaction first so
    Discord does not show "This interaction failed", then finish."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER_S)
    if not done and not interaction.response.is_done():
        if mode == "edit":
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=mode == "ephemeral", thinking=True)
    return await task


async def send(interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any) -> discord.Message | None:
    """A new message answering the interaction (a follow-up when it was already answered)."""
    if interaction.response.is_done():
        return await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)
    callback = await interaction.response.send_message(ephemeral=ephemeral, **kwargs)
    resource = getattr(callback, "resource", None)
    return resource if isinstance(resource, discord.Message) else None


async def edit(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Replace the clicked message (or the deferred original response)."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral refusal; nothing changed."""
    await send(interaction, ephemeral=True, content=text)
