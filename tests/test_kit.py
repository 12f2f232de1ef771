"""The rules kit: seeded RNG stability and the generic choice validation."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kit import IllegalAction, Rng, T
from games.kit.playout import random_choice
from games.kit.models import Prompt, Option


def test_rng_sequence_is_fixed_across_python_versions():
    # These numbers are the contract: a change breaks every stored game's replay.
    rng = Rng(seed=42)
    assert [rng.below(100) for _ in range(8)] == [rng2 for rng2 in _reference(42)]


def _reference(seed):
    mask = (1 << 64) - 1
    golden = 0x9E3779B97F4A7C15
    out = []
    counter = 0
    while len(out) < 8:
        counter += 1
        z = (seed * golden + counter * golden) & mask
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & mask
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & mask
        z ^= z >> 31
        if z < (1 << 64) - ((1 << 64) % 100):
            out.append(z % 100)
    return out


def test_rng_known_values():
    # Frozen golden values: stored games replay only while these stay the same.
    rng = Rng(seed=42)
    assert [rng.below(100) for _ in range(8)] == [80, 15, 4, 79, 21, 65, 45, 14]
    deck = list(range(10))
    Rng(seed=1).shuffle(deck)
    assert deck == [8, 7, 6, 5, 3, 9, 2, 4, 1, 0]
    a, b = Rng(seed=7), Rng(seed=7)
    items_a, items_b = list(range(20)), list(range(20))
    a.shuffle(items_a)
    b.shuffle(items_b)
    assert items_a == items_b and sorted(items_a) == list(range(20)) and items_a != list(range(20))


@given(st.integers(min_value=0, max_value=2**63), st.integers(min_value=1, max_value=1000))
def test_rng_below_in_range_and_state_round_trips(seed, n):
    rng = Rng(seed=seed)
    rng.below(n)
    copy = Rng.model_validate_json(rng.model_dump_json())
    assert [copy.below(n) for _ in range(5)] == [rng.below(n) for _ in range(5)]
    assert all(0 <= rng.below(n) < n for _ in range(20))


def test_rng_fork_is_independent_of_parent_draws():
    a = Rng(seed=3)
    f1 = a.fork(1)
    a.below(10)
    assert a.fork(1) == f1


def test_random_choice_respects_bounds():
    prompt = Prompt(id="p", player="u1", text=T("x"), min=1, max=3,
                    options=[Option(key=str(i), label=T(str(i))) for i in range(6)])
    rng = Rng(seed=5)
    for _ in range(200):
        c = random_choice(prompt, rng)
        assert 1 <= len(c) <= 3 and len(set(c)) == len(c)


def test_illegal_action_carries_both_languages():
    e = IllegalAction("not_offered", T("Not offered.", "選択肢にありません。"))
    assert e.message("ja") == "選択肢にありません。" and e.message("en") == "Not offered."
    with pytest.raises(IllegalAction):
        raise e
