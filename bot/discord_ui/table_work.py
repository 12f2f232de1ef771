"""Announcing runs in background tasks, one table at a time: the board, hands and notices of
a table are never drawn by two tasks at once, and closing waits for what is under way."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from persistence import Unavailable
from tables.locks import TableLocks

log = logging.getLogger(__name__)


class TableWork:
    def __init__(self) -> None:
        self._locks = TableLocks()  # one announcement at a time per table; freed when idle
        self._tasks: set[asyncio.Task] = set()

    def spawn(self, table_id: int, coro: Coroutine[Any, Any, Any]) -> asyncio.Task:
        """Run `coro` under the table's lock; a failure is logged, never raised."""
        async def run() -> None:
            async with self._locks(table_id):
                try:
                    await coro
                except Unavailable:  # the store logged the outage; the outbox keeps the notices
                    log.info("announcing for table %s waits for the database", table_id)
                except Exception:
                    log.exception("announcing for table %s failed", table_id)
        task = asyncio.create_task(run(), name=f"announce-{table_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
