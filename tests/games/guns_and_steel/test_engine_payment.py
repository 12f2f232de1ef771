"""The payment solver against a brute-force search over every sequence of conversions."""
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from games.guns_and_steel import payment

N = 7  # food iron horse gunpowder oil earth space


def _direct(pool: tuple, need: tuple, extra: int) -> bool:
    """Pay without converting: own kinds first, [earth] and [space] (= two [earth]) as wildcards."""
    if pool[6] < need[6]:
        return False
    wild = pool[5] + 2 * (pool[6] - need[6])
    short = need[5]
    spare = 0
    for k in range(5):
        used = min(pool[k], need[k])
        short += need[k] - used
        spare += pool[k] - used
    return short <= wild and extra <= spare + wild - short


@cache
def _brute(pool: tuple, need: tuple, extra: int) -> int | None:
    """Fewest conversions over every reachable pool (2 of a kind → the next kind; any 3 → [earth])."""
    best = 0 if _direct(pool, need, extra) else None
    moves = []
    for k in range(4):
        if pool[k] >= 2:
            p = list(pool)
            p[k] -= 2
            p[k + 1] += 1
            moves.append(tuple(p))
    units = [k for k in range(N) for _ in range(pool[k])]
    seen = set()
    for a in range(len(units)):
        for b in range(a + 1, len(units)):
            for c in range(b + 1, len(units)):
                trio = (units[a], units[b], units[c])
                if trio in seen:
                    continue
                seen.add(trio)
                p = list(pool)
                for k in trio:
                    p[k] -= 1
                p[5] += 1
                moves.append(tuple(p))
    for p in moves:
        sub = _brute(p, need, extra)
        if sub is not None and (best is None or sub + 1 < best):
            best = sub + 1
    return best


def counts(most: int):
    """A vector of energy counts with at most `most` units in all."""
    return st.lists(st.integers(0, N - 1), max_size=most).map(lambda ks: tuple(ks.count(k) for k in range(N)))


@settings(max_examples=200, deadline=None)
@given(pool=counts(7), need=counts(4), extra=st.integers(0, 3))
def test_min_conversions_matches_brute_force(pool, need, extra):
    assert payment.min_conversions(pool, need, extra) == _brute(pool, need, extra)


def test_examples_of_the_rulebooks():
    names = payment.ENERGIES
    vec = payment.vec
    assert names[:5] == ("food", "iron", "horse", "gunpowder", "oil")
    assert payment.min_conversions(vec({"iron": 2, "food": 1, "horse": 1, "oil": 2}),
                                   vec({"horse": 1, "gunpowder": 1, "oil": 2})) == 1     # Computer
    assert payment.min_conversions(vec({"space": 1, "gunpowder": 1, "oil": 1}),
                                   vec({"horse": 1, "gunpowder": 1, "oil": 1})) == 0     # Film: [space] as two
