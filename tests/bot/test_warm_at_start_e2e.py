"""setup_hook warms the store it opened (tests/persistence/test_warm_at_start.py: what warming does)."""
from __future__ import annotations

import pytest

from bot.discord_ui.client import CardTableBot


@pytest.fixture
def warmed(monkeypatch):
    stores: list = []

    async def spy(store) -> None:
        stores.append(store)

    monkeypatch.setattr(CardTableBot, "_warm", staticmethod(spy))
    return stores


async def test_the_bot_warms_the_store_it_opened_before_it_serves_anyone(warmed, world):
    assert warmed == [world.bot.store]
