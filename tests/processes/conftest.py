"""Several OS processes on one PostgreSQL database (skipped without TEST_POSTGRES_URL)."""
from __future__ import annotations

import pytest
from postgres_marks import SKIP_REASON, needs_postgres

from persistence.testing import isolated_url, postgres_base_url

pytestmark = needs_postgres


@pytest.fixture
async def pg_url(tmp_path):
    if postgres_base_url() is None:
        pytest.skip(SKIP_REASON)
    async with isolated_url("postgres", tmp_path) as url:
        yield url
