"""An LRU of rendered pictures keyed by (table id, state version, language, viewer): a board is
drawn once per version and language however many messages, refreshes and viewers ask for it.

    png = cached_board((table_id, version, lang, None), lambda: board_png(game, view, lang))
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

CAPACITY = 256  # ~150 KB a picture: well under 50 MB at most


class PictureCache:
    """A small thread-safe LRU (renders may run in a worker thread)."""

    def __init__(self, capacity: int = CAPACITY) -> None:
        self.capacity = capacity
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get_or_make(self, key: Hashable, make: Callable[[], bytes]) -> bytes:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                return self._items[key]
        png = make()
        with self._lock:
            self.misses += 1
            self._items[key] = png
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
        return png

    def forget(self, table_id: Hashable) -> None:
        """Drop every picture of a table (a finished or cancelled table); keys are (kind, table, ...)."""
        with self._lock:
            for key in [k for k in self._items if isinstance(k, tuple) and len(k) > 1 and k[1] == table_id]:
                del self._items[key]

    def __len__(self) -> int:
        return len(self._items)


_CACHE = PictureCache()


def cached_board(key: tuple, make: Callable[[], bytes]) -> bytes:
    """key = (table id, version, language, viewer); viewer None for the public board."""
    return _CACHE.get_or_make(("board", *key), make)


def cached_hand(key: tuple, make: Callable[[], bytes]) -> bytes:
    """key = (table id, version, language, viewer)."""
    return _CACHE.get_or_make(("hand", *key), make)


def forget_table(table_id: Hashable) -> None:
    _CACHE.forget(table_id)
