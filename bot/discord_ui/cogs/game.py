"""`/game …`: what players use (docs/discord.md).

Only the slash commands' declarations, which discord.py reads from a cog: their names,
descriptions, options and choices in English and Japanese, and where they may be used. Each
command forwards to `table_commands`, `info_commands`, `turn_list` or `watch`, so the cog takes
what those use together (`Players`), and no more."""
from __future__ import annotations

from typing import Protocol

import discord
from discord import app_commands
from discord.ext import commands

from games import registry

from .. import info_commands, table_commands, turn_list, watch
from ..translator import L


class Players(table_commands.NewDesk, table_commands.LearnDesk, Protocol):
    """What the `/game` commands use together: `/game new`'s and `/game learn`'s needs cover
    every other command's (the service, preferences, announcer, clock, pictures, open hands,
    servers and channels)."""


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game, named in English and Japanese (the key if it does not load yet)."""
    choices = []
    for key in registry.KEYS:
        try:
            names = registry.get(key).names
        except (ImportError, AttributeError):
            names = {"en": key, "ja": key}
        choices.append(app_commands.Choice(name=app_commands.locale_str(names["en"], ja=names.get("ja", names["en"])),
                                           value=key))
    return choices


GAMES = game_choices()
ON_OFF = [app_commands.Choice(name=L("choice.on"), value="on"), app_commands.Choice(name=L("choice.off"), value="off")]
LANGUAGES = [app_commands.Choice(name=L("choice.lang_auto"), value="auto"),
             app_commands.Choice(name=app_commands.locale_str("English"), value="en"),
             app_commands.Choice(name=app_commands.locale_str("日本語"), value="ja")]


# Discord sets where a command may be used on the top-level command only, so /game as a whole
# may be installed to a user's account and used in DMs and group DMs: the personal commands
# (mine, stats, notify, language, rules) work there, and `/game new` explains where a table can
# be opened (permissions.bot_can_host).
@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class GameCog(commands.GroupCog, group_name=L("cmd.game"), group_description=L("cmd.game.desc")):
    def __init__(self, bot: Players) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name=L("cmd.game.new"), description=L("cmd.game.new.desc"))
    @app_commands.describe(game=L("param.game.desc"))
    @app_commands.rename(game=L("param.game"))
    @app_commands.choices(game=GAMES)
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        await table_commands.new(self.bot, interaction, game)

    @app_commands.command(name=L("cmd.game.learn"), description=L("cmd.game.learn.desc"))
    @app_commands.describe(game=L("param.game.desc"))
    @app_commands.rename(game=L("param.game"))
    @app_commands.choices(game=GAMES)
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        await table_commands.learn(self.bot, interaction, game)

    @app_commands.command(name=L("cmd.game.join"), description=L("cmd.game.join.desc"))
    @app_commands.describe(code=L("param.code.desc"))
    @app_commands.rename(code=L("param.code"))
    async def join(self, interaction: discord.Interaction,
                   code: app_commands.Range[str, 1, 16] | None = None) -> None:
        await table_commands.join(self.bot, interaction, code)

    @app_commands.command(name=L("cmd.game.leave"), description=L("cmd.game.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await table_commands.leave(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.start"), description=L("cmd.game.start.desc"))
    async def start(self, interaction: discord.Interaction) -> None:
        await table_commands.start(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.hand"), description=L("cmd.game.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await table_commands.hand(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.board"), description=L("cmd.game.board.desc"))
    @app_commands.describe(text=L("param.text.desc"))
    @app_commands.rename(text=L("param.text"))
    async def board(self, interaction: discord.Interaction, text: bool | None = None) -> None:
        await table_commands.board(self.bot, interaction, text)

    @app_commands.command(name=L("cmd.game.log"), description=L("cmd.game.log.desc"))
    @app_commands.describe(table=L("param.table.desc"))
    @app_commands.rename(table=L("param.table"))
    async def log(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        await info_commands.log(self.bot, interaction, table)

    @app_commands.command(name=L("cmd.game.resign"), description=L("cmd.game.resign.desc"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await table_commands.resign(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.undo"), description=L("cmd.game.undo.desc"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await table_commands.undo(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.rules"), description=L("cmd.game.rules.desc"))
    @app_commands.describe(game=L("param.game.desc"))
    @app_commands.rename(game=L("param.game"))
    @app_commands.choices(game=GAMES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        await info_commands.rules(self.bot, interaction, game)

    @app_commands.command(name=L("cmd.game.stats"), description=L("cmd.game.stats.desc"))
    @app_commands.describe(player=L("param.player.desc"), game=L("param.game.desc"))
    @app_commands.rename(player=L("param.player"), game=L("param.game"))
    @app_commands.choices(game=GAMES)
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    game: str | None = None) -> None:
        await info_commands.stats(self.bot, interaction, player, game)

    @app_commands.command(name=L("cmd.game.leaderboard"), description=L("cmd.game.leaderboard.desc"))
    @app_commands.describe(game=L("param.game.desc"))
    @app_commands.rename(game=L("param.game"))
    @app_commands.choices(game=GAMES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        await info_commands.leaderboard(self.bot, interaction, game)

    @app_commands.command(name=L("cmd.game.replay"), description=L("cmd.game.replay.desc"))
    @app_commands.describe(table=L("param.table.desc"))
    @app_commands.rename(table=L("param.table"))
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1]) -> None:
        await info_commands.replay(self.bot, interaction, table)

    @app_commands.command(name=L("cmd.game.mine"), description=L("cmd.game.mine.desc"))
    async def mine(self, interaction: discord.Interaction) -> None:
        await turn_list.mine(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.away"), description=L("cmd.game.away.desc"))
    @app_commands.describe(days=L("param.days.desc"))
    @app_commands.rename(days=L("param.days"))
    async def away(self, interaction: discord.Interaction, days: int) -> None:
        await watch.away(self.bot, interaction, days)  # the service refuses bad numbers, in words

    @app_commands.command(name=L("cmd.game.back"), description=L("cmd.game.back.desc"))
    async def back(self, interaction: discord.Interaction) -> None:
        await watch.back(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.browse"), description=L("cmd.game.browse.desc"))
    async def browse(self, interaction: discord.Interaction) -> None:
        await watch.browse(self.bot, interaction)

    @app_commands.command(name=L("cmd.game.invite"), description=L("cmd.game.invite.desc"))
    @app_commands.describe(member=L("param.member.desc"))
    @app_commands.rename(member=L("param.member"))
    async def invite(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await watch.invite(self.bot, interaction, member)

    @app_commands.command(name=L("cmd.game.notify"), description=L("cmd.game.notify.desc"))
    @app_commands.describe(dm=L("param.dm.desc"))
    @app_commands.rename(dm=L("param.dm"))
    @app_commands.choices(dm=ON_OFF)
    async def notify(self, interaction: discord.Interaction, dm: str) -> None:
        await info_commands.notify(self.bot, interaction, dm == "on")

    @app_commands.command(name=L("cmd.game.textboard"), description=L("cmd.game.textboard.desc"))
    @app_commands.describe(text=L("param.textboard.desc"))
    @app_commands.rename(text=L("param.text"))
    @app_commands.choices(text=ON_OFF)
    async def textboard(self, interaction: discord.Interaction, text: str) -> None:
        await info_commands.textboard(self.bot, interaction, text == "on")

    @app_commands.command(name=L("cmd.game.language"), description=L("cmd.game.language.desc"))
    @app_commands.describe(language=L("param.language.desc"))
    @app_commands.rename(language=L("param.language"))
    @app_commands.choices(language=LANGUAGES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await info_commands.language(self.bot, interaction, language)
