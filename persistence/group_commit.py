"""Group commit for PostgreSQL moves: moves that arrive while `limit` earlier ones are still in
flight wait, and go to the server together when one finishes, in one round trip and one
transaction (asyncpg pipelines a statement's binds for many argument lists under one Sync). Each
move is its own compare-and-set, so a batch writes exactly what its moves one by one would; the
server spends one commit and one round trip on all of them, which is most of its work per move.
SQLite gets the same from its writer thread (moves of many tables share one disk flush).

A batch fails as a whole when any of its moves fails (a lost compare-and-set raises inside the
move function, and the transaction rolls back): then its halves are sent again, down to the move
that failed, which is sent alone, so each caller hears its own answer, as if there had been no
batch. A batch whose connection drops is sent again the same way: a move the lost batch had
committed finds itself written and is told `StaleWrite`, exactly as a single move retried after a
drop is (never a second move). Batches take their moves in table order, so two batches lock
tables in the same order and cannot deadlock."""
from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from .db import Statement

Single = Callable[[Statement], Awaitable[Any]]
Batch = Callable[[list[Statement]], Awaitable[list[Any]]]

MOST = 64           # moves in one batch (one round trip, a few hundred KB of arguments at most)


class GroupCommit:
    """Sends moves alone while fewer than `limit` are in flight, else in batches."""

    def __init__(self, single: Single, batch: Batch, limit: int) -> None:
        self._single, self._batch = single, batch
        self.limit = max(1, limit)
        self._in_flight = 0
        self._waiting: list[tuple[Statement, asyncio.Future[Any]]] = []
        self._sending: set[asyncio.Task[None]] = set()     # held: the loop keeps only weak references
        self.batches = 0            # batches sent (bench/interactions.py, tests)
        self.batched = 0            # moves sent in them

    async def submit(self, statement: Statement) -> Any:
        """The move's answer (the rows of its call), or its error."""
        if self._in_flight < self.limit and not self._waiting:
            self._in_flight += 1
            try:
                return await self._single(statement)
            finally:
                self._in_flight -= 1
                self._next()
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((statement, answer))
        self._next()
        return await answer

    def _next(self) -> None:
        """Send what waits, if a place in flight is free."""
        while self._waiting and self._in_flight < self.limit:
            group, self._waiting = self._waiting[:MOST], self._waiting[MOST:]
            self._in_flight += 1
            task = asyncio.get_running_loop().create_task(self._send(group))
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

    async def _send(self, group: list[tuple[Statement, asyncio.Future[Any]]]) -> None:
        try:
            live = [(s, f) for s, f in group if not f.cancelled()]
            live.sort(key=lambda moved: moved[0].args[0])     # table order: batches lock alike
            await self._settle(live)
        except BaseException:
            for _, answer in group:   # cancelled (the loop is closing): nobody is left waiting forever
                if not answer.done():
                    answer.cancel()
            raise
        finally:
            self._in_flight -= 1
            self._next()

    async def _settle(self, live: list[tuple[Statement, asyncio.Future[Any]]]) -> None:
        """Send the moves as one batch; when it fails, each half again, down to single moves
        (a lost race costs about two round trips per halving, and the place in flight is kept:
        never more than `limit` sends at once)."""
        if len(live) <= 1:
            for statement, answer in live:
                await self._alone(statement, answer)
            return
        try:
            answers = await self._batch([s for s, _ in live])
        except Exception:  # noqa: BLE001 - some move failed, or the connection: the halves say which
            half = len(live) // 2
            await self._settle(live[:half])
            await self._settle(live[half:])
            return
        self.batches += 1
        self.batched += len(live)
        for (_, answer), rows in zip(live, answers, strict=True):
            if not answer.done():
                answer.set_result(rows)

    async def _alone(self, statement: Statement, answer: asyncio.Future[Any]) -> None:
        try:
            rows = await self._single(statement)
        except BaseException as error:  # noqa: BLE001 - handed to the caller who waits on it
            if not answer.done():
                answer.set_exception(error)
            if not isinstance(error, Exception):
                raise
        else:
            if not answer.done():
                answer.set_result(rows)
