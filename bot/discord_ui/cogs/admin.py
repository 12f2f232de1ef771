"""`/gameadmin …`: Manage Server only — by default permissions (hidden from others) and, because
server admins can remap those, checked again on every use (`interaction_check`).

Only the slash commands' declarations, which discord.py reads from a cog (names, descriptions,
options and choices in English and Japanese); each command forwards to `admin_commands`, so
the cog takes what those use together (`Admins`), and no more."""
from __future__ import annotations

from typing import Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from tables.away import ALLOWANCE_DAYS
from tables.clock import TURN_LIMIT_PRESETS

from .. import admin_commands
from ..translator import L


class Admins(admin_commands.EndDesk, admin_commands.TablesDesk, Protocol):
    """What the `/gameadmin` commands use together: ending a table's needs cover kick's, skip's
    and settings'; tables adds the bot's settings (who its owners are)."""


def _limit_choices() -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=app_commands.locale_str(t(f"service.limit.{key}", "en"),
                                                             ja=t(f"service.limit.{key}", "ja")),
                                value=seconds or 0) for key, seconds in TURN_LIMIT_PRESETS][:25]


LOBBY_TIMEOUTS = [app_commands.Choice(name=app_commands.locale_str(en, ja=ja), value=v) for en, ja, v in (
    ("1 hour", "1時間", 3600), ("6 hours", "6時間", 21600), ("1 day", "1日", 86400),
    ("3 days", "3日", 259200), ("7 days", "7日", 604800))]
IDLE = [app_commands.Choice(name=L("idle.skip"), value="skip"), app_commands.Choice(name=L("idle.auto"), value="auto")]
SETTINGS_PARAMS = ("language", "turn_limit", "reminders", "quiet_hours", "utc_offset", "idle_policy",
                   "handover_after", "max_tables", "lobby_timeout", "allow_channel", "disallow_channel",
                   "all_channels", "this_table", "threads", "auto_level", "away_days")  # named in Japanese too (the English names stay)
LANGS = [app_commands.Choice(name=app_commands.locale_str("English"), value="en"),
         app_commands.Choice(name=app_commands.locale_str("日本語"), value="ja")]


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class AdminCog(commands.GroupCog, group_name=L("cmd.gameadmin"), group_description=L("cmd.gameadmin.desc")):
    def __init__(self, bot: Admins) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if admin_commands.is_admin(interaction):
            return True
        raise app_commands.CheckFailure("Manage Server required")

    @app_commands.command(name=L("cmd.gameadmin.end"), description=L("cmd.gameadmin.end.desc"))
    @app_commands.describe(table=L("param.admin_table.desc"))
    @app_commands.rename(table=L("param.table"))
    async def end(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        await admin_commands.end(self.bot, interaction, table)

    @app_commands.command(name=L("cmd.gameadmin.kick"), description=L("cmd.gameadmin.kick.desc"))
    @app_commands.describe(player=L("param.player.desc"), table=L("param.admin_table.desc"))
    @app_commands.rename(player=L("param.player"), table=L("param.table"))
    async def kick(self, interaction: discord.Interaction, player: discord.User,
                   table: app_commands.Range[int, 1] | None = None) -> None:
        await admin_commands.kick(self.bot, interaction, player, table)

    @app_commands.command(name=L("cmd.gameadmin.skip"), description=L("cmd.gameadmin.skip.desc"))
    @app_commands.describe(table=L("param.admin_table.desc"))
    @app_commands.rename(table=L("param.table"))
    async def skip(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        await admin_commands.skip(self.bot, interaction, table)

    @app_commands.command(name=L("cmd.gameadmin.tables"), description=L("cmd.gameadmin.tables.desc"))
    async def tables(self, interaction: discord.Interaction) -> None:
        await admin_commands.tables(self.bot, interaction)

    @app_commands.command(name=L("cmd.gameadmin.settings"), description=L("cmd.gameadmin.settings.desc"))
    @app_commands.describe(language=L("param.s_language"), turn_limit=L("param.s_turn_limit"),
                           reminders=L("param.s_reminders"), quiet_hours=L("param.s_quiet"),
                           utc_offset=L("param.s_offset"), idle_policy=L("param.s_idle"),
                           handover_after=L("param.s_handover"), max_tables=L("param.s_cap"),
                           lobby_timeout=L("param.s_lobby_timeout"), allow_channel=L("param.s_allow"),
                           disallow_channel=L("param.s_disallow"), all_channels=L("param.s_all"),
                           this_table=L("param.s_this_table"), threads=L("param.s_threads"),
                           auto_level=L("param.s_auto_level"), away_days=L("param.s_away_days"))
    @app_commands.rename(**{name: L(f"pname.s_{name}") for name in SETTINGS_PARAMS})
    # one call per type of value: discord.py's hints want the same in all parameters of one call
    @app_commands.choices(language=LANGS, idle_policy=IDLE)
    @app_commands.choices(turn_limit=_limit_choices(), lobby_timeout=LOBBY_TIMEOUTS)
    async def settings(self, interaction: discord.Interaction, language: str | None = None,
                       turn_limit: int | None = None, reminders: str | None = None, quiet_hours: str | None = None,
                       utc_offset: str | None = None, idle_policy: str | None = None,
                       handover_after: app_commands.Range[int, 0, 100] | None = None,
                       max_tables: app_commands.Range[int, 1, 100] | None = None,
                       lobby_timeout: int | None = None, allow_channel: discord.TextChannel | None = None,
                       disallow_channel: discord.TextChannel | None = None, all_channels: bool | None = None,
                       this_table: bool | None = None, threads: bool | None = None,
                       auto_level: str | None = None,
                       away_days: app_commands.Range[int, 0, ALLOWANCE_DAYS] | None = None) -> None:
        await admin_commands.settings(
            self.bot, interaction, language=language, turn_limit=turn_limit, reminders=reminders,
            quiet_hours=quiet_hours, utc_offset=utc_offset, idle_policy=idle_policy, handover_after=handover_after,
            max_tables=max_tables, lobby_timeout=lobby_timeout, allow_channel=allow_channel,
            disallow_channel=disallow_channel, all_channels=all_channels,
            this_table=True if this_table is None else this_table, threads=threads, auto_level=auto_level,
            away_days=away_days)

    @settings.autocomplete("auto_level")
    async def _auto_levels(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return admin_commands.auto_level_choices(interaction, current)
