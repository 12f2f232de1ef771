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


# --- PostgreSQL: skipped with a reason locally, required in CI --------------------------------

_postgres_skips: list[str] = []


def _postgres_required() -> bool:
    import os

    return os.environ.get("REQUIRE_POSTGRES", "") not in ("", "0")


def pytest_configure(config):
    from persistence.testing import POSTGRES_ENV, postgres_base_url

    if _postgres_required() and postgres_base_url() is None:
        raise pytest.UsageError(f"REQUIRE_POSTGRES is set but {POSTGRES_ENV} is not: the PostgreSQL tests cannot run")


def pytest_runtest_logreport(report):
    """Remember every test skipped for want of PostgreSQL (on xdist, the controller sees them all)."""
    from postgres_marks import SKIP_REASON

    if report.skipped and SKIP_REASON in str(report.longrepr):
        _postgres_skips.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if _postgres_required() and _postgres_skips and exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter):
    if not _postgres_skips:
        return
    if _postgres_required():
        terminalreporter.write_line(f"FAILED: {len(_postgres_skips)} PostgreSQL tests were skipped although "
                                    "REQUIRE_POSTGRES is set", red=True)
    else:
        terminalreporter.write_line(f"{len(_postgres_skips)} PostgreSQL tests skipped: set TEST_POSTGRES_URL "
                                    "(for example postgresql://postgres@127.0.0.1:5432/cardbot_test) to run them")
