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


def test_a_worker_service_thinks_for_the_bots_computer_seats():
    compose = yaml.safe_load((Path(__file__).parents[2] / "compose.yaml").read_text())
    services = compose["services"]
    bots = [Settings(token="t", **{k.lower(): v for k, v in s["environment"].items()})
            for name, s in services.items() if name.startswith("bot")]
    worker = services["worker"]
    assert worker["command"] == ["python", "-m", "bot.worker"]
    settings = Settings(**{k.lower(): v for k, v in worker["environment"].items()})
    assert all(b.search_queue == "postgres" for b in bots), "the bots queue their decisions, keeping no workers"
    assert {b.database_url for b in bots} == {settings.database_url}, "the worker takes them from the same database"
