"""SimCord fixtures: a fresh bot on a temporary SQLite database, a server with members and an
admin, and a restart that builds a *new* bot instance on the same database.

SIMCORD_IDLE sets SimCord's settle poll interval (a private knob, pinned with simcord 3.2.1;
default here 0.001 s instead of 0.05 s, which makes the suite about 4x faster).
"""
from __future__ import annotations

import itertools
import logging
import os
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord.env import Env

from bot import Settings, create_bot

Env._settle_internal.__kwdefaults__["idle"] = float(os.environ.get("SIMCORD_IDLE", "0.001"))


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'bot.sqlite3'}"


def make_bot(db_url: str, **overrides: Any):
    """The bot is an AutoShardedBot; SimCord needs its shard count (one shard here). Boards are
    edited as soon as they change (SimCord keeps no rate limits; test_e2e_ai shows the pacing).
    Pictures are drawn on the pictures thread (no worker process per test; test_pictures_cache
    covers the workers)."""
    return create_bot(Settings(token="test-token", database_url=db_url,
                               **{"shard_count": 1, "board_edit_every_s": 0, "picture_workers": 0, **overrides}))


@pytest.fixture
def bot_overrides() -> dict[str, Any]:
    """Settings a test module may override (e.g. board_refresh_after_s)."""
    return {}


@pytest.fixture
def simcord_bot(db_url, bot_overrides):
    return make_bot(db_url, **bot_overrides)


@dataclass
class World:
    env: Any
    guild: Any
    channel: Any
    members: list[Any]
    admin: Any
    outsider: Any
    db_url: str
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def alice(self):
        return self.members[0]

    @property
    def bob(self):
        return self.members[1]

    @property
    def carol(self):
        return self.members[2]

    @property
    def bot(self):
        return self.env.bot

    async def restart(self) -> None:
        """Close the running bot and attach a new instance on the same database."""
        old = self.env.bot
        await old.close()
        await self.env.restart_bot(make_bot(self.db_url, **self.overrides))
        assert self.env.bot is not old
        fixed_deals(self.env.bot, start=1000)


def fixed_deals(bot: Any, start: int = 1) -> None:
    """Deal seeds 1, 2, 3, … instead of random ones, so a test plays the same games every run."""
    bot.service.seed_source = itertools.count(start).__next__


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
async def world(simcord_env, db_url, bot_overrides):
    env = simcord_env
    guild = env.create_guild("Card Club")
    channel = guild.create_text_channel("tables")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("root"), roles=[admins])
    outsider = guild.add_member(env.create_user("eve"))
    w = World(env, guild, channel, members, admin, outsider, db_url, dict(bot_overrides))
    fixed_deals(env.bot)
    errors = _Errors()
    logging.getLogger("bot").addHandler(errors)  # the bot logs what it reports to users
    try:
        yield w
    finally:
        logging.getLogger("bot").removeHandler(errors)
        await env.bot.close()  # SimCord never closes the bot; the store must close before the loop ends
    assert not errors.records, "the bot logged errors:\n" + "\n".join(
        logging.Formatter().format(r) for r in errors.records)
