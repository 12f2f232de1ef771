"""Shard settings: SHARD_COUNT / SHARD_IDS pick the shards (and so the servers) a process
serves; a bad combination stops `python -m bot` with one clear line, never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bot import Settings
from persistence import Shards


def test_shard_ids_are_read_as_a_comma_list_and_become_the_process_shards(monkeypatch):
    monkeypatch.setenv("SHARD_COUNT", "4")
    monkeypatch.setenv("SHARD_IDS", "1,3")
    settings = Settings(token="t")
    assert settings.shard_ids == [1, 3]
    assert settings.shards() == Shards(4, frozenset({1, 3}))


def test_unset_or_every_shard_means_no_filter(monkeypatch):
    assert Settings(token="t").shards() is None
    assert Settings(token="t", shard_count=2, shard_ids=[0, 1]).shards() is None


@pytest.mark.parametrize("env, says", [
    ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "not within 0..1"),
    ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "zero"}, "shard numbers separated by commas"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "twice"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
])
def test_bad_shard_settings_stop_with_one_line_and_no_traceback(tmp_path, env, says):
    clean = {k: v for k, v in os.environ.items() if not k.startswith("SHARD_")}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          env={**clean, "DISCORD_TOKEN": "x", "PYTHONPATH": os.getcwd(), **env})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and says in lines[0], done.stderr
