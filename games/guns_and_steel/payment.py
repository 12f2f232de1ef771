"""Paying a purchase: the energy conversion table and a sensible automatic payment.

Conversion table (seed-B/seed-R 購入ルール), left to right only (Q4):
[food]2→[iron]1, [iron]2→[horse]1, [horse]2→[gunpowder]1, [gunpowder]2→[oil]1, any 3→[earth]1;
[earth] counts as any one of food..oil, [space] as two [earth]. A cost is the printed
energies plus `extra` energies of any kind (one per connected card below).

`min_conversions` answers "can this pool pay, and with how few conversions"; `auto_plan`
picks which resources to deplete: the fewest cards, then the least valuable ones.
"""
from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel

from .cards import ENERGIES

BASE = ENERGIES[:5]        # food, iron, horse, gunpowder, oil: the conversion chain
Vec = tuple[int, ...]      # one count per ENERGIES entry


def vec(amounts: dict[str, int]) -> Vec:
    return tuple(amounts.get(k, 0) for k in ENERGIES)


def _finish(G: int, D: int, W: int, extra: int, at_least_one: bool) -> int | None:
    """Conversions needed once the chain is settled: G spare units, D needs that only a
    wildcard ([earth]) can fill, W wildcards held. Returns the number of any-3 triples."""
    t = max(0, D - W)
    if at_least_one:
        t = max(t, 1)
    if 3 * t > G:
        return None
    if extra > (G - 3 * t) + (W + t - D):
        return None
    return t


