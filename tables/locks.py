"""Per-table locks that exist only while a call holds or waits for them: clicks on one table run
one after another, other tables in parallel, and a process that served many tables keeps no
lock for each of them."""
from __future__ import annotations

import asyncio


class TableLocks:
    def __init__(self) -> None:
        self._entries: dict[int, list] = {}  # table id -> [lock, how many hold or wait for it]

    def __call__(self, table_id: int) -> _Held:
        return _Held(self, table_id)

    def __len__(self) -> int:
        return len(self._entries)


class _Held:
    """`async with locks(table_id):` — the entry goes when its last holder or waiter leaves."""

    __slots__ = ("_entry", "_locks", "_table_id")

    def __init__(self, locks: TableLocks, table_id: int) -> None:
        self._locks = locks
        self._table_id = table_id

    async def __aenter__(self) -> None:
        entry = self._locks._entries.setdefault(self._table_id, [asyncio.Lock(), 0])
        entry[1] += 1
        self._entry = entry
        try:
            await entry[0].acquire()
        except BaseException:  # cancelled while waiting: no longer a waiter
            self._leave()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._entry[0].release()
        self._leave()

    def _leave(self) -> None:
        self._entry[1] -= 1
        if self._entry[1] == 0 and self._locks._entries.get(self._table_id) is self._entry:
            del self._locks._entries[self._table_id]
