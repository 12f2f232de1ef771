"""Runtime settings of the Discord bot, read from the environment or a `.env` file.

`Settings(token=..., database_url=...)` also works directly (tests pass a temporary database).
"""
from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/bot.sqlite3"


class Settings(BaseSettings):
    """Everything `python -m bot` needs; each field names its environment variable."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True,
                                      populate_by_name=True)

    token: str | None = Field(None, validation_alias=AliasChoices("token", "DISCORD_TOKEN"),
                              description="The bot token from the Discord developer portal.")
    database_url: str = Field(DEFAULT_DATABASE_URL, validation_alias=AliasChoices("database_url", "DATABASE_URL"),
                              description="sqlite:///path, sqlite:///:memory: or postgresql://…")
    dev_guild_id: int | None = Field(None, validation_alias=AliasChoices("dev_guild_id", "DEV_GUILD_ID"),
                                     description="Register the commands in this server only (instant sync while developing).")
    sync_commands: Literal["auto", "always", "never"] = Field(
        "auto", validation_alias=AliasChoices("sync_commands", "SYNC_COMMANDS"),
        description="auto: upload the slash commands only when they differ from what Discord has; "
                    "always: on every start; never: only with `python -m bot --sync`.")
    owner_ids: list[int] = Field(default_factory=list, validation_alias=AliasChoices("owner_ids", "OWNER_IDS"),
                                 description="Users allowed to run owner-only maintenance (JSON list).")
    log_level: str = Field("INFO", validation_alias=AliasChoices("log_level", "LOG_LEVEL"))
    scheduler_max_sleep_s: float = Field(
        3600.0, gt=0, validation_alias=AliasChoices("scheduler_max_sleep_s", "SCHEDULER_MAX_SLEEP_S"),
        description="The timer loop wakes at least this often even when no timer is due.")
    board_refresh_after_s: int = Field(
        3600, ge=0, validation_alias=AliasChoices("board_refresh_after_s", "BOARD_REFRESH_AFTER_S"),
        description="Post a fresh board instead of editing one older than this (Discord caps edits of old messages).")
