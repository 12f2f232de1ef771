"""Power (権力) of the two played cards: ver.2 formulas, the undeclared Revolution and civilization changes."""
from __future__ import annotations

from typing import NamedTuple

from .data import load


class Played(NamedTuple):
    """What a player's face-up card counts as: `kind` is None for an undeclared Revolution.
    A plain value of one reveal (never stored): a named tuple, the cheapest to build (two per round)."""

    kind: str | None
    revolution: bool = False

    @property
    def real_conquest(self) -> bool:
        return self.kind == "conquer" and not self.revolution


def base_power(me: str | None, opp: str | None, dice: dict[str, int]) -> int:
    """ver.2 power formulas (seed); `None` is an undeclared Revolution (12/7/15: power 2)."""
    food, prod, money = dice["red"], dice["black"], dice["white"]
    if me is None:
        return load().revolution.undeclared_power
    if me == "explore":
        return 0 if opp is None else min(food, prod, money) + 1  # 探索を無効化
    if me == "trade":
        return food + money if opp == "grow" else prod + money if opp == "build" else 0
    if me == "grow":
        return food + (prod if opp == "build" else 0)
    if me == "build":
        return prod + (3 if opp == "explore" else 0)
    if me == "research":
        return money
    if me == "conquer":
        return 2 * food if opp == "grow" else 2 * money if opp == "research" else 0
    raise ValueError(me)


def powers(played: dict[str, Played], dice: dict[str, int], civs: dict[str, str],
           india_active: dict[str, bool]) -> dict[str, int]:
    """Both powers after civilization abilities (notes S19/S20: nullify, India +1, then Greek swap)."""
    a, b = list(played)
    result = {a: base_power(played[a].kind, played[b].kind, dice),
              b: base_power(played[b].kind, played[a].kind, dice)}
    swap = any(civs.get(p) == "greece" and played[p].revolution for p in played)
    for p, q in ((a, b), (b, a)):
        nullified = played[p].kind == "explore" and played[q].kind is None
        if civs.get(p) == "india" and india_active.get(p, False) and not nullified and not swap:
            result[p] += 1
    if swap:
        result = {a: result[b], b: result[a]}
    return result
