"""Time away and watching on Discord: `/game away`, `/game back`, `/game browse`,
`/game invite`, the board's Follow button, the followers' DMs and the board's "away until" lines.

The table service decides everything (tables/away.py, tables/watch.py); this module only says
it: relative Discord timestamps, links to boards, and the DMs with the board picture.
"""
from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from bot.i18n import t
from games import registry
from tables.read_model import read

from . import lobby
from .components import clip, detached_view
from .desk import Drawing, Preferring, Publishing, Seating, Served, Speaking, Users
from .items import BrowseJoinButton, UnfollowButton
from .pictures_cache import as_file, board_filename
from .presenters import game_name, names_of, substitute
from .replies import channel_of, send, table_lang, uid, user_lang
from .turn_list import board_url

log = logging.getLogger(__name__)
DM_CLOSED = 50007
BROWSE_LIMIT = 20      # tables listed (an embed's fields)
JOIN_BUTTONS = 5       # one row of Join buttons


def _game(key: str, lang: str) -> str:
    try:
        return game_name(registry.get(key), lang)
    except (KeyError, ImportError, AttributeError):
        return key


def _list(table_ids: list[int], tables: dict[int, Any], lang: str, ends: dict[int, float] | None = None) -> str:
    lines = []
    for table_id in table_ids:
        table = tables[table_id]
        line = t("away.table_line", lang, game=_game(table.game, lang), id=table.id, channel=f"<#{table.channel_id}>")
        if ends and ends.get(table_id):
            line += " " + t("away.until_short", lang, when=f"<t:{int(ends[table_id])}:R>")
        lines.append("- " + line)
    return "\n".join(lines)


# ---- /game away and /game back ------------------------------------------------------------
async def away(bot: Publishing, interaction: discord.Interaction, days: int) -> None:
    lang = await user_lang(interaction)
    report = await bot.service.go_away(uid(interaction.user), days)  # refusals: the command's error handler
    parts = [t("away.set", lang, when=f"<t:{int(report.until)}:f>", rel=f"<t:{int(report.until)}:R>",
               days=days, left=report.days_left)]
    if report.paused:
        parts.append(t("away.paused", lang) + "\n" + _list(list(report.paused), report.tables, lang, report.paused))
    if report.played:
        parts.append(t("away.played", lang) + "\n" + _list(report.played, report.tables, lang))
    if report.off:
        parts.append(t("away.off", lang) + "\n" + _list(report.off, report.tables, lang))
    if not (report.paused or report.played or report.off):
        parts.append(t("away.no_tables", lang))
    await send(interaction, ephemeral=True, content=clip("\n\n".join(parts), 2000))
    await _redraw_boards(bot, report)


