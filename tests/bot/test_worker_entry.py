"""`python -m bot.worker` and SEARCH_QUEUE run the wrong way: one line in English and one in
Japanese and a non-zero exit code, never a traceback; SEARCH_QUEUE=postgres needs PostgreSQL."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot import Settings

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, module: str, **env: str) -> subprocess.CompletedProcess:
    environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", module], cwd=tmp_path, env=environ, capture_output=True, text=True,
                          timeout=60)


def two_lines(done: subprocess.CompletedProcess, code: int) -> list[str]:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = [line for line in done.stderr.splitlines() if line and " INFO " not in line]
    assert len(lines) == 2, done.stderr
    return lines


def test_the_worker_refuses_a_sqlite_database_and_says_what_to_set(tmp_path):
    english, japanese = two_lines(run(tmp_path, "bot.worker", DATABASE_URL="sqlite:///data/bot.sqlite3"), 2)
    assert "takes its jobs from PostgreSQL" in english and "sqlite:///data/bot.sqlite3" in english
    assert "PostgreSQL" in japanese and "SEARCH_QUEUE=postgres" in japanese
    assert not (tmp_path / "data").exists(), "nothing was opened"


def test_the_worker_names_a_database_it_cannot_reach(tmp_path):
    english, japanese = two_lines(run(tmp_path, "bot.worker",
                                      DATABASE_URL="postgresql://cardbot:hunter2@127.0.0.1:1/cardbot"), 3)
    assert "Cannot open the database postgresql://cardbot:***@127.0.0.1:1/cardbot" in english
    assert "データベース" in japanese and "hunter2" not in english + japanese


def test_a_postgres_queue_needs_a_postgres_database():
    assert Settings(token="t", database_url="postgresql://db/cardbot", search_queue="postgres").search_queue == "postgres"
    assert Settings(token="t").search_queue == "local"
    with pytest.raises(ValidationError, match="SEARCH_QUEUE=postgres needs a postgresql://"):
        Settings(token="t", database_url="sqlite:///x.sqlite3", search_queue="postgres")
    with pytest.raises(ValidationError):
        Settings(token="t", search_queue="redis")
    with pytest.raises(ValidationError):
        Settings(token="t", search_lease_s=0)


def test_the_bot_names_a_postgres_queue_without_postgres(tmp_path):
    english, japanese = two_lines(run(tmp_path, "bot", DISCORD_TOKEN="MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnop",
                                      SEARCH_QUEUE="postgres"), 2)
    assert "SEARCH_QUEUE=postgres needs a postgresql:// DATABASE_URL" in english
    assert "SEARCH_QUEUE=postgres" in japanese
