"""The job table of computer players' decisions, for worker processes on other machines
(PostgreSQL only; migration 0008). It knows no game: a job is text in, text out.

- A bot process `add`s a job (the game's state as JSON, who decides, at what level) and waits
  for its answer: a notification on its own channel (`answers_channel(owner)`), with `collect`
  polled as the fallback. `collect` takes the answered jobs out of the table, so an answer is
  read once; while it waits the bot renews `wanted_until` (also in `collect`).
- A worker `take`s the next job with `SELECT … FOR UPDATE SKIP LOCKED` (two workers never take
  the same job), in order: `priority` (lower first), then a fair per-table order (a job's place
  among its own table's open jobs: every table's first job before any table's second), then
  age. It holds the job for a lease, `renew`ed while it thinks. A worker that dies stops
  renewing; once the lease has passed another worker takes the job again with the next
  `attempt`, and `answer` only accepts the latest attempt's answer, once: a worker that was
  only slow finds its late answer refused.
- `sweep` deletes jobs nobody wants any more (their bot died or gave up), answered or not.

Nothing here is a queue engine of its own: PostgreSQL's row locks, SKIP LOCKED, and
LISTEN/NOTIFY do the work.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .db import Database, execute, postgres_settings

WANTED_S = 60.0  # a job the bot has not renewed for this long is not thought about any more
SWEEP_AFTER_S = 60.0  # ... and deleted this long after that
MAX_ATTEMPTS = 3  # a job taken this often without an answer is answered with an error
_NAME_MAX = 63  # PostgreSQL's identifier length (NAMEDATALEN - 1): channel names too


def jobs_channel(schema: str | None) -> str:
    """Where new jobs are announced to idle workers (one channel per schema)."""
    return f"search_jobs_{schema or 'public'}"[:_NAME_MAX]


def answers_channel(owner: str) -> str:
    """Where one bot process hears that its jobs are answered."""
    return f"search_answers_{owner}"[:_NAME_MAX]


@dataclass(frozen=True)
class Job:
    """A job as a worker took it: `attempt` is the token its answer must carry."""

    id: int
    attempt: int
    table_id: int | None
    game: str
    state: str
    player: str
    level: str
    seed: int
    budget_s: float | None  # None: the game and mode's iteration budget
    iterations: int | None


@dataclass(frozen=True)
class Answered:
    """A job's answer as the bot collects it: `waited_s` from being added to being taken the
    last time (the queue wait, on the server's clock)."""

    id: int
    answer: str
    waited_s: float
    attempt: int


_TAKE = """
UPDATE search_jobs AS j
   SET attempt = j.attempt + 1, worker = $1, taken_at = now(), lease_until = now() + make_interval(secs => $2)
 WHERE j.id = (
       SELECT q.id FROM search_jobs AS q
        WHERE q.answered_at IS NULL AND q.wanted_until > now()
          AND (q.lease_until IS NULL OR q.lease_until < now())
        ORDER BY q.priority,
                 (SELECT count(*) FROM search_jobs AS o
                   WHERE o.table_id = q.table_id AND o.answered_at IS NULL AND o.id < q.id),
                 q.id
        LIMIT 1
          FOR UPDATE SKIP LOCKED)
RETURNING j.id, j.attempt, j.table_id, j.game, j.state, j.player, j.level, j.seed, j.budget_s, j.iterations
"""

_ANSWER = """
WITH done AS (
    UPDATE search_jobs SET answer = $3, answered_at = now(), lease_until = NULL
     WHERE id = $1 AND attempt = $2 AND answered_at IS NULL
    RETURNING id, owner)
SELECT pg_notify(left('search_answers_' || owner, 63), id::text) AS told FROM done
"""

_COLLECT = """
WITH kept AS (
    UPDATE search_jobs SET wanted_until = now() + make_interval(secs => $2)
     WHERE id = ANY($1::bigint[]) AND answered_at IS NULL
    RETURNING id)
DELETE FROM search_jobs
 WHERE id = ANY($1::bigint[]) AND answered_at IS NOT NULL
RETURNING id, answer, attempt, EXTRACT(EPOCH FROM (taken_at - created_at))::float8 AS waited_s
"""


class SearchJobs:
    """The job table over a PostgreSQL `Database` (each call is one statement, one round trip)."""

    def __init__(self, db: Database):
        if db.dialect != "postgres":
            raise ValueError("the job table of remote search workers needs PostgreSQL")
        self.db = db
        self.schema: str | None = getattr(db, "schema", None)

    # ---- the bot's side --------------------------------------------------------
    async def add(self, owner: str, *, game: str, state: str, player: str, level: str, seed: int,
                  budget_s: float | None, iterations: int | None, table_id: int | None = None, priority: int = 0,
                  wanted_s: float = WANTED_S) -> int:
        """Queue a decision; idle workers are told at once. Returns the job's id."""
        rows = await self.db.fetch(
            "WITH job AS ("
            " INSERT INTO search_jobs (owner, table_id, priority, game, state, player, level, seed, budget_s,"
            " iterations, wanted_until)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11)) RETURNING id)"
            " SELECT id, pg_notify($12, id::text) AS told FROM job",
            owner, table_id, priority, game, state, player, level, seed, budget_s, iterations, wanted_s,
            jobs_channel(self.schema))
        return int(rows[0]["id"])

    async def collect(self, ids: list[int], wanted_s: float = WANTED_S) -> list[Answered]:
        """Take the answered ones of `ids` out of the table (each is read once) and renew the
        others' `wanted_until`."""
        rows = await self.db.fetch(_COLLECT, ids, wanted_s)
        return [Answered(int(r["id"]), r["answer"], max(0.0, float(r["waited_s"] or 0.0)), int(r["attempt"]))
                for r in rows]

    async def drop(self, ids: list[int]) -> int:
        """Nobody waits for these any more (a step cancelled, the bot stopping)."""
        return await self.db.atomic(execute("DELETE FROM search_jobs WHERE id = ANY($1::bigint[])", ids))

    async def missing(self, ids: list[int]) -> set[int]:
        """Those of `ids` that are no longer in the table (swept: the bot stopped renewing them)."""
        rows = await self.db.fetch("SELECT id FROM search_jobs WHERE id = ANY($1::bigint[])", ids)
        return set(ids) - {int(r["id"]) for r in rows}

    async def depth(self) -> dict[str, Any]:
        """What waits now, across every bot: open jobs, of them taken, and the oldest's age."""
        rows = await self.db.fetch(
            "SELECT count(*) AS open, count(*) FILTER (WHERE lease_until > now()) AS taken,"
            " COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_s"
            " FROM search_jobs WHERE answered_at IS NULL AND wanted_until > now()")
        return rows[0]

    # ---- the worker's side -----------------------------------------------------
    async def take(self, worker: str, lease_s: float) -> Job | None:
        """The next job for `worker`, held for `lease_s`; None when there is none."""
        rows = await self.db.fetch(_TAKE, worker, lease_s)
        if not rows:
            return None
        r = rows[0]
        return Job(int(r["id"]), int(r["attempt"]), r["table_id"], r["game"], r["state"], r["player"], r["level"],
                   int(r["seed"]), r["budget_s"], r["iterations"])

    async def renew(self, job: Job, lease_s: float) -> bool:
        """Extend the lease; False when the job is no longer this worker's (taken again, or
        dropped by its bot): its answer would be refused."""
        changed = await self.db.atomic(execute(
            "UPDATE search_jobs SET lease_until = now() + make_interval(secs => $3)"
            " WHERE id = $1 AND attempt = $2 AND answered_at IS NULL", job.id, job.attempt, lease_s))
        return changed == 1

    async def answer(self, job: Job, answer: str) -> bool:
        """Write the answer and tell the bot. False, and nothing written, when the job was taken
        again (the lease passed), already answered, or dropped."""
        rows = await self.db.fetch(_ANSWER, job.id, job.attempt, answer)
        return bool(rows)

    async def release(self, job: Job) -> bool:
        """Give a job back untouched (a worker stopping): the next worker may take it at once."""
        changed = await self.db.atomic(execute(
            "UPDATE search_jobs SET lease_until = NULL WHERE id = $1 AND attempt = $2 AND answered_at IS NULL",
            job.id, job.attempt))
        return changed == 1

    async def sweep(self, after_s: float = SWEEP_AFTER_S) -> int:
        """Delete the jobs no bot has wanted for `after_s` (their bot died or stopped)."""
        return await self.db.atomic(execute(
            "DELETE FROM search_jobs WHERE wanted_until < now() - make_interval(secs => $1)", after_s))


async def listen(url: str, channel: str, callback: Any) -> Any:
    """A connection of its own that LISTENs on `channel` (a pooled connection must not keep
    session state): `callback(payload)` for each notification. Returns the connection; close it
    to stop. This is the one extra connection per process that listens."""
    import asyncpg

    dsn, _, _ = postgres_settings(url)
    conn = await asyncpg.connect(dsn, timeout=10)
    await conn.add_listener(channel, lambda _conn, _pid, _channel, payload: callback(payload))
    return conn
