"""What the table slash commands do: new, join, leave, start, hand, board, resign, undo.

Each acts on the table in the channel where it is used (`/game hand` also finds the user's
only running table elsewhere)."""
from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from games import registry
from tables.errors import TableError
from tables.read_model import read

from . import lobby, permissions, play, text_board
from .channel_watch import sweep_for
from .desk import Desk
from .presenters import clip
from .replies import send, table_lang, uid, user_lang
from .router import plays_in_thread, start_from


async def table_here(bot: Desk, interaction: discord.Interaction, lang: str) -> Any | None:
    """The open table of this channel, or an ephemeral 'no table here' and None."""
    table = await bot.service.table_in_channel(interaction.channel_id)
    if table is None:
        await send(interaction, ephemeral=True, content=t("table.none_here", lang))
    return table


async def new(bot: Desk, interaction: discord.Interaction, game_key: str) -> None:
    svc = bot.service
    lang = await user_lang(interaction)
    try:
        registry.get(game_key)
    except (KeyError, ImportError, AttributeError):
        await send(interaction, ephemeral=True, content=t("table.game_unavailable", lang, game=game_key))
        return
    place = permissions.private_place(interaction)  # a DM or group DM between people: played by clicks
    if place is None and not permissions.bot_can_host(interaction):
        await send(interaction, ephemeral=True, content=t("table.bot_not_here", lang))
        return
    if lacking := permissions.missing(interaction):
        await send(interaction, ephemeral=True, content=permissions.missing_text(lacking, lang))
        return
    table = await open_lobby(bot, interaction, game_key, place)
    public = await table_lang(bot, table)
    message = await send(interaction, ephemeral=False, **lobby.payload(table, public))
    if message is not None:
        await svc.set_board_message(table.id, message.id)
    if (lacking := permissions.missing_for_threads(interaction)) and await plays_in_thread(bot, table):
        await send(interaction, ephemeral=True, content=permissions.thread_warning(lacking, lang))
    bot.scheduler.poke()


async def learn(bot: Desk, interaction: discord.Interaction, game_key: str) -> None:
    """`/game learn`: a guided first game against the computer (tables/hints.py), in the
    person's language: its opening message here, the game in a thread of its own (in a
    server, where the bot may open one) or right here in a DM, and the person's hand with the
    first decision explained and its hint."""
    svc = bot.service
    lang = await user_lang(interaction)
    try:
        game = registry.get(game_key)
    except (KeyError, ImportError, AttributeError):
        await send(interaction, ephemeral=True, content=t("table.game_unavailable", lang, game=game_key))
        return
    if not permissions.bot_can_host(interaction):
        await send(interaction, ephemeral=True, content=t("table.bot_not_here", lang))
        return
    if lacking := permissions.missing(interaction):
        await send(interaction, ephemeral=True, content=permissions.missing_text(lacking, lang))
        return
    table = await svc.open_guided(interaction.guild_id, interaction.channel_id, uid(interaction.user),
                                  interaction.user.display_name, game_key, lang)
    if permissions.missing_for_threads(interaction):  # no thread of its own: it plays here
        table = await svc.update_table_settings(table.id, uid(interaction.user), False, thread=False)
    opening = t("learn.opening", lang, who=interaction.user.mention)
    message = await send(interaction, ephemeral=False, **lobby.payload(table, lang, note=opening))
    if message is not None:
        await svc.set_board_message(table.id, message.id)
    await start_from(bot, interaction, table.id, in_place=False)
    table = await svc.get(table.id)
    if table.status == "running":
        await play.show_hand(bot, interaction, table, in_place=False,
                             note=t("learn.welcome", lang, game=game.names.get(lang, game.names["en"])))


async def open_lobby(bot: Desk, interaction: discord.Interaction, game_key: str, place: str | None = None) -> Any:
    """The service's open_lobby; when the open-table cap refuses, first make sure none of the
    counted tables sits in a channel that no longer exists (a deletion the bot missed)."""
    # a table in a DM or group DM between people speaks its host's language (there is no server's)
    lang = await user_lang(interaction) if place is not None else None
    args = (interaction.guild_id, interaction.channel_id, uid(interaction.user), interaction.user.display_name,
            game_key, place, lang)
    try:
        return await bot.service.open_lobby(*args)
    except TableError as error:
        if error.code != "too_many_tables" or not await sweep_for(bot, uid(interaction.user)):
            raise
    return await bot.service.open_lobby(*args)


