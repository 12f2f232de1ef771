"""What the table slash commands do: new, join, leave, start, hand, board, resign, undo.

Each acts on the table in the channel where it is used (`/game hand` also finds the user's
only running table elsewhere)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.i18n import t
from games import registry
from tables.errors import TableError
from tables.read_model import read

from . import lobby, permissions, play, text_board
from .channel_watch import Sweeping, sweep_for
from .desk import Channels, Preferring, Publishing, Seating, Served, Speaking
from .presenters import clip
from .replies import channel_of, send, table_lang, uid, user_lang, within_deadline
from .router import StartDesk, plays_in_thread, start_from

log = logging.getLogger(__name__)


class NewDesk(Sweeping, Preferring, Protocol):
    """What `/game new` needs: opening the lobby (after ending the user's tables whose channel
    is gone when the cap refuses), the table's language and thread choice, and the clock."""


class ThreadDesk(Publishing, Channels, Protocol):
    """What a guided game in a thread of its own needs: the channel to open it from, the
    service, and the announcer that posts its first board there."""


class LearnDesk(ThreadDesk, StartDesk, play.HandDesk, Protocol):
    """What `/game learn` needs: the thread, or the lobby started in a DM, then the hand."""


async def table_here(bot: Served, interaction: discord.Interaction, lang: str) -> Any | None:
    """The open table of this channel, or an ephemeral 'no table here' and None."""
    table = await bot.service.table_in_channel(channel_of(interaction))
    if table is None:
        await send(interaction, ephemeral=True, content=t("table.none_here", lang))
    return table


async def new(bot: NewDesk, interaction: discord.Interaction, game_key: str) -> None:
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


async def learn(bot: LearnDesk, interaction: discord.Interaction, game_key: str) -> None:
    """`/game learn`: a guided first game against the computer (tables/hints.py), in the
    person's language. In a server it plays in a thread of its own, opened before the table
    (so a channel with an open table of its own takes a guided game too); where the bot cannot
    open one it says so and changes nothing. In a DM with the bot it plays right there. The
    person's hand comes with the first decision explained and its hint."""
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
    if interaction.guild_id is not None:
        table = await learn_in_thread(bot, interaction, game, lang)
        if table is None:
            return
    else:  # a DM with the bot has no threads: the lobby opens and starts right here
        table = await svc.open_guided(None, channel_of(interaction), uid(interaction.user),
                                      interaction.user.display_name, game_key, lang)
        opening = t("learn.opening", lang, who=interaction.user.mention)
        message = await send(interaction, ephemeral=False, **lobby.payload(table, lang, note=opening))
        if message is not None:
            await svc.set_board_message(table.id, message.id)
        await start_from(bot, interaction, table.id, in_place=False)
    await svc.settle(table.id)  # a computer that moves first has moved: the welcome's hand is not redrawn at once
    table = await svc.get(table.id)
    if table.status == "running":
        await play.show_hand(bot, interaction, table, in_place=False,
                             note=t("learn.welcome", lang, game=game.names.get(lang, game.names["en"])))


THREAD_PARENTS = (discord.ChannelType.text, discord.ChannelType.news)  # channels that hold threads


