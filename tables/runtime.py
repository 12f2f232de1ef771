"""Process settings for a steady answer time: Python's garbage collector.

CPython's default collector (thresholds 700, 10, 10) runs a young collection every ~700 net
new container objects and, every hundred of those, a full (generation 2) collection that
walks every object the process holds: the game and discord.py modules, pydantic's schemas,
the card data, the cached states. At 800 moves/s that full walk came ~3 times in 10 s and
stopped the event loop for 30-60 ms of CPU each time, and every move due meanwhile waited
(bench/stalls.py shows it: the slowest moves all overlapped a generation-2 collection).

So a process that serves tables:
- freezes what start-up built (`gc.freeze()` after a full collection): those objects live as
  long as the process and no collection walks them again;
- collects young objects every `YOUNG_THRESHOLD` allocations instead of 700: one young
  collection costs ~4 ms of CPU here, a few times a second at full load, and ~5x less CPU
  in all; the older generations follow after 20 and 100 of those (a full collection about
  every half hour at full load). Reference counting still frees nearly everything at once;
  these thresholds only delay finding reference cycles, so memory grows by at most the
  cyclic garbage of ~10,000 allocations between collections.
"""
from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000  # allocations between young collections (CPython's default: 700)
THRESHOLDS = (YOUNG_THRESHOLD, 20, 100)


def tune_gc() -> None:
    """Collect less often (see the module's docstring); call once, early at start."""
    gc.set_threshold(*THRESHOLDS)


def freeze_startup_objects() -> None:
    """Everything alive now (modules, schemas, caches built at start) leaves the collector's
    view for good; call once start-up is done. Garbage is collected first, so none is frozen."""
    gc.collect()
    gc.freeze()
