"""Read-only and personal commands: log (paged), rules, stats, leaderboard, replay file,
DM notifications and the user's language. The reading commands need only the service
(`desk.Served`), the personal ones only the preferences (`desk.Preferring`); `/game rules`
needs nothing of the bot."""
from __future__ import annotations

import io
from typing import Any

import discord

from bot.i18n import Duration, Span, t
from games import registry
from tables.errors import TableError

from .components import detached_view
from .desk import Preferring, Served
from .items import LogPageButton
from .presenters import game_name, log_embed, rules_embed
from .replies import channel_of, edit, error_text, send, uid, user_lang

LOG_PAGE = 10


async def log(bot: Served, interaction: discord.Interaction, table_id: int | None) -> None:
    lang = await user_lang(interaction)
    if table_id is None:  # this channel's table, or the one that just ended here
        table = await bot.service.latest_table_in_channel(channel_of(interaction))
        if table is None:
            await send(interaction, ephemeral=True, content=t("table.none_here", lang))
            return
        table_id = table.id
    await show_log(bot, interaction, table_id, before_seq=None, in_place=False)


async def table_by_number(bot: Served, interaction: discord.Interaction, table_id: int, lang: str) -> Any:
    """A table named by its number, if this member may read it from here (the table service's
    rule: its own server, or a table they sat at); else say "no table #n here" and None."""
    try:
        return await bot.service.table_for_reader(table_id, guild_id=interaction.guild_id,
                                                  user_id=uid(interaction.user))
    except TableError as error:
        await send(interaction, ephemeral=True, content=error_text(error, lang))
        return None


async def show_log(bot: Served, interaction: discord.Interaction, table_id: int,
                   before_seq: int | None, in_place: bool) -> None:
    """One page of public log entries, newest last, with Older / Newer buttons."""
    svc = bot.service
    lang = await user_lang(interaction)
    table = await table_by_number(bot, interaction, table_id, lang)
    if table is None:
        return
    entries = sorted(await svc.log(table_id, limit=LOG_PAGE, before_seq=before_seq or None), key=lambda e: e.seq)
    game = registry.get(table.game)
    first = entries[0].seq if entries else 0
    last = entries[-1].seq if entries else 0
    note = t("log.page", lang, first=first, last=last, moves=Span(first, last), total=table.version) if entries else ""
    if table.settings.hints:  # a table that allows hints is unrated, and its log says so
        note = "\n".join(filter(None, [t("hint.unrated", lang), note]))
    embed = log_embed(game, table, entries, lang, note)
    items: list[discord.ui.Item[Any]] = []
    if entries and first > 1:
        items.append(LogPageButton(table_id, first, label=t("log.older", lang)))
    if entries and last < table.version:
        items.append(LogPageButton(table_id, min(table.version + 1, last + LOG_PAGE + 1), label=t("log.newer", lang)))
    view = detached_view(items)
    if in_place:
        await edit(interaction, embed=embed, view=view)
    else:
        await send(interaction, ephemeral=True, embed=embed, view=view)


async def rules(bot: object, interaction: discord.Interaction, game_key: str) -> None:
    lang = await user_lang(interaction)
    try:
        game = registry.get(game_key)
    except (KeyError, ImportError, AttributeError):
        await send(interaction, ephemeral=True, content=t("table.game_unavailable", lang, game=game_key))
        return
    await send(interaction, ephemeral=True, embed=rules_embed(game, lang))


def _stat_line(line: Any, lang: str) -> str:
    avg = line.avg_turn_s
    avg_text = t("stats.avg_turn", lang, s=Duration(avg)) if avg else ""
    rating = t("stats.rating", lang, r=round(line.rating)) if getattr(line, "rating", None) else ""
    return t("stats.line", lang, games=line.games, wins=line.wins) + (f" · {avg_text}" if avg_text else "") + (
        f" · {rating}" if rating else "")


def _game_label(key: str, lang: str) -> str:
    try:
        return game_name(registry.get(key), lang)
    except (KeyError, ImportError, AttributeError):
        return key


async def stats(bot: Served, interaction: discord.Interaction, member: discord.abc.User | None,
                game_key: str | None) -> None:
    lang = await user_lang(interaction)
    who = member or interaction.user
    lines = await bot.service.stats(interaction.guild_id, user_id=uid(who), game=game_key)
    embed = discord.Embed(title=t("stats.title", lang, name=who.display_name), colour=discord.Colour.gold())
    if not lines:
        embed.description = t("stats.none", lang)
    for line in lines[:25]:
        embed.add_field(name=_game_label(line.game, lang), value=_stat_line(line, lang), inline=False)
    if interaction.guild_id is None:  # outside a server: the games played in DMs and group DMs
        embed.set_footer(text=t("stats.where_dm", lang))
    await send(interaction, ephemeral=True, embed=embed)


async def leaderboard(bot: Served, interaction: discord.Interaction, game_key: str) -> None:
    lang = await user_lang(interaction)
    lines = await bot.service.leaderboard(interaction.guild_id, game_key, limit=10)
    embed = discord.Embed(title=t("stats.leaderboard", lang, game=_game_label(game_key, lang)),
                          colour=discord.Colour.gold())
    rows = [f"{i}. <@{line.user_id}> — {_stat_line(line, lang)}" if line.user_id.isdigit()
            else f"{i}. {line.user_id} — {_stat_line(line, lang)}" for i, line in enumerate(lines, 1)]
    embed.description = "\n".join(rows) or t("stats.none", lang)
    await send(interaction, ephemeral=False, embed=embed, allowed_mentions=discord.AllowedMentions.none())


async def replay(bot: Served, interaction: discord.Interaction, table_id: int) -> None:
    """The finished game's log as a JSON file: setup options, seed and every action.
    `python -m bot.local --replay FILE` plays it back to the same result."""
    svc = bot.service
    lang = await user_lang(interaction)
    table = await table_by_number(bot, interaction, table_id, lang)
    if table is None:
        return
    if table.status not in ("finished", "cancelled"):
        await send(interaction, ephemeral=True, content=t("replay.not_finished", lang, id=table_id))
        return
    replay_file = await svc.export_log(table_id)
    data = replay_file.model_dump_json(indent=2).encode("utf-8")
    file = discord.File(io.BytesIO(data), filename=f"{table.game}-table-{table_id}.json")
    await send(interaction, ephemeral=True, content=t("replay.ready", lang, id=table_id), file=file)


async def notify(bot: Preferring, interaction: discord.Interaction, on: bool) -> None:
    """Opt in or out of a DM on your turn; opting in also retries DMs after a 50007."""
    lang = await user_lang(interaction)
    changes: dict[str, Any] = {"notify_dm": on}
    if on:
        changes["dm_closed"] = False
    await bot.prefs.update_user(uid(interaction.user), **changes)
    await send(interaction, ephemeral=True, content=t("notify.on" if on else "notify.off", lang))


async def textboard(bot: Preferring, interaction: discord.Interaction, on: bool) -> None:
    """Boards and hands as text instead of pictures for this person."""
    lang = await user_lang(interaction)
    await bot.prefs.update_user(uid(interaction.user), text_board=on)
    await send(interaction, ephemeral=True, content=t("textboard.on" if on else "textboard.off", lang))


async def language(bot: Preferring, interaction: discord.Interaction, lang_choice: str) -> None:
    value = None if lang_choice == "auto" else lang_choice
    await bot.prefs.update_user(uid(interaction.user), lang=value)
    lang = await user_lang(interaction)
    await send(interaction, ephemeral=True, content=t("language.set", lang))
