"""What `python -m bot` tells an operator when something is wrong before or while logging in:
one line in English and one in Japanese, and a non-zero exit code, never a traceback.

Settings are checked before anything connects; the database is opened once before logging in
(so an unreachable PostgreSQL is not reported as a Discord problem); then the log-in itself.
"""
from __future__ import annotations

import asyncio
import re
import sys
from typing import TextIO

from pydantic import ValidationError

from bot.i18n import t

from .settings import Settings

EXIT_CONFIG = 2      # the settings or the token are wrong: fix them
EXIT_UNREACHABLE = 3  # Discord or the database cannot be reached: try again later
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT

TOKEN_SHAPE = re.compile(r"[\w-]{10,}\.[\w-]{4,}\.[\w-]{10,}")
HINTS = {"sync_commands": "sync_commands", "log_level": "log_level", "database_url": "database_url",
         "owner_ids": "owner_ids", "dev_guild_id": "dev_guild_id", "scheduler_max_sleep_s": "seconds",
         "board_refresh_after_s": "seconds"}


class StartupError(Exception):
    """A problem the operator fixes: `key` and `params` name the message, `code` the exit status."""

    def __init__(self, key: str, code: int, **params: object) -> None:
        super().__init__(key)
        self.key, self.code, self.params = key, code, params

    def lines(self) -> list[str]:
        return [t(self.key, lang, **self.params) for lang in ("en", "ja")]


def say(lines: list[str], out: TextIO | None = None) -> None:
    for line in lines:
        print(line, file=out or sys.stderr)


def hide_password(url: str) -> str:
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def env_name(field: str) -> str:
    alias = Settings.model_fields[field].validation_alias
    names = [c for c in getattr(alias, "choices", []) if isinstance(c, str) and c.isupper()]
    return names[0] if names else field.upper()


def settings_problems(error: ValidationError) -> list[str]:
    """One English and one Japanese line per wrong setting, naming its variable and what works."""
    lines: list[str] = []
    seen: set[str] = set()
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        if field not in Settings.model_fields:  # a rule across settings (SHARD_IDS needs SHARD_COUNT)
            detail = str(problem.get("msg", "")).removeprefix("Value error, ")
            lines += [t("operator.bad_settings", lang, detail=detail) for lang in ("en", "ja")]
            continue
        if field in seen:
            continue
        seen.add(field)
        value = problem.get("input")
        if field == "database_url" and isinstance(value, str):
            value = hide_password(value)
        elif isinstance(value, list):
            value = ",".join(str(v) for v in value)
        for lang in ("en", "ja"):
            hint = t(f"operator.hint.{HINTS[field]}", lang) if field in HINTS else t(
                "operator.hint.other", lang, detail=str(problem.get("msg", "")).removeprefix("Value error, "))
            lines.append(t("operator.bad_setting", lang, name=env_name(field), value=value, hint=hint))
    return lines


def load_settings() -> Settings:
    """The settings from the environment and .env, or StartupError listing every wrong one."""
    try:
        return Settings()
    except ValidationError as error:
        raise SettingsInvalid(settings_problems(error)) from None


class SettingsInvalid(StartupError):
    def __init__(self, lines: list[str]) -> None:
        super().__init__("operator.bad_setting", EXIT_CONFIG)
        self._lines = lines

    def lines(self) -> list[str]:
        return self._lines


def check_token(token: str) -> None:
    if not TOKEN_SHAPE.fullmatch(token.strip()):
        raise StartupError("operator.bad_token_format", EXIT_CONFIG)


def check_database(url: str) -> None:
    """Open (and migrate) the store once and close it: a wrong path or a database that is down
    is reported as such before the bot logs in."""
    import persistence

    async def probe() -> None:
        store = await persistence.open_store(url)
        await store.close()

    try:
        asyncio.run(probe())
    except (OSError, ValueError, ImportError) as error:
        raise StartupError("operator.database", EXIT_UNREACHABLE, url=hide_password(url),
                           detail=str(error) or type(error).__name__) from None
    except Exception as error:  # noqa: BLE001 - a driver's own error (asyncpg, sqlite): still one line
        raise StartupError("operator.database", EXIT_UNREACHABLE, url=hide_password(url),
                           detail=f"{type(error).__name__}: {error}") from None


def run_bot(settings: Settings) -> None:
    """Log in and run until stopped; StartupError for a refused token or an unreachable Discord."""
    import aiohttp
    import discord

    from tables import runtime

    from .discord_ui.client import create_bot

    runtime.tune_gc()  # fewer, shorter garbage collections: no 50 ms stall of every table (tables/runtime.py)

    async def runner() -> None:
        bot = create_bot(settings, freeze_gc=True)
        async with bot:
            await bot.start(settings.token or "")

    try:
        asyncio.run(runner())
    except discord.LoginFailure:
        raise StartupError("operator.bad_token", EXIT_CONFIG) from None
    except (TimeoutError, aiohttp.ClientConnectionError, OSError) as error:
        detail = getattr(error, "host", None) or str(error) or type(error).__name__
        raise StartupError("operator.unreachable", EXIT_UNREACHABLE, detail=detail) from None
