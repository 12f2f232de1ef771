"""Table-service fixtures: a fake clock, a SQLite store in a temporary directory and the service."""
from __future__ import annotations

import pytest
from postgres_marks import needs_postgres

from persistence import open_store
from persistence.testing import FakeClock, isolated_url
from tables import TableService

BACKENDS = ["sqlite", pytest.param("postgres", marks=needs_postgres)]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def db_url(tmp_path):
    async with isolated_url("sqlite", tmp_path) as url:
        yield url


@pytest.fixture(params=BACKENDS)
async def any_db_url(request, tmp_path):
    """For the tests that must hold on every backend (restart, races)."""
    async with isolated_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
async def store(db_url):
    s = await open_store(db_url)
    yield s
    await s.close()


@pytest.fixture
def svc(store, clock) -> TableService:
    return TableService(store, clock=clock, seed_source=lambda: 4242)


@pytest.fixture
async def memory_svc(clock):
    """An in-memory store, for long games where durability is not what is tested."""
    s = await open_store("sqlite:///:memory:")
    yield TableService(s, clock=clock, seed_source=lambda: 4242)
    await s.close()
