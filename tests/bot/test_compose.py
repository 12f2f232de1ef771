"""compose.yaml, the multi-process example a user copies: its bot processes share one database
and split every shard between them, each with settings the bot accepts."""
from __future__ import annotations

from pathlib import Path

import yaml

from bot import Settings


def test_the_bot_processes_share_one_database_and_split_the_shards():
    compose = yaml.safe_load((Path(__file__).parents[2] / "compose.yaml").read_text())
    bots = {name: service for name, service in compose["services"].items() if name.startswith("bot")}
    assert len(bots) >= 2
    settings = [Settings(token="t", **{k.lower(): v for k, v in s["environment"].items()}) for s in bots.values()]
    assert len({s.database_url for s in settings}) == 1 and settings[0].database_url.startswith("postgresql://")
    count = settings[0].shard_count
    assert all(s.shard_count == count for s in settings)
    shards = [i for s in settings for i in s.shard_ids]
    assert sorted(shards) == list(range(count)), "every shard runs in exactly one process"
