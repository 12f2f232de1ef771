"""The bot opens its database pool while it connects to Discord (setup_hook), so the first burst of
moves after a restart does not queue behind connecting; a server that refuses the connections
only costs that head start, never the start itself."""
from __future__ import annotations

import logging

from records import new_table, running

from bot.discord_ui.client import CardTableBot
from persistence import open_store


async def test_the_bot_opens_every_connection_of_its_pool_at_start(store_url):
    url = store_url + ("&pool_size=3" if store_url.startswith("postgres") else "")
    store = await open_store(url)
    try:
        await CardTableBot._warm(store)
        if store.db.dialect == "postgres":
            assert store.db._pool.get_size() == 3 and store.db._pool.get_idle_size() == 3
        table = await store.tables.create(new_table(players=("u1", "u2")))
        assert (await store.tables.save(running(table), expected_rev=0)).rev > table.rev
    finally:
        await store.close()


async def test_a_pool_that_cannot_be_warmed_is_a_warning_and_the_bot_goes_on(store_url, caplog, monkeypatch):
    store = await open_store(store_url)
    try:
        async def refused() -> None:
            raise ConnectionError("sorry, too many clients already")

        monkeypatch.setattr(store.db, "warm", refused)
        with caplog.at_level(logging.WARNING, logger="bot.discord_ui.client"):
            await CardTableBot._warm(store)
        assert "not warmed at start (ConnectionError: sorry, too many clients already)" in caplog.text
        table = await store.tables.create(new_table(players=("u1", "u2")))
        assert table.id is not None
    finally:
        await store.close()
