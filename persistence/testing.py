"""Helpers for tests: an isolated database per test on SQLite or PostgreSQL.

PostgreSQL tests run in a fresh schema of the database named by `TEST_POSTGRES_URL`
(CI sets it; locally `postgresql://postgres@127.0.0.1:5432/cardbot_test`) and drop it after,
so parallel runs never see each other's rows.
"""
from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

POSTGRES_ENV = "TEST_POSTGRES_URL"


def postgres_base_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


@asynccontextmanager
async def isolated_url(backend: str, directory: Path) -> AsyncIterator[str]:
    """A database URL nobody else uses: a SQLite file in `directory`, or a new PostgreSQL schema."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / f'test-{uuid.uuid4().hex[:8]}.sqlite3'}"
        return
    base = postgres_base_url()
    if base is None:
        raise RuntimeError(f"{POSTGRES_ENV} is not set")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    try:
        yield f"{base}{'&' if '?' in base else '?'}schema={schema}"
    finally:
        import asyncpg

        from .db import postgres_dsn_and_schema
        conn = await asyncpg.connect(postgres_dsn_and_schema(base)[0])
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()


class FakeClock:
    """A clock a test moves by hand: `clock()` -> now; `clock.advance(seconds)`."""

    def __init__(self, start: float = 1_767_225_600.0):  # 2026-01-01T00:00Z
        self.now = float(start)

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now
