"""`python -m bot` and its settings, without Discord."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import discord

from bot import Settings, create_bot

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_explains_how_to_get_one_and_how_to_play_in_the_terminal(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2
    assert "discord.com/developers/applications" in run.stderr
    assert "DISCORD_TOKEN" in run.stderr and "python -m bot.local" in run.stderr
    assert "トークン" in run.stderr  # and in Japanese


def test_settings_come_from_the_environment_and_dotenv(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=\nSYNC_COMMANDS=never\n", encoding="utf-8")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.sqlite3")
    settings = Settings()
    assert (settings.token, settings.database_url, settings.dev_guild_id, settings.sync_commands) == (
        "abc", "sqlite:///x.sqlite3", None, "never")
    assert Settings(token="t", database_url="sqlite:///:memory:").token == "t"


def test_default_database_is_a_sqlite_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert Settings().database_url == "sqlite:///data/bot.sqlite3"


def test_the_bot_asks_for_no_privileged_intents():
    bot = create_bot(Settings(token="t", database_url="sqlite:///:memory:"))
    assert not (bot.intents.members or bot.intents.presences or bot.intents.message_content)
    assert isinstance(bot, discord.Client)


def test_the_table_service_does_not_import_discord():
    code = "import sys, tables, bot.local; print('discord' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "False", run.stderr
