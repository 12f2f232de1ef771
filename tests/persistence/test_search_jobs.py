"""The job table of remote search workers (PostgreSQL only): two workers never take the same
job, the queue is ordered by priority, then fairly across tables, then by age; a job whose
worker stopped renewing its lease is taken again, and only the latest taking's answer is
accepted, and read once."""
from __future__ import annotations

import asyncio

import pytest
from postgres_marks import SKIP_REASON, needs_postgres

from persistence import open_store
from persistence.search_jobs import MAX_ATTEMPTS, SearchJobs
from persistence.testing import isolated_url, postgres_base_url

pytestmark = needs_postgres


@pytest.fixture
async def jobs(tmp_path):
    if postgres_base_url() is None:
        pytest.skip(SKIP_REASON)
    async with isolated_url("postgres", tmp_path) as url:
        store = await open_store(url)
        yield SearchJobs(store.db)
        await store.close()


async def add(jobs: SearchJobs, table_id: int | None = None, priority: int = 0, owner: str = "bot-a",
              wanted_s: float = 60.0) -> int:
    return await jobs.add(owner, game="sutosute", state="{}", player=f"cpu:{table_id}", level="strong", seed=1,
                          budget_s=0.9, iterations=None, table_id=table_id, priority=priority, wanted_s=wanted_s)


async def test_workers_taking_at_once_never_take_the_same_job(jobs):
    added = [await add(jobs, table_id=n) for n in range(6)]
    taken = await asyncio.gather(*(jobs.take(f"w{n}", 30) for n in range(8)))
    ids = [job.id for job in taken if job is not None]
    assert sorted(ids) == added, "each job taken by exactly one worker; the extra workers got none"
    assert all(job.attempt == 1 for job in taken if job is not None)


async def test_the_queue_is_priority_then_fair_across_tables_then_age(jobs):
    busy = [await add(jobs, table_id=1) for _ in range(3)]  # one table asks for three decisions first
    quiet = await add(jobs, table_id=2)
    urgent = await add(jobs, table_id=3, priority=-1)
    order = []
    while (job := await jobs.take("w", 30)) is not None:
        order.append(job.id)
    # the quiet table's only job comes before the busy table's second and third
    assert order == [urgent, busy[0], quiet, busy[1], busy[2]]


async def test_a_job_whose_lease_passed_is_taken_again_and_only_the_new_answer_counts(jobs):
    job_id = await add(jobs, table_id=1)
    first = await jobs.take("worker-that-hangs", lease_s=0.2)
    assert first is not None and first.id == job_id
    assert await jobs.take("other", lease_s=30) is None, "held while its lease runs"
    await asyncio.sleep(0.4)  # the first worker stopped renewing (dead or hung)
    again = await jobs.take("other", lease_s=30)
    assert again is not None and (again.id, again.attempt) == (job_id, 2)
    assert not await jobs.renew(first, 30), "the first worker no longer holds it"
    assert await jobs.answer(again, '{"choice": ["b"]}')
    assert not await jobs.answer(first, '{"choice": ["a"]}'), "the late answer of the first taking is refused"
    assert not await jobs.answer(again, '{"choice": ["c"]}'), "and no job is answered twice"
    answered = await jobs.collect([job_id])
    assert [(a.id, a.answer, a.attempt) for a in answered] == [(job_id, '{"choice": ["b"]}', 2)]
    assert await jobs.collect([job_id]) == [], "an answer is read once"


async def test_a_job_given_back_is_taken_at_once_and_a_dropped_one_never(jobs):
    kept, dropped = await add(jobs, table_id=1), await add(jobs, table_id=2)
    first = await jobs.take("stopping", lease_s=30)
    assert first.id == kept and await jobs.release(first)
    await jobs.drop([dropped])
    again = await jobs.take("next", lease_s=30)
    assert (again.id, again.attempt) == (kept, 2)
    assert await jobs.take("next", lease_s=30) is None
    assert await jobs.missing([kept, dropped]) == {dropped}


async def test_jobs_nobody_wants_are_not_thought_about_and_are_swept(jobs):
    stale = await add(jobs, table_id=1, wanted_s=0.1)  # its bot died: nobody renews it
    wanted = await add(jobs, table_id=2, wanted_s=0.1)
    await asyncio.sleep(0.2)
    assert await jobs.collect([wanted]) == []  # the live bot renews its own while it waits
    job = await jobs.take("w", lease_s=30)
    assert job is not None and job.id == wanted
    assert await jobs.take("w", lease_s=30) is None, "the dead bot's job is not taken"
    assert await jobs.sweep(after_s=0.0) == 1
    assert await jobs.missing([stale, wanted]) == {stale}


async def test_the_attempt_count_tells_a_worker_when_every_taker_died(jobs):
    await add(jobs, table_id=1)
    for attempt in range(1, MAX_ATTEMPTS + 2):
        job = await jobs.take(f"w{attempt}", lease_s=0.05)
        assert job is not None and job.attempt == attempt
        await asyncio.sleep(0.1)
    assert job.attempt > MAX_ATTEMPTS  # the worker answers this one with an error (tables/remote_search.py)
