"""What `/gameadmin` does: end, kick, skip, settings, tables. Every handler runs only after
the server-side Manage Server check (`is_admin`), whatever the command's default permissions."""
from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, Protocol, get_args

import discord

from bot.i18n import LANGS, lang_of, t
from games import registry
from tables.away import allowance
from tables.errors import TableError
from tables.i18n import Duration
from tables.models import GuildSettings, Notice

from . import lobby, watch
from .desk import Announced, Clocked, Preferring, Publishing, Seating, Served
from .lobby import duration_text
from .presenters import FIELD_LIMIT, clip, game_name
from .replies import channel_of, error_text, guild_of, send, table_lang, user_lang
from .table_commands import table_here

if TYPE_CHECKING:
    from bot.settings import Settings

# Who may play idle and handed-over seats (the service's own list: never random).
AUTO_LEVELS: tuple[str, ...] = get_args(GuildSettings.model_fields["auto_level"].annotation)


class EndDesk(watch.Followers, Announced, Clocked, Protocol):
    """What ending a table needs: the service, the followers' DMs, the announcer that redraws
    and tells it, and the clock."""


class SettingsDesk(Served, Preferring, Clocked, Protocol):
    """What `/gameadmin settings` needs: the server's settings, this channel's table, the clock."""


class TablesDesk(Served, Protocol):
    """What `/gameadmin tables` needs: the server's tables, and who the bot's owners are."""

    settings: Settings


def is_admin(interaction: discord.Interaction) -> bool:
    """Manage Server in this server (or a configured bot owner), checked on every use."""
    bot = interaction.client
    if interaction.user.id in getattr(getattr(bot, "settings", None), "owner_ids", []):
        return True
    if interaction.guild is None or not isinstance(interaction.user, discord.Member):
        return False
    return interaction.user.guild_permissions.manage_guild


async def admin_table(bot: Served, interaction: discord.Interaction, table_id: int | None,
                      lang: str) -> Any | None:
    """The table an admin command acts on: the one named by number (only of this server: the
    table service's rule), else this channel's; None after saying why not."""
    if table_id is None:
        return await table_here(bot, interaction, lang)
    try:
        return await bot.service.table_for_admin(table_id, guild_id=interaction.guild_id)
    except TableError as error:
        await send(interaction, ephemeral=True, content=error_text(error, lang))
        return None


async def end(bot: EndDesk, interaction: discord.Interaction, table_id: int | None = None) -> None:
    lang = await user_lang(interaction)
    table = await admin_table(bot, interaction, table_id, lang)
    if table is None:
        return
    table = await bot.service.end_table(table.id, by_admin=True)
    await send(interaction, ephemeral=True, content=t("admin.ended", lang, id=table.id))
    await watch.tell_followers(bot, table)  # followers hear of the end too
    public = await table_lang(bot, table)
    await _redraw(bot, table, public)
    await bot.announcer.send(table.channel_id, content=t("admin.ended_public", public, id=table.id,
                                                         who=f"<@{interaction.user.id}>"))
    bot.scheduler.poke()


async def _redraw(bot: Announced, table: Any, lang: str) -> None:
    if table.state_json is None:
        if table.board_message_id:
            await bot.announcer.edit_message(table.channel_id, table.board_message_id, **lobby.edit_payload(table, lang))
    else:
        await bot.announcer.update_board(table, lang)


async def kick(bot: Seating, interaction: discord.Interaction, member: discord.abc.User,
               table_id: int | None = None) -> None:
    lang = await user_lang(interaction)
    table = await admin_table(bot, interaction, table_id, lang)
    if table is None:
        return
    if not table.user_seated(str(member.id)):
        await send(interaction, ephemeral=True, content=t("admin.not_seated", lang, who=member.mention))
        return
    result = await bot.service.kick(table.id, str(member.id), by_admin=True)
    await send(interaction, ephemeral=True, content=t("admin.kicked", lang, who=member.mention, id=table.id))
    if table.status == "lobby":
        public = await table_lang(bot, result.table)
        await bot.announcer.send(table.channel_id, content=t("admin.kicked_public", public, who=member.mention,
                                                             id=table.id))
        await _redraw(bot, result.table, public)
    else:
        bot.announcer.publish(table.id, result.notices)
    bot.scheduler.poke()