async def back(bot: Publishing, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    report = await bot.service.come_back(uid(interaction.user))
    text = t("away.back", lang, refunded=report.refunded, left=report.days_left)
    if report.paused:
        text += "\n" + _list(list(report.paused), report.tables, lang)
    await send(interaction, ephemeral=True, content=clip(text, 2000))
    await _redraw_boards(bot, report)


async def _redraw_boards(bot: Publishing, report: Any) -> None:
    """The boards of the paused tables say "away until …" (or no longer do)."""
    for table_id in report.paused:
        table = await bot.service.get(table_id)
        if table.status == "running" and table.board_message_id:
            await bot.announcer.update_board(table)


async def away_notes(bot: Served, table: Any, lang: str) -> list[str]:
    """Lines for a board: who is away here, until when."""
    if getattr(table, "status", None) != "running":
        return []
    ends = await bot.service.away_until(table)
    names = names_of(table, lang)
    return [t("away.board", lang, who=names.get(user, user), when=f"<t:{int(end)}:R>")
            for user, end in sorted(ends.items(), key=lambda e: e[1])]


def notice_line(notice: Any, table: Any, lang: str) -> str | None:
    """The channel's line for a time-away notice (None: the board's own line says it)."""
    if notice.kind != "away_day_spent":
        return None
    names = names_of(table, lang)
    who = ", ".join(names.get(u, u) for u in notice.users)
    deadline = notice.data.get("deadline")
    return "🏖️ " + t("away.day_spent", lang, who=who, when=f"<t:{int(deadline)}:R>" if deadline else "—",
                    left=notice.data.get("days_left", 0))


# ---- /game browse ---------------------------------------------------------------------------
def _can_see(interaction: discord.Interaction, channel_id: int) -> bool:
    guild = interaction.guild
    member = interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return False
    try:
        return channel.permissions_for(member).view_channel
    except Exception:  # noqa: BLE001 - an unknown channel type: not listed
        return False


async def browse(bot: Served, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    if interaction.guild_id is None:
        await send(interaction, ephemeral=True, content=t("browse.server_only", lang))
        return
    tables = [tb for tb in await bot.service.browse(interaction.guild_id)
              if _can_see(interaction, tb.settings.parent_channel_id or tb.channel_id)]
    embed = discord.Embed(title=t("browse.title", lang), colour=discord.Colour.gold())
    if not tables:
        embed.description = t("browse.none", lang)
    view = discord.ui.View(timeout=None)
    joins = links = 0
    for table in tables[:BROWSE_LIMIT]:
        game = registry.get(table.game)
        low, high = game.player_range(game.parse_options(table.options))
        where = f"<#{table.channel_id}>"
        if table.status == "lobby":
            free = len(table.seats) < high
            value = t("browse.lobby", lang, where=where, seated=len(table.seats), max=high,
                      host=names_of(table, lang).get(table.host, table.host))
            if free and joins < JOIN_BUTTONS and not table.user_seated(uid(interaction.user)):
                view.add_item(BrowseJoinButton(table.id, label=t("browse.join", lang, id=table.id),
                                               style=discord.ButtonStyle.success, row=0))
                joins += 1
            elif not free:
                value += " · " + t("browse.full", lang)
        else:
            players = ", ".join(s.display_name for s in table.seats)
            value = t("browse.running", lang, where=where, players=discord.utils.escape_markdown(players))
            if links < JOIN_BUTTONS:
                view.add_item(discord.ui.Button(style=discord.ButtonStyle.link, row=1,
                                                label=clip(t("browse.watch", lang, id=table.id), 80),
                                                url=board_url(table.guild_id, table.channel_id,
                                                              table.board_message_id)))
                links += 1
        embed.add_field(name=clip(t("browse.entry", lang, game=game_name(game, lang), id=table.id), 256),
                        value=clip(value, 1024), inline=False)
    if len(tables) > BROWSE_LIMIT:
        embed.set_footer(text=t("browse.more", lang, n=len(tables) - BROWSE_LIMIT))
    view.stop()  # a container only: the DynamicItem registry answers the Join buttons
    await send(interaction, ephemeral=True, embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())


async def browse_join(bot: Seating, interaction: discord.Interaction, table_id: int) -> None:
    """Join from the table list: the lobby in its channel is redrawn, the answer links to it."""
    lang = await user_lang(interaction)
    table = await bot.service.get(table_id)
    if table.guild_id != interaction.guild_id or table.settings.private:
        await send(interaction, ephemeral=True, content=t("service.error.not_found", lang))
        return
    table = await bot.service.join(table_id, uid(interaction.user), interaction.user.display_name)
    await send(interaction, ephemeral=True, content=t("browse.joined", lang, id=table.id,
                                                      where=f"<#{table.channel_id}>"))
    await lobby.refresh_message(bot, table)
    bot.scheduler.poke()


# ---- private tables -------------------------------------------------------------------------
async def invite(bot: Speaking, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
    """The host invites a member to this channel's private lobby (or just sees the join code)."""
    lang = await user_lang(interaction)
    table = await bot.service.table_in_channel(channel_of(interaction))
    if table is None:
        await send(interaction, ephemeral=True, content=t("table.none_here", lang))
        return
    if member is not None:
        table = await bot.service.invite(table.id, uid(interaction.user), uid(member))
    elif table.host != uid(interaction.user) or not table.settings.private:
        table = await bot.service.invite(table.id, uid(interaction.user), uid(interaction.user))  # says why not
    text = t("private.code", lang, code=table.settings.join_code or "—")
    if member is not None:
        text = t("private.invited", lang, who=member.mention) + "\n" + text
    await send(interaction, ephemeral=True, content=text, allowed_mentions=discord.AllowedMentions.none())
    if member is not None:
        await bot.announcer.send(channel_of(interaction), content=t("private.invited_public", await table_lang(bot, table),
                                                                   who=member.mention, id=table.id),
                                 mentions=[uid(member)])


# ---- Follow ---------------------------------------------------------------------------------
class Following(Served, Preferring, Protocol):
    """What the Follow button needs: the service, and the follower's preferences (a closed DM)."""


async def follow_click(bot: Following, interaction: discord.Interaction, table_id: int) -> None:
    lang = await user_lang(interaction)
    user = uid(interaction.user)
    prefs = await bot.prefs.user(user)
    new = await bot.service.follow(table_id, user)
    text = t("follow.done" if new else "follow.already", lang, id=table_id)
    if prefs.dm_closed:  # remembered from a DM that failed: say so, and try again from now on
        text += "\n" + t("follow.dm_was_closed", lang)
        await bot.prefs.update_user(user, dm_closed=False)
    view = detached_view([UnfollowButton(table_id, label=t("follow.unfollow", lang),
                                         style=discord.ButtonStyle.secondary)])
    await send(interaction, ephemeral=True, content=text, view=view)


async def unfollow_click(bot: Served, interaction: discord.Interaction, table_id: int) -> None:
    lang = await user_lang(interaction)
    gone = await bot.service.unfollow(table_id, uid(interaction.user))
    await send(interaction, ephemeral=True, content=t("follow.stopped" if gone else "follow.not_following", lang,
                                                      id=table_id))


class Followers(Served, Users, Drawing, Protocol):
    """What the followers' DMs need: the service, the users, and the board pictures."""


async def tell_followers(bot: Followers, table: Any) -> None:
    """DM each follower owed news of `table` (a round ended, the game ended), with the board
    picture. A closed DM is remembered (`dm_closed`) and not retried until they follow again."""
    news = await bot.service.follow_news(table)
    if not news:
        return
    seen = read(table)
    game = seen.game
    for user_id, what, _round in news:
        prefs = await bot.prefs.user(user_id)
        if prefs.dm_closed or not user_id.isdigit():
            continue
        lang = prefs.lang or bot.prefs.seen_lang(user_id) or await table_lang(bot, table)
        name = t("follow.table", lang, game=game_name(game, lang), id=table.id)
        link = board_url(table.guild_id, table.settings.parent_channel_id or table.channel_id, None)
        if what == "round":
            text = t("follow.round_over", lang, table=name, where=link)
        else:
            outcome = seen.outcome
            summary = (substitute(outcome.summary.get(lang), names_of(table, lang)) if outcome is not None
                       else t("follow.ended", lang))
            text = t("follow.game_over", lang, table=name, where=link, summary=summary)
        kwargs: dict[str, Any] = {"content": clip(text, 2000)}
        if seen.has_state:
            await bot.pictures.prepare(seen, lang)  # drawn off the event loop, once per language
            kwargs["file"] = as_file(bot.pictures.board_png(seen, lang), board_filename(table))
        try:
            member = bot.get_user(int(user_id)) or await bot.fetch_user(int(user_id))
            await member.send(**kwargs)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                await bot.prefs.update_user(user_id, dm_closed=True)
            else:
                log.warning("follow DM to %s refused: %s", user_id, error)
        except discord.HTTPException as error:
            log.warning("follow DM to %s failed: %s", user_id, error)
