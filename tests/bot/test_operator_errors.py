"""`python -m bot` run the wrong way, as a newcomer or an operator does it: each mistake gets one
line in English and one in Japanese and a non-zero exit code, never a traceback."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest


def interruptible() -> None:
    """Ctrl-C reaches the child as in a terminal (a shell's background jobs start with SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GabcDE.abcdefghijklmnopqrstuvwxyz0123456789"
# `python -m bot` against a stand-in for Discord's API at a local address (the code is main's).
AGAINST = ("import sys, discord.http as h; h.Route.BASE = sys.argv.pop(1); sys.argv[0] = 'bot';"
           "from bot.__main__ import main; raise SystemExit(main())")


def run_bot(tmp_path, args=(), code: str | None = None, timeout: float = 60, **env: str):
    environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **env}
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "bot", *args]
    return subprocess.run(command, cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=timeout)


def assert_two_lines(run, english: str, japanese: str, code: int) -> None:
    assert run.returncode == code, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    lines = [line for line in run.stderr.splitlines() if line and " INFO " not in line]
    assert len(lines) == 2, run.stderr
    assert english in lines[0] and japanese in lines[1], run.stderr


@pytest.mark.parametrize(("name", "value", "english", "japanese"), [
    ("OWNER_IDS", "123", "Invalid setting OWNER_IDS=123: use Discord user ids", "設定 OWNER_IDS=123 は使えません"),
    ("OWNER_IDS", "alice", "Invalid setting OWNER_IDS=alice", "カンマ区切り"),
    ("SYNC_COMMANDS", "yes", "Invalid setting SYNC_COMMANDS=yes: use auto, always or never.",
     "auto、always、never のいずれか"),
    ("LOG_LEVEL", "verbose", "Invalid setting LOG_LEVEL=verbose: use DEBUG, INFO, WARNING, ERROR or CRITICAL.",
     "設定 LOG_LEVEL=verbose は使えません"),
    ("DATABASE_URL", "mysql://root:hunter2@db/cards", "Invalid setting DATABASE_URL=mysql://root:***@db/cards",
     "sqlite:///ファイルのパス"),
    ("DEV_GUILD_ID", "my-server", "Invalid setting DEV_GUILD_ID=my-server", "サーバーID"),
])
def test_an_invalid_setting_is_named_before_logging_in(tmp_path, name, value, english, japanese):
    run = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, **{name: value})
    assert_two_lines(run, english, japanese, 2)
    assert "hunter2" not in run.stderr, "a password in DATABASE_URL is never printed"
    assert not (tmp_path / "data").exists(), "nothing was opened"


def test_several_invalid_settings_are_all_named_at_once(tmp_path):
    run = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, SYNC_COMMANDS="yes", LOG_LEVEL="verbose")
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "SYNC_COMMANDS=yes" in run.stderr and "LOG_LEVEL=verbose" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 4


def test_owner_ids_may_be_written_with_commas_or_as_a_json_list(monkeypatch):
    from bot import Settings
    for text in ("123456789012345678,223456789012345678", "[123456789012345678, 223456789012345678]"):
        monkeypatch.setenv("OWNER_IDS", text)
        assert Settings(token="t").owner_ids == [123456789012345678, 223456789012345678]


def test_a_token_that_is_no_token_at_all(tmp_path):
    """`DISCORD_TOKEN=abc python -m bot`: refused before any network access, whatever the network."""
    run = run_bot(tmp_path, DISCORD_TOKEN="abc")
    assert_two_lines(run, "DISCORD_TOKEN does not look like a bot token", "DISCORD_TOKEN はボットのトークンの形", 2)


class FakeDiscord(BaseHTTPRequestHandler):
    """Discord's API as a revoked token meets it: 401 on every request (or no answer at all)."""
    hang = False

    def do_GET(self):  # noqa: N802 - http.server's naming
        if self.hang:
            time.sleep(30)
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture
def fake_discord():
    servers = []

    def start(hang: bool = False) -> str:
        handler = type("Handler", (FakeDiscord,), {"hang": hang})
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/api/v10"
    yield start
    for server in servers:
        server.shutdown()


def test_a_token_discord_refuses(tmp_path, fake_discord):
    run = run_bot(tmp_path, [fake_discord()], code=AGAINST, DISCORD_TOKEN=TOKEN)
    assert_two_lines(run, "Discord refused the token in DISCORD_TOKEN", "DiscordがDISCORD_TOKENのトークンを受け付けません", 2)


def test_discord_out_of_reach(tmp_path):
    closed = "http://127.0.0.1:9/api/v10"  # the discard port: nothing listens there
    run = run_bot(tmp_path, [closed], code=AGAINST, DISCORD_TOKEN=TOKEN)
    assert_two_lines(run, "Cannot reach Discord", "Discordに接続できません", 3)


def test_a_database_that_does_not_answer(tmp_path):
    run = run_bot(tmp_path, DISCORD_TOKEN=TOKEN, DATABASE_URL="postgresql://postgres@127.0.0.1:9/cards")
    assert_two_lines(run, "Cannot open the database postgresql://postgres@127.0.0.1:9/cards",
                     "データベース postgresql://postgres@127.0.0.1:9/cards を開けません", 3)


def test_ctrl_c_while_logging_in_stops_quietly(tmp_path, fake_discord):
    environ = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN}
    proc = subprocess.Popen([sys.executable, "-c", AGAINST, fake_discord(hang=True)], cwd=tmp_path, env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=interruptible)
    seen = ""
    while "logging in" not in seen:  # the log-in request is on its way and will not be answered
        line = proc.stderr.readline()
        assert line, "the bot stopped before logging in"
        seen += line
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert err.strip().splitlines() == ["Stopped (Ctrl-C).", "停止しました（Ctrl-C）。"]


def test_no_voice_support_warnings_on_start():
    """discord.py warns once per process that PyNaCl and davey (voice) are missing; a card table
    never joins voice, so the bot switches that off instead of showing it on every start."""
    import logging

    import discord

    from bot import Settings, create_bot
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as in a fresh process
    logging.getLogger("discord").addHandler(handler)
    try:
        create_bot(Settings(token="t", database_url="sqlite:///:memory:"))
    finally:
        logging.getLogger("discord").removeHandler(handler)
    assert not [r for r in records if "voice" in r.getMessage()]
