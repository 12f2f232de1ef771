"""Search workers yield the CPU to the bot and die with it, even when it is killed with SIGKILL."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FAKE_BOT = """
import json, os, time
from tables.cpu import shared_pool


def worker_pid(_):
    time.sleep(0.2)  # long enough that the pool hands the next call to the other worker
    return os.getpid()


if __name__ == "__main__":
    pids = set()
    while len(pids) < 2:  # until both workers have answered
        pids |= set(shared_pool().map(worker_pid, range(4)))
    print(json.dumps(sorted(pids)), flush=True)
    time.sleep(600)  # the bot runs on until it is killed
"""


def alive(pid: int) -> bool:
    """Running (a zombie that nobody reaped has exited, and holds neither a core nor memory)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc to see which processes run")
def test_workers_exit_when_the_bot_is_killed_with_sigkill(tmp_path):
    (tmp_path / "fake_bot.py").write_text(FAKE_BOT)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    bot = subprocess.Popen([sys.executable, "fake_bot.py"], cwd=tmp_path, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = bot.stdout.readline()
        assert line, bot.stderr.read()
        workers = json.loads(line)
        assert len(workers) == 2 and all(alive(pid) for pid in workers)
    finally:
        bot.send_signal(signal.SIGKILL)
        bot.wait(timeout=30)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers), "orphaned search workers still run"


def test_workers_run_at_a_lower_priority_than_the_bot():
    from tables.cpu import shared_pool

    assert shared_pool().submit(os.nice, 0).result(timeout=60) > os.nice(0)
