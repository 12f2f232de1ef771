"""Several OS processes on one PostgreSQL database (skipped without TEST_POSTGRES_URL)."""
from __future__ import annotations

import pytest

from persistence.testing import isolated_url, postgres_base_url

pytestmark = pytest.mark.skipif(postgres_base_url() is None, reason="TEST_POSTGRES_URL is not set")


@pytest.fixture
async def pg_url(tmp_path):
    if postgres_base_url() is None:
        pytest.skip("TEST_POSTGRES_URL is not set")
    async with isolated_url("postgres", tmp_path) as url:
        yield url
