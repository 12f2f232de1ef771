"""The one mark for tests that need PostgreSQL, and the reason a skipped one gives.

Without TEST_POSTGRES_URL these tests are skipped, saying so in the summary (`-rs`). With
REQUIRE_POSTGRES=1 (CI sets it) a skip for this reason fails the run instead: tests/conftest.py.
"""
from __future__ import annotations

import pytest

from persistence.testing import POSTGRES_ENV, postgres_base_url

SKIP_REASON = f"no {POSTGRES_ENV}: PostgreSQL contract tests skipped"
needs_postgres = pytest.mark.skipif(postgres_base_url() is None, reason=SKIP_REASON)
