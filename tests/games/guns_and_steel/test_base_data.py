"""The base-set data files against every fact seed-B prints and every worked example.

If you correct a value from a physical card, these tests say whether the rulebook's
examples still come out as printed."""
from collections import Counter

import pytest

from games.guns_and_steel import payment
from games.guns_and_steel.cards import ERAS, all_cards, all_wonders, load_set, starting_cards
from games.guns_and_steel.effects import EFFECTS

BASE = load_set("base")
C = BASE.cards
W = BASE.wonders


def mil(*keys: str) -> int:
    return sum(all_cards()[k].military.value for k in keys)


def test_every_value_is_validated_and_carries_provenance():
    for c in [*C.values(), *starting_cards()]:
        for name in ("type", "cost", "military", "vp", "counter", "two_player_excluded"):
            v = getattr(c, name)
            assert v.prov in ("seed", "source", "reconstructed") and v.ref, (c.id, name)
        assert c.effect.ref and c.effect.ja and c.effect.en
    for w in W.values():
        for name in ("era", "setup_icon", "vp"):
            assert getattr(w, name).ref, (w.id, name)
        assert w.condition.ref


def test_counts_per_era_and_the_two_player_icon():
    # 文明カード45枚 = 25 + 20 starting; 馬時代 x7 … 宇宙時代 x3; 世界遺産カード10枚
    assert Counter(c.era.value for c in C.values()) == {"horse": 7, "gunpowder": 6, "oil": 5, "earth": 4, "space": 3}
    assert Counter(w.era.value for w in W.values()) == {e: 2 for e in ERAS}
    assert Counter(c.era.value for c in C.values() if c.two_player_excluded.value) == {e: 1 for e in ERAS}


def test_starting_cards():
    # 《増援》《農耕》《物々交換》《採掘》《戦士》… 裏面の資源は食糧3枚、鉄2枚
    s = {c.id: c for c in starting_cards()}
    assert set(s) == {"reinforcement", "agriculture", "barter", "mining", "warrior"}
    assert Counter(c.resource for c in s.values()) == {"food": 3, "iron": 2}
    assert {k: c.kind for k, c in s.items()} == {"reinforcement": "tactic", "agriculture": "tech", "barter": "tech",
                                                 "mining": "tech", "warrior": "unit"}
    assert s["reinforcement"].counter.value                   # played as a counter in seed-R's example


def test_printed_costs_and_eras():
    assert C["cannon"].cost.value == {"gunpowder": 2} and C["cannon"].cost.prov == "seed"
    assert C["computer"].cost.value == {"horse": 1, "gunpowder": 1, "oil": 2} and C["computer"].cost.prov == "seed"
    eras = {k: C[k].era.value for k in ("currency", "charge", "cannon", "tank", "computer", "nuclear_submarine")}
    assert eras == {"currency": "horse", "charge": "gunpowder", "cannon": "oil", "tank": "earth",
                    "computer": "space", "nuclear_submarine": "space"}


def test_costs_use_energies_of_earlier_eras():
    order = ["food", "iron", *ERAS]
    for c in C.values():
        for energy in c.cost.value:
            assert order.index(energy) < order.index(c.era.value), c.id


def test_cannon_example_pays_exactly():
    # [火薬]1 from Barter + food, iron, gunpowder, horse depleted = [火薬]2 + 3 any
    assert payment.can_pay({"gunpowder": 2, "food": 1, "iron": 1, "horse": 1}, C["cannon"].cost.value, 3)
    assert not payment.can_pay({"gunpowder": 2, "food": 1, "iron": 1}, C["cannon"].cost.value, 3)


def test_computer_example_pays_exactly():
    # [鉄]2 + food 1, horse 1, oil 2: [鉄]2+[食糧]1 → [地球]1 used as [火薬]1
    assert payment.min_conversions({"iron": 2, "food": 1, "horse": 1, "oil": 2}, C["computer"].cost.value) == 1
    assert not payment.can_pay({"iron": 1, "food": 1, "horse": 1, "oil": 2}, C["computer"].cost.value)


def test_nuclear_submarine_example_military():
    # attacker 7; Gandhi 3; Napoleon reaches 6 with Knight + Charge; Elizabeth 7 with Blitzkrieg + Tank
    # (the fields of the scenario in test_base_examples.py; the figures are not transcribed)
    assert mil("nuclear_submarine", "warrior", "reinforcement") == 7
    assert mil("knight", "warrior") == 3
    assert mil("swordsman", "warrior", "knight", "charge") == 6
    assert mil("warrior", "blitzkrieg", "tank") == 7
    for k in ("knight", "charge", "blitzkrieg"):
        assert C[k].counter.value and C[k].counter.prov == "seed"
    assert C["tank"].kind == "unit"          # depleting its earth resource is allowed (front is a unit)


def test_himeji_example_wonders():
    # 2 unspent horse resources + 3 face-up tactics meet both; Himeji is worth more
    assert W["hanging_gardens"].condition.value == "resources" and W["hanging_gardens"].condition.params == {"horse": 2}
    assert W["himeji"].condition.value == "face_up" and W["himeji"].condition.params == {"tactic": 3}
    assert W["himeji"].vp.value > W["hanging_gardens"].vp.value


def test_setup_icons_are_cards_of_the_wonders_era():
    for w in W.values():
        assert C[w.setup_icon.value].era.value == w.era.value, w.id
    assert W["iss"].setup_icon.value == "nuclear_submarine" and W["apollo"].setup_icon.value == "computer"  # A1
    assert not any(C[w.setup_icon.value].two_player_excluded.value for w in W.values())


def test_q1_replenish_cards_name_their_own_resource():
    for key in ("agriculture", "mining", "currency"):
        c = all_cards()[key]
        assert c.resource in c.effect.params["replenish"], key


def test_wonder_stealing_units_share_one_text():
    # seed-R figure: 剣士, 戦車, 原子力潜水艦 read 全員を攻撃。敗者は世界遺産１つを選んで渡す。 (notes A24)
    texts = {C[k].effect.ja for k in ("swordsman", "tank", "nuclear_submarine")}
    assert texts == {"全員を攻撃。敗者は世界遺産１つを選んで渡す。"}


@pytest.mark.parametrize("key", sorted(k for k, c in all_cards().items() if c.set in ("base", "starting")))
def test_every_base_effect_kind_is_registered(key):
    assert all_cards()[key].effect_kind in EFFECTS


def test_ids_are_unique_across_sets():
    assert len(all_cards()) == 25 + 25 + 5 and len(all_wonders()) == 20
