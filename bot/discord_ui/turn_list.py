"""`/game mine`: where you owe a move, across every server and DM (ephemeral, paged).

The table service says which tables are the user's and who owes what (`turn_list`); this
module only writes it down: game and table number, where it is, whose turn, the deadline as
a relative Discord timestamp, and a link button to each board.
"""
from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import t
from games import registry

from .components import clip
from .desk import Guilds, Served
from .items import MinePageButton
from .replies import edit, send, uid, user_lang


class MineDesk(Served, Guilds, Protocol):
    """What `/game mine` needs: the user's tables from the service, and the servers (to name
    where each table is)."""


PAGE_SIZE = 5  # one row of link buttons: Discord allows five buttons a row


def board_url(guild_id: int | None, channel_id: int, message_id: int | None) -> str:
    """A jump link to the board (to its channel while no board is posted)."""
    place = f"https://discord.com/channels/{guild_id if guild_id is not None else '@me'}/{channel_id}"
    return f"{place}/{message_id}" if message_id else place


def _name(text: str) -> str:
    """A display name as plain text: no formatting, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def _game_name(key: str, lang: str) -> str:
    try:
        return registry.get(key).names.get(lang) or registry.get(key).names["en"]
    except (KeyError, ImportError, AttributeError):
        return key


def _where(bot: Guilds, entry, lang: str) -> str:
    table = entry.table
    if table.guild_id is None:
        return t("mine.where_dm", lang)
    guild = bot.get_guild(table.guild_id)
    server = _name(guild.name) if guild is not None else t("mine.a_server", lang)
    return t("mine.where", lang, server=server, channel=f"<#{table.channel_id}>")


def _turn(entry, lang: str) -> str:
    table = entry.table
    if table.status == "lobby":
        return t("mine.lobby", lang, seated=len(table.seats))
    if entry.owes:
        return t("mine.your_turn", lang)
    names = [_name(s.display_name) for s in table.seats if s.user_id in entry.waiting_for]
    return t("mine.waiting", lang, names="、".join(names) if lang == "ja" else ", ".join(names))


def entry_field(bot: Guilds, entry, lang: str) -> tuple[str, str]:
    """(field name, field value) of one table."""
    table = entry.table
    title = t("mine.title_line", lang, game=_game_name(table.game, lang), id=table.id)
    parts = [_where(bot, entry, lang), _turn(entry, lang)]
    if entry.deadline is not None:
        parts.append(t("mine.deadline", lang, when=f"<t:{int(entry.deadline)}:R>"))
    return ("🎯 " if entry.owes else "") + title, " · ".join(parts)


async def mine(bot: MineDesk, interaction: discord.Interaction, page: int = 0, in_place: bool = False) -> None:
    lang = await user_lang(interaction)
    entries = await bot.service.turn_list(uid(interaction.user))
    pages = max(1, -(-len(entries) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    shown = entries[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]
    owed = sum(e.owes for e in entries)
    embed = discord.Embed(title=t("mine.title", lang), colour=discord.Colour.gold())
    if not entries:
        embed.description = t("mine.none", lang)
    else:
        embed.description = t("mine.summary", lang, tables=len(entries), owed=owed)
    for entry in shown:
        name, value = entry_field(bot, entry, lang)
        embed.add_field(name=clip(name, 256), value=clip(value, 1024), inline=False)
    if pages > 1:
        embed.set_footer(text=t("mine.page", lang, page=page + 1, pages=pages))
    view = discord.ui.View(timeout=None)
    for entry in shown:
        table = entry.table
        view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, row=0,
                                        label=clip(t("mine.open", lang, id=table.id), 80),
                                        url=board_url(table.guild_id, table.channel_id, table.board_message_id)))
    if page > 0:
        view.add_item(MinePageButton(page - 1, label=t("mine.previous", lang), row=1))
    if page < pages - 1:
        view.add_item(MinePageButton(page + 1, label=t("mine.next", lang), row=1))
    view.stop()  # a container only: the DynamicItem registry answers the page buttons
    if in_place:
        await edit(interaction, embed=embed, view=view)
    else:
        await send(interaction, ephemeral=True, embed=embed, view=view)
