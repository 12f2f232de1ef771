"""A bot with SEARCH_QUEUE=postgres keeps no search worker: its computer seats' decisions go
through the PostgreSQL job table to a worker (here in the test's process), and a game against
the computer plays to its end through Discord as with the bot's own pool."""
from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from postgres_marks import SKIP_REASON, needs_postgres
from simdriver import lobby_button, play_to_end

from persistence import open_store
from persistence.search_jobs import SearchJobs
from persistence.testing import isolated_url, postgres_base_url
from tables.remote_search import RemoteRunner, SearchWorker

pytestmark = needs_postgres


@pytest.fixture
async def db_url(tmp_path):
    if postgres_base_url() is None:
        pytest.skip(SKIP_REASON)
    async with isolated_url("postgres", tmp_path) as url:
        yield url


@pytest.fixture
def bot_overrides():
    return {"search_queue": "postgres"}


async def test_a_game_against_the_computer_is_thought_out_by_a_worker_through_the_job_table(world, db_url):
    runner = world.bot.service.cpu
    assert isinstance(runner, RemoteRunner), "SEARCH_QUEUE=postgres: the bot keeps no search worker"
    runner.iterations = 4
    store = await open_store(db_url)
    worker = SearchWorker(SearchJobs(store.db), db_url, slots=1, executor=ThreadPoolExecutor(1), name="elsewhere")
    stop = asyncio.Event()
    serving = asyncio.create_task(worker.run(stop))
    try:
        lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
        assert (await world.alice.click(lobby, custom_id=lobby_button(lobby, "cpu"))).acknowledged
        started = await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
        table = await world.bot.service.table_in_channel(world.channel.id)
        table = await play_to_end(world, table.id, [world.alice], random.Random(3), board=started.response)
        assert table.status == "finished"
        moves = await world.bot.service.store.actions.list(table.id)
        computer = sum(e.player == "cpu:1" for e in moves)
        assert computer >= 5 and worker.answered == runner.stats.decisions == computer
        assert runner.search_processes() == 1
        world.bot.settings.owner_ids = [world.admin.id]  # the owners read the queue in /gameadmin tables
        shown = await world.admin.slash(world.channel, "gameadmin tables")
        (field,) = [f for f in shown.response.embeds[0].fields if f.name.startswith("Computer players")]
        assert f"Last 10 min: {computer} decisions; waiting now: 0" in field.value, field.value
        assert "search workers: 1 " in field.value, "the worker elsewhere, with its one search process"
    finally:
        stop.set()
        await serving
        await store.close()