@lru_cache(maxsize=65536)
def _solve(pool: Vec, need: Vec, extra: int, at_least_one: bool) -> int | None:
    space_left = pool[6] - need[6]
    if space_left < 0:
        return None
    # Every unit of cost takes at least one unit of energy ([space] left over counts as two
    # [earth]), and a conversion only loses units: too few units can never pay.
    if sum(pool[:6]) + 2 * space_left < sum(need[:6]) + extra:
        return None
    wild = pool[5] + 2 * space_left
    # The most carried into each level that can still be used there or above.
    most = [0] * 6
    for level in range(4, -1, -1):
        most[level] = max(0, need[level] + 2 * most[level + 1] - pool[level])
    best: int | None = None

    def walk(level: int, carry: int, spare: int, short: int, conv: int) -> None:
        nonlocal best
        if level == 5:
            t = _finish(spare, short + need[5], wild, extra, at_least_one and conv == 0)
            if t is not None and (best is None or conv + t < best):
                best = conv + t
            return
        have = pool[level] + carry
        most_used = min(have, need[level])
        # Paying a need directly is never worse, except when a conversion must be used on
        # purpose: then units may be left for a conversion whose result pays that need.
        for used in (range(most_used, -1, -1) if at_least_one else (most_used,)):
            rest = have - used
            # one surplus conversion is enough when a conversion is wanted (Panama Canal)
            up_to = min(rest // 2, most[level + 1] + (1 if at_least_one else 0)) if level < 4 else 0
            for k in range(up_to + 1):
                walk(level + 1, k, spare + rest - 2 * k, short + need[level] - used, conv + k)

    walk(0, 0, 0, 0, 0)
    return best


def paid_without_conversion(pool: Vec, need: Vec, extra: int) -> bool:
    """Whether `pool` pays `need` + `extra` with no conversion at all: enough units, the
    [space] needed in hand, and every printed energy it lacks below [earth] no more than its
    wildcards ([earth], [space] left over as two). `_solve` finds 0 for exactly such a pool
    (every need paid directly, the rest by wildcards, `extra` from what is left), so the
    callers that only need that answer skip the search."""
    space_left = pool[6] - need[6]
    if space_left < 0:
        return False
    short = need[5]
    for have, want in zip(pool[:5], need[:5], strict=True):
        if want > have:
            short += want - have
    return (short <= pool[5] + 2 * space_left
            and sum(pool[:6]) + 2 * space_left >= sum(need[:6]) + extra)


def min_conversions(pool: dict[str, int] | Vec, cost: dict[str, int] | Vec, extra: int = 0) -> int | None:
    """The fewest conversions with which `pool` pays `cost` + `extra`; None if it cannot."""
    p = pool if isinstance(pool, tuple) else vec(pool)
    c = cost if isinstance(cost, tuple) else vec(cost)
    return _solve(p, c, extra, False)


def can_pay(pool: dict[str, int] | Vec, cost: dict[str, int] | Vec, extra: int = 0) -> bool:
    return min_conversions(pool, cost, extra) is not None


def payable(pool: Vec, cost: Vec, extra: int = 0) -> bool:
    """`can_pay` on vectors only (the purchase prompt asks it of every offer)."""
    return _solve(pool, cost, extra, False) is not None


def can_pay_converting(pool: dict[str, int] | Vec, cost: dict[str, int] | Vec, extra: int = 0) -> bool:
    """Whether some payment uses at least one conversion (Renaissance Panama Canal)."""
    p = pool if isinstance(pool, tuple) else vec(pool)
    c = cost if isinstance(cost, tuple) else vec(cost)
    return _solve(p, c, extra, True) is not None


class Plan(BaseModel):
    """Which resource cards to deplete (by resource) and how many conversions the payment needs."""

    deplete: dict[str, int]
    conversions: int


def auto_plan(energy: dict[str, int], resources: dict[str, int], cost: dict[str, int], extra: int) -> Plan | None:
    """The sensible payment: the fewest resources depleted, then the least valuable kinds
    (food before iron before ... space), then the fewest conversions. None if unaffordable."""
    plan = planned(vec(energy), vec(resources), vec(cost), extra)
    return None if plan is None else Plan(deplete=dict(plan[0]), conversions=plan[1])


# A plan as `planned` gives it: ((kind, count) per kind depleted, in ENERGIES order; conversions).
# Plain tuples of strings and numbers: the cache of them costs the cyclic GC nothing to walk.
Planned = tuple[tuple[tuple[str, int], ...], int]


@lru_cache(maxsize=16384)
def planned(base: Vec, held: Vec, need: Vec, extra: int) -> Planned | None:
    """`auto_plan` on vectors, memoised: the payment prompt and the payment itself ask the
    same question of the same position."""
    resources = dict(zip(ENERGIES, held, strict=True))
    kinds = [k for k in ENERGIES if resources.get(k, 0)]
    slots = [ENERGIES.index(k) for k in kinds]
    if not can_pay(tuple(b + resources.get(k, 0) for b, k in zip(base, ENERGIES, strict=True)), need, extra):
        return None
    # The best choice is the least (cards, value, conversions), ties going to the first in the
    # order `product` lists the choices. So the choices are tried by card count, then by value
    # (`_by_value`: each value's choices still in that order), and the search stops at the
    # first group that pays: the same choice as trying every one. A choice adding fewer
    # energy units than the cost still lacks is skipped before the search (`_solve` refuses
    # it by that very test), and so is every card count too small to add them (a card adds
    # at most two units, a [space]).
    lacking = sum(need[:6]) + 2 * need[6] + extra - (sum(base[:6]) + 2 * base[6])
    fewest = max(0, -(-lacking // (2 if 6 in slots else 1)))
    limits = tuple(resources[k] for k in kinds)
    for n_cards in range(fewest, sum(held) + 1):
        for group in _by_value(limits, tuple(slots), n_cards):
            best: tuple[int, tuple[int, ...]] | None = None
            for counts, added, units in group:
                if units < lacking:
                    continue
                pool = tuple(map(int.__add__, base, added))
                # Paid with no conversion (what `_solve` finds then, without searching): none
                # can do better.
                conv = 0 if paid_without_conversion(pool, need, extra) else _solve(pool, need, extra, False)
                if conv is None:
                    continue
                if best is None or conv < best[0]:
                    best = (conv, counts)
                    if conv == 0:
                        break
            if best is not None:
                return tuple((k, n) for k, n in zip(kinds, best[1], strict=True) if n), best[0]
    raise AssertionError("a payable cost found no payment")


@lru_cache(maxsize=4096)
def _by_value(limits: tuple[int, ...], slots: tuple[int, ...], total: int
              ) -> tuple[tuple[tuple[tuple[int, ...], Vec, int], ...], ...]:
    """`_with_total`'s choices grouped by value (a card of slot i is worth i + 1), lowest value
    first, each group in `_with_total`'s order; each choice with the energy it adds (a vector
    over ENERGIES) and its units ([space] counts two)."""
    groups: dict[int, list[tuple[tuple[int, ...], Vec, int]]] = {}
    for counts in _with_total(limits, total):
        added = [0] * len(ENERGIES)
        for i, n in zip(slots, counts, strict=True):
            added[i] = n
        units = sum(added[:6]) + 2 * added[6]
        value = sum(n * (i + 1) for i, n in zip(slots, counts, strict=True))
        groups.setdefault(value, []).append((counts, tuple(added), units))
    return tuple(tuple(groups[value]) for value in sorted(groups))


@lru_cache(maxsize=4096)
def _with_total(limits: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """Every `counts` with 0 <= counts[i] <= limits[i] summing to `total`, in the order
    `itertools.product` lists them (the first count changing slowest, each rising).
    Memoised: a field holds few resources, so few (limits, total) pairs ever occur."""
    if not limits:
        return ((),) if total == 0 else ()
    if len(limits) == 1:
        return ((total,),) if total <= limits[0] else ()
    rest_most = sum(limits[1:])
    out: list[tuple[int, ...]] = []
    for first in range(max(0, total - rest_most), min(limits[0], total) + 1):
        out.extend((first, *rest) for rest in _with_total(limits[1:], total - first))
    return tuple(out)
