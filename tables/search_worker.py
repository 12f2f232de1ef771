"""How a search worker process starts: collect garbage as the bot does, yield the CPU to the
bot, and die with the bot.

- Garbage: a search's playouts allocate millions of short-lived objects; CPython's default
  thresholds spend 6-10 % of their time collecting them (`runtime.tune_gc`, bench/playouts.py).
- Priority: people's clicks are served by the bot's event loop; a search that competes with it
  for a core makes every click wait. Workers run `NICENESS` steps below the bot, so the loop
  gets the CPU first and searches take what is left.
- Orphans: a worker's parent is the bot. When the bot dies without shutting its pool down
  (kill -9, an out-of-memory kill), the workers would live on, each holding a core and its
  memory. A daemon thread in every worker checks its parent's pid and exits once the worker
  has been re-parented.
"""
from __future__ import annotations

import os
import threading
import time

from .runtime import tune_gc

NICENESS = 10  # steps below the bot's priority (Unix nice values: 19 is the lowest)
PARENT_CHECK_S = 0.5  # how often a worker looks for its parent


def start_search_worker(parent_pid: int) -> None:
    """A process pool's initializer: `initializer=start_search_worker, initargs=(os.getpid(),)`."""
    tune_gc()
    lower_priority()
    die_with_parent(parent_pid)


def lower_priority(steps: int = NICENESS) -> None:
    """Give the CPU to the bot first (no-op where the OS has no nice values)."""
    if hasattr(os, "nice"):
        try:
            os.nice(steps)
        except OSError:  # not permitted here: search at the bot's priority rather than not at all
            pass


def die_with_parent(parent_pid: int, every_s: float = PARENT_CHECK_S) -> threading.Thread:
    """Exit this process as soon as `parent_pid` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(every_s)
        os._exit(0)  # the bot is gone: nobody will read this worker's answers

    watcher = threading.Thread(target=watch, name="die-with-parent", daemon=True)
    watcher.start()
    return watcher
