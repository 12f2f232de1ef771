"""Card instances that look alike: one option per identical card.

Physical copies of a card are interchangeable, so a prompt offers one of them, not each copy
(which would only repeat the option and tell nothing more).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable


def one_per_identical(ids: Iterable[str], identity: Callable[[str], Hashable]) -> list[str]:
    """The first id of each identity, in order (`identity`: what a player tells cards apart by)."""
    seen: set[Hashable] = set()
    out: list[str] = []
    for cid in ids:
        key = identity(cid)
        if key not in seen:
            seen.add(key)
            out.append(cid)
    return out
