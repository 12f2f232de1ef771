"""The queue of computer decisions: the pool's size is a setting, and operators read how long
decisions waited for a worker."""
from __future__ import annotations

import os

import pytest

from tables import cpu
from tables.cpu import CpuStats


def test_the_pool_size_is_a_setting_and_defaults_to_the_cores():
    try:
        cpu.configure_pool(None)
        assert cpu.pool_workers() == max(1, os.cpu_count() or 1)
        cpu.configure_pool(3)
        assert cpu.pool_workers() == 3
        with pytest.raises(ValueError):
            cpu.configure_pool(0)
    finally:
        cpu.configure_pool(None)


def test_the_setting_refuses_zero_workers():
    from pydantic import ValidationError

    from bot import Settings
    assert Settings(token="t", search_workers=4).search_workers == 4
    with pytest.raises(ValidationError):
        Settings(token="t", search_workers=0)


def test_operators_read_the_wait_for_a_worker():
    stats = CpuStats()
    for n, wait in enumerate([0.1, 0.2, 0.3, 4.0]):
        stats.waits.append((1000.0 + n, wait))
    stats.waits.append((10.0, 99.0))  # long ago: not in the figures
    figures = stats.recent(since=500.0)
    assert figures.answered == 4 and figures.wait_p50_s == pytest.approx(0.25) and figures.wait_p95_s == 4.0