async def join(bot: Desk, interaction: discord.Interaction, code: str | None = None) -> None:
    """`code`: a private table's join code (tables/watch.py)."""
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    table = await bot.service.join(table.id, uid(interaction.user), interaction.user.display_name, code=code)
    await send(interaction, ephemeral=True, content=t("table.joined", lang, id=table.id))
    await lobby.refresh_message(bot, table)


async def leave(bot: Desk, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    table = await bot.service.leave(table.id, uid(interaction.user))
    await send(interaction, ephemeral=True, content=t("table.left", lang, id=table.id))
    await lobby.refresh_message(bot, table)
    bot.scheduler.poke()


async def start(bot: Desk, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is not None:
        await start_from(bot, interaction, table.id, in_place=False)


async def hand(bot: Desk, interaction: discord.Interaction) -> None:
    svc = bot.service
    lang = await user_lang(interaction)
    user_id = uid(interaction.user)
    table = await svc.table_in_channel(interaction.channel_id)
    if table is None or not table.user_seated(user_id):
        mine = [x for x in await svc.tables_for_user(user_id) if x.status == "running"]
        if len(mine) == 1:
            table = mine[0]
        elif mine:
            where = ", ".join(f"{bot.announcer.where(x, lang)} (#{x.id})" for x in mine)
            await send(interaction, ephemeral=True, content=clip(t("hand.which_table", lang, tables=where), 2000))
            return
        elif table is None:
            await send(interaction, ephemeral=True, content=t("table.none_here", lang))
            return
    await play.show_hand(bot, interaction, table, in_place=False)


async def board(bot: Desk, interaction: discord.Interaction, text: bool | None = None) -> None:
    """Post the board again as a fresh message; it becomes the live board. With `text` (or the
    person's text-board preference when `text` is left out) the board is shown to them alone,
    as text, instead."""
    svc = bot.service
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    if text or (text is None and await text_board.wanted(bot, uid(interaction.user))):
        seen = read(table)
        content = (t("textboard.lobby", lang, id=table.id) if not seen.has_state
                   else text_board.board_message(seen, lang))
        await send(interaction, ephemeral=True, content=content)
        return
    public = await table_lang(bot, table)
    if table.status == "lobby":
        payload: dict[str, Any] = lobby.payload(table, public)
    else:
        recent = await svc.log(table.id, limit=3)  # public events only, as on the live board
        await bot.pictures.prepare(table, public)
        payload = bot.announcer.board_payload(table, public, recent)
    message = await send(interaction, ephemeral=False, **payload)
    if message is not None:
        old = table.board_message_id
        await svc.set_board_message(table.id, message.id)
        if old and old != message.id and table.settings.place is None:  # (a DM between people: it stays)
            if table.status == "lobby":  # the old one is no longer live: no buttons on it
                await bot.announcer.edit_message(table.channel_id, old, view=None)
            else:  # one board per table: the old one goes
                await bot.announcer.delete_message(bot.announcer.board_channel(table), old)


async def resign(bot: Desk, interaction: discord.Interaction) -> None:
    svc = bot.service
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    result = await svc.resign(table.id, uid(interaction.user))
    await send(interaction, ephemeral=True, content=t("table.resigned", lang, id=table.id))
    # in a DM or group DM between people the result can only come as this command's follow-up
    followup = interaction.followup if table.settings.place is not None else None
    bot.announcer.publish(table.id, result.notices, followup=followup)


async def undo(bot: Desk, interaction: discord.Interaction) -> None:
    """Take back the user's latest move at this channel's table, when the rules
    allow it; the refusal says why not. Their hand comes back with the previous controls."""
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is not None:
        await play.take_back(bot, interaction, table.id, table.version, in_place=False, button=False)