async def learn_in_thread(bot: ThreadDesk, interaction: discord.Interaction, game: Any, lang: str) -> Any | None:
    """A guided game in a server: a thread of its own in this channel, the table opened and
    started in it (its board there), and the record of the game answering the command here.
    None, with the reason told to the person, where no thread can be opened: a channel that
    holds none (a thread, a voice channel's chat), the bot lacking the permissions, or Discord
    refusing (its cap on active threads)."""
    svc = bot.service
    user = uid(interaction.user)
    channel = interaction.channel
    if getattr(channel, "type", None) not in THREAD_PARENTS:
        await send(interaction, ephemeral=True, content=t("learn.no_thread_here", lang))
        return None
    if lacking := permissions.missing_for_threads(interaction):
        names = ", ".join(t(f"perm.{name}", lang) for name in lacking)
        await send(interaction, ephemeral=True, content=t("learn.no_thread_permission", lang, perms=names))
        return None
    here = channel_of(interaction)
    await svc.check_may_open(interaction.guild_id, here, user)  # before the thread exists
    title = t("learn.thread_name", lang, game=game.names.get(lang, game.names["en"]),
              name=interaction.user.display_name)
    try:
        if not isinstance(channel, discord.TextChannel):
            channel = bot.get_channel(here) or await bot.fetch_channel(here)
        thread = await channel.create_thread(
            name=title[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080)
    except discord.HTTPException as error:
        log.warning("could not open a thread for a guided game in %s: %s", interaction.channel_id, error)
        await send(interaction, ephemeral=True, content=t("learn.no_thread_refused", lang))
        return None
    try:
        table = await svc.open_guided(interaction.guild_id, thread.id, user, interaction.user.display_name,
                                      game.key, lang, parent_channel_id=here)
    except TableError:
        await remove_thread(thread)  # refused after all (another table of theirs won a race)
        raise
    bot.announcer.hold(table.id)
    try:
        result = await within_deadline(interaction, svc.start(table.id, user), "public")
        note = t("learn.opening_thread", lang, who=interaction.user.mention, thread=thread.mention)
        await send(interaction, ephemeral=False, **lobby.payload(result.table, lang, note=note))
        bot.announcer.publish(table.id, result.notices, first_turn=True)
    finally:
        bot.announcer.unhold(table.id)
    return result.table


async def remove_thread(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException as error:
        log.warning("could not remove the unused thread %s: %s", thread.id, error)


async def open_lobby(bot: Sweeping, interaction: discord.Interaction, game_key: str, place: str | None = None) -> Any:
    """The service's open_lobby; when the open-table cap refuses, first make sure none of the
    counted tables sits in a channel that no longer exists (a deletion the bot missed)."""
    # a table in a DM or group DM between people speaks its host's language (there is no server's)
    lang = await user_lang(interaction) if place is not None else None
    args = (interaction.guild_id, channel_of(interaction), uid(interaction.user), interaction.user.display_name,
            game_key, place, lang)
    try:
        return await bot.service.open_lobby(*args)
    except TableError as error:
        if error.code != "too_many_tables" or not await sweep_for(bot, uid(interaction.user)):
            raise
    return await bot.service.open_lobby(*args)


async def join(bot: Speaking, interaction: discord.Interaction, code: str | None = None) -> None:
    """`code`: a private table's join code (tables/watch.py)."""
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    table = await bot.service.join(table.id, uid(interaction.user), interaction.user.display_name, code=code)
    await send(interaction, ephemeral=True, content=t("table.joined", lang, id=table.id))
    await lobby.refresh_message(bot, table)


async def leave(bot: Seating, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is None:
        return
    table = await bot.service.leave(table.id, uid(interaction.user))
    await send(interaction, ephemeral=True, content=t("table.left", lang, id=table.id))
    await lobby.refresh_message(bot, table)
    bot.scheduler.poke()


async def start(bot: StartDesk, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is not None:
        await start_from(bot, interaction, table.id, in_place=False)


async def hand(bot: play.PlayDesk, interaction: discord.Interaction) -> None:
    svc = bot.service
    lang = await user_lang(interaction)
    user_id = uid(interaction.user)
    table = await svc.table_in_channel(channel_of(interaction))
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


async def board(bot: StartDesk, interaction: discord.Interaction, text: bool | None = None) -> None:
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
        seen = await svc.read(table)  # its last moves: public events only, as on the live board
        await bot.pictures.prepare(seen, public)
        payload = bot.announcer.board_payload(seen, public)
    message = await send(interaction, ephemeral=False, **payload)
    if message is not None:
        old = table.board_message_id
        await svc.set_board_message(table.id, message.id)
        if old and old != message.id and table.settings.place is None:  # (a DM between people: it stays)
            if table.status == "lobby":  # the old one is no longer live: no buttons on it
                await bot.announcer.edit_message(table.channel_id, old, view=None)
            else:  # one board per table: the old one goes
                await bot.announcer.delete_message(bot.announcer.board_channel(table), old)


async def resign(bot: Publishing, interaction: discord.Interaction) -> None:
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


async def undo(bot: play.PlayDesk, interaction: discord.Interaction) -> None:
    """Take back the user's latest move at this channel's table, when the rules
    allow it; the refusal says why not. Their hand comes back with the previous controls."""
    lang = await user_lang(interaction)
    table = await table_here(bot, interaction, lang)
    if table is not None:
        await play.take_back(bot, interaction, table.id, table.version, in_place=False, button=False)
