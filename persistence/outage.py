"""Database outages, told in two log lines: one when the database stops answering, one when it
answers again (with how long it was away). Every failed call in between, and asyncpg's own
attempts to reconnect its pool, stay quiet: an outage is one event, not a traceback per click."""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

log = logging.getLogger("persistence")

try:
    import asyncpg
except ImportError:  # pragma: no cover - only without the [postgres] extra
    asyncpg = None


def is_connection_error(error: BaseException) -> bool:
    """Whether `error` says the server is unreachable or dropped the connection (never a bug
    in a statement, nor a refusal by a rule of the schema)."""
    if isinstance(error, (OSError, asyncio.TimeoutError, ConnectionError)):
        return True
    if asyncpg is None:
        return False
    if isinstance(error, (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError)):
        return True
    return isinstance(error, asyncpg.InterfaceError) and "connection" in str(error) and "closed" in str(error)


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return f"{type(error).__name__}: {text}"[:300]


class Outage:
    """Whether the database is away now, and since when."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self.since: float | None = None

    def failed(self, error: BaseException) -> None:
        if self.since is None:
            self.since = self.clock()
            log.warning("database unavailable (%s); answering 'try again in a minute' until it is back",
                        one_line(error))

    def answered(self) -> None:
        if self.since is not None:
            away, self.since = self.clock() - self.since, None
            log.warning("database available again after %.0f s", away)


class QuietReconnects(logging.Filter):
    """asyncpg's pool logs a traceback on every failed attempt to reconnect ("Failed to restore
    the pool connection floor"); the outage is told once by `Outage` instead (the next call
    that needs the database notices it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Failed to restore the pool connection")


_QUIET = QuietReconnects()


def quiet_asyncpg_reconnects() -> None:
    """Install the filter on asyncpg's pool logger (once, however many pools are opened)."""
    logger = logging.getLogger("asyncpg.pool")
    if _QUIET not in logger.filters:
        logger.addFilter(_QUIET)