async def skip(bot: Publishing, interaction: discord.Interaction, table_id: int | None = None) -> None:
    lang = await user_lang(interaction)
    table = await admin_table(bot, interaction, table_id, lang)
    if table is None:
        return
    result = await bot.service.skip_now(table.id, by_admin=True)
    await send(interaction, ephemeral=True, content=t("admin.skipped", lang, id=table.id, n=len(result.actions)))
    bot.announcer.publish(table.id, result.notices)


TABLES_TEXT_LIMIT = 3900
DURATION = re.compile(r"(\d+)\s*([mhd])")
UNITS = {"m": 60, "h": 3600, "d": 86400}


def parse_durations(text: str) -> list[int] | None:
    """'30m, 2h, 1d' -> seconds; 'auto' -> [] (derived from the limit); None if unreadable."""
    text = text.strip().lower()
    if text in ("auto", "default", ""):
        return []
    parts = [p.strip() for p in text.split(",") if p.strip()]
    out = []
    for part in parts:
        match = DURATION.fullmatch(part)
        if not match:
            return None
        out.append(int(match[1]) * UNITS[match[2]])
    return sorted(set(out))


def parse_quiet(text: str) -> tuple[int | None, int | None] | None:
    """'22-7' or '22:00-07:00' -> (22, 7); 'off' -> (None, None); None if unreadable (quiet
    hours start and end on the hour)."""
    text = text.strip().lower()
    if text in ("off", "none", ""):
        return None, None
    match = re.fullmatch(r"(\d{1,2})(?::00)?\s*[-–~〜]\s*(\d{1,2})(?::00)?", text, flags=re.ASCII)
    if not match or not (0 <= int(match[1]) <= 23 and 0 <= int(match[2]) <= 23):
        return None
    return int(match[1]), int(match[2])


MAX_OFFSET_MIN = 14 * 60  # the world's time zones span UTC-12:00 to UTC+14:00


def parse_offset(text: str) -> int | None:
    """'+9', '-5:30', 'UTC+09:00' -> minutes east of UTC; None if unreadable or beyond ±14:00."""
    match = re.fullmatch(r"(?:utc)?\s*([+-])?(\d{1,2})(?::?(\d{2}))?", text.strip().lower(), flags=re.ASCII)
    if not match or int(match[3] or 0) >= 60:
        return None
    minutes = int(match[2]) * 60 + int(match[3] or 0)
    if minutes > MAX_OFFSET_MIN:
        return None
    return -minutes if match[1] == "-" else minutes


def parse_auto_level(text: str) -> str | None:
    """The level that plays idle and handed-over seats, typed in either language ('strong',
    '強い'); None for anything else (a random player would throw the game for its side)."""
    typed = text.strip().lower()
    return next((level for level in AUTO_LEVELS
                 if typed in {level, *(t(f"ai.level.{level}", lang).lower() for lang in LANGS)}), None)


