"""The type check: mypy, with the repository's mypy.ini, finds no error in bot/, tables/ and
persistence/ (a value that may be None used as if it never were, a call that no longer fits
the function it calls, a mixin calling a method nobody declares). `mypy` from the repository
root runs the same check alone."""
from __future__ import annotations

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_type_errors(monkeypatch):
    monkeypatch.chdir(ROOT)  # the config names its files relative to the root
    report, errors, status = api.run(["--config-file", str(ROOT / "mypy.ini")])
    assert status == 0, f"mypy (mypy.ini) found type errors:\n{report}{errors}"
    assert "no issues found" in report, report
