"""Contract-test fixtures: every test runs on SQLite and, when TEST_POSTGRES_URL is set, on PostgreSQL."""
from __future__ import annotations

import pytest
from postgres_marks import needs_postgres

from persistence import open_store
from persistence.testing import isolated_url

BACKENDS = ["sqlite", pytest.param("postgres", marks=needs_postgres)]


@pytest.fixture(params=BACKENDS)
async def store_url(request, tmp_path):
    async with isolated_url(request.param, tmp_path) as url:
        yield url


@pytest.fixture
async def store(store_url):
    s = await open_store(store_url)
    yield s
    await s.close()
