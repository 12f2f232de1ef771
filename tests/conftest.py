"""Shared test settings.

PROPERTY_GAMES sets how many random games each property test plays per game, mode and
player count. CI runs a fixed-seed subset (the defaults in each test); the full run is
`PROPERTY_GAMES=1000 python -m pytest tests -k property`.
"""
import os


def property_games(default: int) -> int:
    """How many random games a property test plays: PROPERTY_GAMES if set, else `default`."""
    value = os.environ.get("PROPERTY_GAMES")
    return int(value) if value else default


# Test modules do `from conftest import property_games`. Every conftest.py in a folder
# without __init__.py is imported as the module "conftest" too (tests/bot, tests/service,
# tests/persistence), and the last one imported would win; so right before pytest imports
# a test module, point "conftest" back at this file.
import sys as _sys  # noqa: E402

import pytest as _pytest  # noqa: E402

_THIS = _sys.modules[__name__]


def pytest_collectstart(collector) -> None:
    if isinstance(collector, _pytest.Module):
        _sys.modules["conftest"] = _THIS


@_pytest.fixture(autouse=True)
def _quick_computer_players(monkeypatch):
    """Computer seats think briefly in tests (two search iterations, on the loop) so games
    with them stay quick and repeatable; tests of the real worker pool pass their own runner.
    The terminal's other seats play at random unless a test asks for `--ai`."""
    from bot import local
    from tables import cpu

    monkeypatch.setattr(cpu, "default_runner", lambda: cpu.CpuRunner(iterations=2, inline=True))
    monkeypatch.setattr(local, "CPU_ITERATIONS", 4)
    monkeypatch.setattr(local, "DEFAULT_AI", "random")  # terminal tests are about the person's side