def level_names(lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(t(f"ai.level.{level}", lang) for level in AUTO_LEVELS)


def auto_level_choices(interaction: discord.Interaction, current: str) -> list[discord.app_commands.Choice[str]]:
    """What `/gameadmin settings auto_level:` suggests while typing, in the user's language."""
    lang = lang_of(interaction.locale)
    return [discord.app_commands.Choice(name=f"{t(f'ai.level.{level}', lang)} — {t(f'ai.level.{level}.detail', lang)}"[:100],
                                        value=level)
            for level in AUTO_LEVELS if current.strip().lower() in (level + t(f"ai.level.{level}", lang).lower())]


async def settings(bot: SettingsDesk, interaction: discord.Interaction, **given: Any) -> None:
    """Change the server's defaults (and this channel's table where it makes sense); with no
    option, show the current settings."""
    svc = bot.service
    lang = await user_lang(interaction)
    changes: dict[str, Any] = {}
    problems: list[str] = []
    if given.get("language"):
        changes["lang"] = given["language"]
    if given.get("turn_limit") is not None:
        changes["turn_limit_s"] = int(given["turn_limit"]) or None
    if given.get("reminders") is not None:
        parsed = parse_durations(given["reminders"])
        if parsed is None:
            problems.append(t("admin.bad_reminders", lang))
        else:
            changes["reminders"] = parsed
    if given.get("quiet_hours") is not None:
        quiet = parse_quiet(given["quiet_hours"])
        if quiet is None:
            problems.append(t("admin.bad_quiet", lang))
        else:
            changes["quiet_start"], changes["quiet_end"] = quiet
    if given.get("utc_offset") is not None:
        offset = parse_offset(given["utc_offset"])
        if offset is None:
            problems.append(t("admin.bad_offset", lang))
        else:
            changes["utc_offset_min"] = offset
    if given.get("auto_level") is not None:
        level = parse_auto_level(given["auto_level"])
        if level is None:
            problems.append(t("admin.bad_auto_level", lang, levels=level_names(lang)))
        else:
            changes["auto_level"] = level
    for name, field in (("idle_policy", "idle_policy"), ("handover_after", "handover_after"),
                        ("max_tables", "max_open_tables_per_user"), ("lobby_timeout", "lobby_timeout_s"),
                        ("threads", "table_threads"), ("away_days", "away_days")):
        if given.get(name) is not None:
            changes[field] = given[name]
    current = await bot.prefs.guild(interaction.guild_id)
    channels = list(current.allowed_channels)
    if given.get("allow_channel") is not None and given["allow_channel"].id not in channels:
        channels.append(given["allow_channel"].id)
    if given.get("disallow_channel") is not None and given["disallow_channel"].id in channels:
        channels.remove(given["disallow_channel"].id)
    if given.get("all_channels"):
        channels = []
    if channels != list(current.allowed_channels):
        changes["allowed_channels"] = channels
    if problems:
        await send(interaction, ephemeral=True, content="\n".join(problems))
        return
    if changes:
        current = await bot.prefs.update_guild(guild_of(interaction), **changes)
        table_changes = {k: v for k, v in changes.items()
                         if k in ("turn_limit_s", "reminders", "idle_policy", "handover_after", "auto_level")}
        if "quiet_start" in changes:
            table_changes["quiet_hours"] = None  # this table follows the server's new quiet hours
        table = await svc.table_in_channel(channel_of(interaction))
        if table is not None and table_changes and given.get("this_table", True):
            await svc.update_table_settings(table.id, str(interaction.user.id), True, **table_changes)
        bot.scheduler.poke()
    await send(interaction, ephemeral=True, embed=settings_embed(current, lang, changed=bool(changes)))


def settings_embed(s: Any, lang: str, changed: bool) -> discord.Embed:
    embed = discord.Embed(title=t("admin.settings_title", lang), colour=discord.Colour.blurple(),
                          description=t("admin.settings_saved", lang) if changed else None)
    reminders = ("、" if lang == "ja" else ", ").join(duration_text(r, lang) for r in s.reminders) or t(
        "admin.reminders_auto", lang)
    quiet = (f"{s.quiet_start}:00–{s.quiet_end}:00" if s.quiet_start is not None and s.quiet_end is not None
             else t("admin.off", lang))
    offset = f"UTC{'+' if s.utc_offset_min >= 0 else '-'}{abs(s.utc_offset_min) // 60}:{abs(s.utc_offset_min) % 60:02d}"
    rows = [
        (t("admin.f_language", lang), "日本語" if s.lang == "ja" else "English"),
        (t("admin.f_turn_limit", lang), duration_text(s.turn_limit_s, lang)),
        (t("admin.f_reminders", lang), reminders),
        (t("admin.f_quiet", lang), f"{quiet} ({offset})"),
        (t("admin.f_idle", lang), t(f"idle.{s.idle_policy}", lang)),
        (t("admin.f_handover", lang), str(s.handover_after) if s.handover_after else t("admin.off", lang)),
        (t("admin.f_auto_level", lang), t(f"ai.level.{s.auto_level}", lang)),
        (t("admin.f_channels", lang),
         clip(", ".join(f"<#{c}>" for c in s.allowed_channels), FIELD_LIMIT) or t("admin.all", lang)),
        (t("admin.f_cap", lang), str(s.max_open_tables_per_user)),
        (t("admin.f_lobby_timeout", lang), duration_text(s.lobby_timeout_s, lang)),
        (t("admin.f_threads", lang), t("admin.threads_on" if s.table_threads else "admin.off", lang)),
        (t("admin.f_away_days", lang), t("admin.away_days_value", lang, days=allowance(s)) if allowance(s)
         else t("admin.off", lang)),
    ]
    for name, value in rows:
        embed.add_field(name=name, value=value, inline=True)
    return embed


async def tables(bot: TablesDesk, interaction: discord.Interaction) -> None:
    lang = await user_lang(interaction)
    open_tables = await bot.service.open_tables(interaction.guild_id)
    lines: list[str] = []
    for table in open_tables:
        try:
            name = game_name(registry.get(table.game), lang)
        except (KeyError, ImportError, AttributeError):
            name = table.game
        players = ", ".join(f"<@{s.user_id}>" if s.user_id.isdigit() else s.display_name for s in table.seats)
        line = t("admin.table_line", lang, id=table.id, game=name, channel=f"<#{table.channel_id}>",
                 status=t(f"status.{table.status}", lang), players=players or "—")
        if sum(len(x) + 1 for x in lines) + len(line) > TABLES_TEXT_LIMIT:  # an embed holds 4096
            lines.append(t("admin.tables_more", lang, n=len(open_tables) - len(lines)))
            break
        lines.append(line)
    away = await bot.service.away_in_guild(guild_of(interaction))  # who is away (tables/away.py)
    if away:
        who = ", ".join(t("admin.away_entry", lang, who=f"<@{u}>" if u.isdigit() else u, when=f"<t:{int(end)}:R>")
                        for u, end in sorted(away.items(), key=lambda e: e[1]))
        lines.append(clip(t("admin.away_line", lang, who=who), 1000))
    embed = discord.Embed(title=t("admin.tables_title", lang, n=len(open_tables)),
                          description="\n".join(lines) or t("admin.no_tables", lang), colour=discord.Colour.blurple())
    if refused := await refused_lines(bot, interaction.guild_id, lang):
        embed.add_field(name=t("admin.refused_title", lang), value="\n".join(refused)[:1024], inline=False)
    if interaction.user.id in bot.settings.owner_ids:  # the whole process's queue: for the bot's owners only
        embed.add_field(name=t("admin.search_queue_title", lang), value=search_queue_line(bot, lang), inline=False)
    await send(interaction, ephemeral=True, embed=embed, allowed_mentions=discord.AllowedMentions.none())


def search_queue_line(bot: Served, lang: str, window_s: float = 600.0) -> str:
    """How computer players' decisions waited for a search worker in the last ten minutes."""
    figures = bot.service.cpu.stats.recent(since=time.time() - window_s)
    return t("admin.search_queue", lang, answered=figures.answered, waiting=figures.waiting,
             p50=Duration(figures.wait_p50_s), p95=Duration(figures.wait_p95_s), cut=figures.cut_short,
             workers=bot.service.cpu.search_processes())


async def refused_lines(bot: Served, guild_id: int | None, lang: str) -> list[str]:
    """The latest notices Discord refused for good in this server: where, what, why."""
    lines = []
    for row in await bot.service.store.outbox.refused(guild_id, limit=5):
        notice = Notice.model_validate_json(row.item.payload)
        lines.append(t("admin.refused_line", lang, id=notice.table_id, channel=f"<#{notice.channel_id}>",
                       what=t(f"notice.kind.{notice.kind}", lang), why=(row.error or "?")[:120]))
    return lines
