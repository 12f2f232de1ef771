"""A seeded random generator whose whole state lives in the game state.

It uses SplitMix64 and its own Fisher-Yates shuffle, so a replay of an old game
gives the same cards under any Python version (`random.shuffle` may change).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64

X = TypeVar("X")
_LIMITS = [0] + [_SPAN - (_SPAN % n) for n in range(1, 129)]  # below(n)'s rejection bound


def _mix(z: int) -> int:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
    return z ^ (z >> 31)


class Rng(BaseModel):
    """Counter-based generator: draw n of seed s is a pure function of (s, n)."""

    seed: int
    counter: int = 0

    def next64(self) -> int:
        # What pydantic's __setattr__ does for a plain field, without its overhead: the
        # rules draw tens of thousands of numbers per second in playouts and search.
        fields = self.__dict__
        counter = fields["counter"] + 1
        fields["counter"] = counter
        self.__pydantic_fields_set__.add("counter")
        z = (self.seed * _GOLDEN + counter * _GOLDEN) & _MASK
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias. The draws of `next64`, inlined:
        playouts and search draw twice per action."""
        if n == 1:
            # Every 64-bit draw is below the bound 2**64 and maps to 0: the draw only moves
            # the counter (Guns & Steel's playouts pick among one prompt at every action).
            self.__dict__["counter"] += 1
            self.__pydantic_fields_set__.add("counter")
            return 0
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - (_SPAN % n)
        fields = self.__dict__
        counter = fields["counter"]
        seed = self.seed * _GOLDEN
        while True:
            counter += 1
            z = (seed + counter * _GOLDEN) & _MASK
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
            z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
            z ^= z >> 31
            if z < limit:
                fields["counter"] = counter
                self.__pydantic_fields_set__.add("counter")
                return z % n

    def shuffle(self, items: list[X]) -> None:
        """Shuffle in place (Fisher-Yates). The same draws as `below(i + 1)` for each i, inlined:
        every game's setup shuffles whole decks, and playouts set up thousands of games."""
        if len(items) < 2:
            return
        fields = self.__dict__
        counter = fields["counter"]
        x = (self.seed + counter) * _GOLDEN  # next64's (seed·G + counter·G), stepped by G per draw
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - (_SPAN % n)
            while True:
                counter += 1
                x += _GOLDEN
                z = x & _MASK
                z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK
                z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        fields["counter"] = counter
        self.__pydantic_fields_set__.add("counter")

    def choice(self, items: Sequence[X]) -> X:
        return items[self.below(len(items))]

    def sample(self, items: Sequence[X], k: int) -> list[X]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self, salt: int) -> Rng:
        """An independent stream, e.g. for a random player that must not disturb the game's draws."""
        return Rng(seed=_mix((self.seed ^ (salt * _GOLDEN)) & _MASK))
