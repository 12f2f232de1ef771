"""The README starts with the two commands a newcomer copies on a fresh machine (one runs the bot,
one runs the tests), each making its virtual environment and checking for Python 3.11+; CI runs
the same test command."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("# ") and lines[1] == "" and lines[2] == "```bash", "the README starts with them"
    end = lines.index("```", 3)
    return lines[3:end]


def test_the_readme_starts_with_two_setup_commands():
    commands = setup_commands()
    assert len(commands) == 2
    run, test = commands
    for command in commands:
        assert "sys.version_info < (3, 11)" in command, "says which Python it needs"
        assert "python3 -m venv .venv && . .venv/bin/activate" in command, "makes a virtual environment"
    assert run.endswith("pip install -e . && python -m bot")
    assert test.endswith("pip install -e '.[test]' && python -m pytest -q")


def test_ci_runs_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert setup_commands()[1] in ci
