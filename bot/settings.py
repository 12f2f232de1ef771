"""Runtime settings of the Discord bot, read from the environment or a `.env` file.

`Settings(token=..., database_url=...)` also works directly (tests pass a temporary database).
"""
from __future__ import annotations

import json
import logging
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from persistence.shards import Shards
from tables.search_budget import CEILING_S

DEFAULT_DATABASE_URL = "sqlite:///data/bot.sqlite3"
DATABASE_SCHEMES = ("sqlite", "postgresql", "postgres")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


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
    owner_ids: Annotated[list[int], NoDecode] = Field(
        default_factory=list, validation_alias=AliasChoices("owner_ids", "OWNER_IDS"),
        description="Users allowed to run owner-only maintenance: ids separated by commas (or a JSON list).")
    log_level: str = Field("INFO", validation_alias=AliasChoices("log_level", "LOG_LEVEL"),
                           description="DEBUG, INFO, WARNING, ERROR or CRITICAL.")
    scheduler_max_sleep_s: float = Field(
        3600.0, gt=0, validation_alias=AliasChoices("scheduler_max_sleep_s", "SCHEDULER_MAX_SLEEP_S"),
        description="The timer loop wakes at least this often even when no timer is due.")
    board_refresh_after_s: int = Field(
        3600, ge=0, validation_alias=AliasChoices("board_refresh_after_s", "BOARD_REFRESH_AFTER_S"),
        description="Post a fresh board instead of editing one older than this (Discord caps edits of old messages).")
    board_edit_every_s: float = Field(
        1.0, ge=0, validation_alias=AliasChoices("board_edit_every_s", "BOARD_EDIT_EVERY_S"),
        description="A table's board is posted or edited at most once this often; updates meanwhile are drawn as one "
                    "(a table of computer seats stays within Discord's rate limits for message edits).")
    search_workers: int | None = Field(
        None, ge=1, validation_alias=AliasChoices("search_workers", "SEARCH_WORKERS"),
        description="Worker processes that think for computer seats (unset: one per core). The log's minute line "
                    "and /gameadmin tables (for the bot's owners) show their queue: add workers when it waits.")
    search_ceiling_s: float = Field(
        CEILING_S, gt=0, validation_alias=AliasChoices("search_ceiling_s", "SEARCH_CEILING_S"),
        description="A computer's search counts iterations, not time, so a busy machine makes it slower, never weaker; "
                    "a search still running after this many seconds answers with what it has (weaker). The log and "
                    "/gameadmin tables count such searches: add workers or cores when they appear.")
    search_queue: Literal["local", "postgres"] = Field(
        "local", validation_alias=AliasChoices("search_queue", "SEARCH_QUEUE"),
        description="local: computer players think in this process's own search workers (SEARCH_WORKERS). "
                    "postgres: this process keeps none and queues each decision in the PostgreSQL database for "
                    "`python -m bot.worker` processes, on this machine or others (needs a postgresql:// DATABASE_URL).")
    search_lease_s: float = Field(
        15.0, gt=0, validation_alias=AliasChoices("search_lease_s", "SEARCH_LEASE_S"),
        description="For `python -m bot.worker`: how long a job stays a worker's without a renewal (renewed every "
                    "third of it while the worker thinks); a crashed worker's job is taken again after it.")
    picture_workers: int = Field(
        1, ge=0, validation_alias=AliasChoices("picture_workers", "PICTURE_WORKERS"),
        description="Worker processes that draw the board and hand pictures, so drawing never holds up the event "
                    "loop (0: a thread in the bot's process, which makes other tables' clicks wait meanwhile).")
    shard_count: int | None = Field(
        None, ge=1, validation_alias=AliasChoices("shard_count", "SHARD_COUNT"),
        description="How many shards the bot runs in all (across every process). Unset: Discord's recommendation.")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        None, validation_alias=AliasChoices("shard_ids", "SHARD_IDS"),
        description="The shards this process runs, e.g. 0,1 (needs SHARD_COUNT). Unset: all of them. "
                    "A process fires the timers of its own shards' servers; shard 0 also those outside servers.")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: Any) -> Any:
        """SHARD_IDS=0,1 or [0, 1]."""
        if isinstance(value, str):
            text = value.strip().strip("[]")
            try:
                return [int(part) for part in text.split(",") if part.strip()] or None
            except ValueError as e:
                raise ValueError(f"SHARD_IDS must be shard numbers separated by commas, not {value!r}") from e
        return value

    @field_validator("owner_ids", mode="before")
    @classmethod
    def _ids_list(cls, value: Any) -> Any:
        """`123456789012345678`, `1…,2…` and `[1…, 2…]` all name owners; anything else is refused."""
        if isinstance(value, int):
            return [value]
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                try:
                    return json.loads(text)
                except ValueError:
                    return text  # refused below, with the variable's name
            parts = [p.strip() for p in text.split(",") if p.strip()]
            return [int(p) if p.isdigit() and p.isascii() else p for p in parts]
        return value

    @field_validator("owner_ids")
    @classmethod
    def _snowflakes(cls, value: list[int]) -> list[int]:
        """A Discord user id has 17 to 20 digits; `123` is a typo, not an owner."""
        if any(not 10**16 <= i < 10**20 for i in value):
            raise ValueError("not a Discord user id")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS or not isinstance(logging.getLevelName(level), int):
            raise ValueError("unknown log level")
        return level

    @field_validator("database_url")
    @classmethod
    def _known_scheme(cls, value: str) -> str:
        scheme, sep, _ = value.partition("://")
        if not sep or scheme.lower() not in DATABASE_SCHEMES:
            raise ValueError("unknown database scheme")
        return value

    @model_validator(mode="after")
    def _queue_needs_postgres(self) -> Settings:
        if self.search_queue == "postgres" and self.database_url.partition("://")[0].lower() == "sqlite":
            raise ValueError("SEARCH_QUEUE=postgres needs a postgresql:// DATABASE_URL (the job table is in PostgreSQL)")
        return self

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards across every process)")
            wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
            if wrong:
                raise ValueError(f"SHARD_IDS {wrong} are not within 0..{self.shard_count - 1} (SHARD_COUNT={self.shard_count})")
            if len(set(self.shard_ids)) != len(self.shard_ids):
                raise ValueError("SHARD_IDS lists a shard twice")
        return self

    def shards(self) -> Shards | None:
        """The guilds this process serves; None when it runs every shard."""
        if self.shard_ids is None or self.shard_count is None or set(self.shard_ids) == set(range(self.shard_count)):
            return None
        return Shards(self.shard_count, frozenset(self.shard_ids))
