"""Shared test fixtures. (How many random games property tests play: tests/property_runs.py.)"""
import pytest


@pytest.fixture(autouse=True)
def _quick_computer_players(monkeypatch):
    """Computer seats think briefly in tests (two search iterations, on the loop) so games
    with them stay quick and repeatable; tests of the real worker pool pass their own runner.
    The terminal's other seats play at random unless a test asks for `--ai`."""
    from bot import local
    from tables import cpu

    monkeypatch.setattr(cpu, "default_runner", lambda: cpu.CpuRunner(iterations=2, inline=True))
    monkeypatch.setattr(local, "CPU_ITERATIONS", 4)
    monkeypatch.setattr(local, "DEFAULT_AI", "random")  # terminal tests are about the person's side
