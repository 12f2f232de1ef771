"""WAL checkpoints off the commit path (SQLite).

SQLite copies the write-ahead log back into the database file (a checkpoint: megabytes of
writes and an fsync of the database file) inside whichever COMMIT crosses the log's size
limit, so every caller of that group of moves waited for it. Here a connection on a thread of
its own runs a PASSIVE checkpoint while the writer goes on committing (WAL lets both run): after
every group commit, unless one is still running, so it copies a commit or two at a time and
runs as often as the disk lets it. The log starts over from its beginning when the writer
begins a transaction on a fully copied log, which then happens all the time (bench/stalls.py,
32 tables at 800 moves/s for 10 s: the log restarted 64 times and never held more than ~1,300
frames). Checkpointing only every 16 commits left the log to grow to the writer's own limit,
and its checkpoint inside a COMMIT cost 10-60 ms several times in 10 s; that limit stays as a
safety net (a checkpoint that cannot keep up, a reader holding an old snapshot). Durability
does not change: a commit is durable once its log frames are flushed.
"""
from __future__ import annotations

import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor

CHECKPOINT_EVERY = 1  # group commits between background checkpoints (one at a time: as often as the disk allows)
WRITER_AUTOCHECKPOINT_PAGES = 4000  # the writer checkpoints itself (cheaply: the background did most) past this


class Checkpointer:
    def __init__(self, path: str, every: int = CHECKPOINT_EVERY):
        self.path = path
        self.every = every
        self.checkpoints = 0  # background checkpoints made (tests)
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite-checkpoint")
        self._conn: sqlite3.Connection | None = None
        self._running: Future | None = None
        self._since = 0

    def committed(self) -> None:
        """A group commit happened (called on the event loop); start a checkpoint now and
        then, never two at once."""
        self._since += 1
        if self._since >= self.every and (self._running is None or self._running.done()):
            self._since = 0
            self._running = self._thread.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        try:
            if self._conn is None:
                self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
                self._conn.execute("PRAGMA synchronous = FULL").fetchall()
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            self.checkpoints += 1
        except sqlite3.Error:
            pass  # the next one tries again, and SQLite checkpoints when the last connection closes

    def wait(self) -> None:
        """Until the checkpoint under way, if any, is done (tests)."""
        running = self._running
        if running is not None:
            running.result()

    def close(self) -> None:
        def close_connection() -> None:
            if self._conn is not None:
                self._conn.close()
        self._thread.submit(close_connection)
        self._thread.shutdown(wait=True)
