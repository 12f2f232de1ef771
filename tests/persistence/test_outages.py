"""Database outages on PostgreSQL: a pooled connection that died (pg_terminate_backend)
is retried once and the call succeeds; while the server is away every call fails fast with
`Unavailable` (nothing changed); the outage is two log lines, never a traceback per call,
and asyncpg's reconnect attempts stay quiet."""
from __future__ import annotations

import asyncio
import logging
from urllib.parse import urlparse

import pytest

from persistence import Unavailable, open_store
from persistence.db import execute, fetch
from persistence.testing import isolated_url, postgres_base_url

pytestmark = pytest.mark.skipif(postgres_base_url() is None, reason="TEST_POSTGRES_URL is not set")


class Proxy:
    """A TCP proxy in front of PostgreSQL that can go down (drops every connection and refuses
    new ones) and come back, like a server restart."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.server: asyncio.Server | None = None
        self.port = 0
        self.links: set[asyncio.StreamWriter] = set()

    async def up(self) -> None:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def down(self) -> None:
        self.server.close()
        await self.server.wait_closed()
        for writer in list(self.links):
            writer.transport.abort()
        self.links.clear()

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.links |= {writer, up_writer}

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (OSError, asyncio.CancelledError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def through(url: str, port: int) -> str:
    parsed = urlparse(url)
    netloc = parsed.netloc.replace(f"{parsed.hostname}:{parsed.port or 5432}", f"127.0.0.1:{port}")
    return parsed._replace(netloc=netloc).geturl()


def unit_writing(guild: int):
    """A unit that reads, then writes (its answers checked on a retry)."""
    rows = yield fetch("SELECT COUNT(*) AS n FROM guild_settings")
    yield execute("INSERT INTO guild_settings (guild_id, data, updated_at) VALUES ($1, '{}', 0)", guild)
    return rows[0]["n"]


async def test_a_connection_killed_by_the_server_is_retried_once(tmp_path, caplog):
    """pg_terminate_backend (an admin, a failover) kills the connection a unit is using, in the
    middle of a statement: the unit runs again on a fresh connection and succeeds."""
    import asyncpg

    from persistence.db import postgres_dsn_and_schema
    async with isolated_url("postgres", tmp_path) as url:
        store = await open_store(url)
        killer = await asyncpg.connect(postgres_dsn_and_schema(url)[0])
        try:
            async def kill_the_pool() -> None:
                await asyncio.sleep(0.3)
                pids = [h._con.get_server_pid() for h in store.db._pool._holders if h._con is not None]
                await killer.fetch("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", pids)

            def slow_unit():
                yield fetch("SELECT pg_sleep(1)")
                return (yield from unit_writing(1))

            with caplog.at_level(logging.INFO):
                done, _ = await asyncio.gather(store.db.run(slow_unit()), kill_the_pool())
                assert done == 0
                assert await store.db.read(unit_reading()) == 1
            assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
        finally:
            await killer.close()
            await store.close()


def unit_reading():
    rows = yield fetch("SELECT COUNT(*) AS n FROM guild_settings")
    return rows[0]["n"]


async def test_an_outage_fails_fast_changes_nothing_and_is_logged_twice(tmp_path, caplog):
    base = urlparse(postgres_base_url())
    proxy = Proxy(base.hostname or "127.0.0.1", base.port or 5432)
    await proxy.up()
    async with isolated_url("postgres", tmp_path) as url:
        store = await open_store(through(url, proxy.port))
        try:
            assert await store.db.run(unit_writing(1)) == 0
            with caplog.at_level(logging.INFO):
                await proxy.down()
                for n in range(5):
                    with pytest.raises(Unavailable):
                        await store.db.run(unit_writing(100 + n))
                    with pytest.raises(Unavailable):
                        await store.db.fetch("SELECT 1")
                await asyncio.sleep(1.2)  # asyncpg tries to restore its pool meanwhile
                await proxy.up()
                assert await store.db.run(unit_writing(2)) == 1, "nothing of the failed calls was written"
                await store.db.fetch("SELECT 1")
            lines = [r for r in caplog.records if r.levelno >= logging.WARNING]
            assert [r.getMessage().split(" (")[0].split(" after")[0] for r in lines] == [
                "database unavailable", "database available again"], caplog.text
            assert not [r for r in caplog.records if r.exc_info], caplog.text
        finally:
            await store.close()
            await proxy.down()
