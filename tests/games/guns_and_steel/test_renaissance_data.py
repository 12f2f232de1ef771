"""The Renaissance data files, loaded as the engine loads them, against every fact the rulebook
(seed-R) prints or its worked examples imply. Whoever corrects a value from a physical card
runs this file to see whether the new value still fits the rulebook."""
from collections import Counter

from games.guns_and_steel import GAME  # noqa: F401  (registers every effect kind)
from games.guns_and_steel.cards import ERAS, load_set, starting_cards
from games.guns_and_steel.effects import EFFECTS
from games.guns_and_steel.payment import can_pay, min_conversions
from games.guns_and_steel.pyramid import wonders_by_icon
from games.guns_and_steel.renaissance import CONDITIONS
from games.kit import Rng

REN = load_set("renaissance")
CARDS = REN.cards
WONDERS = REN.wonders
START = {c.id: c for c in starting_cards()}


def v(key, field):
    c = CARDS.get(key) or START[key]
    return getattr(c, field).value


def mil(*keys):
    return sum(v(k, "military") for k in keys)


def test_every_value_carries_provenance():
    for c in CARDS.values():
        for field in ("type", "era", "cost", "military", "vp", "counter", "two_player_excluded"):
            assert getattr(c, field).prov in ("seed", "source", "reconstructed") and getattr(c, field).ref, (c.id, field)
    for w in WONDERS.values():
        for field in ("era", "setup_icon", "honor_needed", "vp"):
            assert getattr(w, field).prov in ("seed", "source", "reconstructed") and getattr(w, field).ref, (w.id, field)
        assert w.condition.prov in ("seed", "source", "reconstructed") and w.condition.ref


def test_every_effect_and_condition_is_implemented():
    for c in CARDS.values():
        assert c.effect_kind in EFFECTS, c.id
        assert c.effect.ja and c.effect.en
    for w in WONDERS.values():
        assert w.condition.value in CONDITIONS, w.id


def test_pyramid_counts_per_era():
    # seed-R figure: 宇宙時代 x3 地球時代 x4 石油時代 x5 火薬時代 x6 馬時代 x7; 文明カード 45 枚 = 25 + 20 starting
    assert Counter(c.era.value for c in CARDS.values()) == {"horse": 7, "gunpowder": 6, "oil": 5, "earth": 4, "space": 3}
    assert len(CARDS) + 4 * len(START) == 45
    assert len(WONDERS) == 10                            # 世界遺産カード 10 枚
    assert Counter(w.era.value for w in WONDERS.values()) == {e: 2 for e in ERAS}
    assert all(w.honor_needed.value == 3 for w in WONDERS.values())   # 栄誉３ on every wonder shown


def test_two_player_icon_one_per_era():
    # Removing the same number per era keeps a pyramid (notes §3.3)
    assert Counter(c.era.value for c in CARDS.values() if c.two_player_excluded.value) == {e: 1 for e in ERAS}


def test_no_setup_icon_card_leaves_a_two_player_game():
    # A wonder whose icon card is removed could never be placed with 2 players (same rule as the base data)
    assert not any(CARDS[w.setup_icon.value].two_player_excluded.value for w in WONDERS.values())


def test_printed_costs_and_eras():
    # seed-R 購入ルール: 《フリゲート艦》… ［鉄］１＋［火薬］２; 《映画》…［馬］１、［火薬］１、［石油］１;
    # セットの混合: 火薬時代の秘密研究の山にある《騎射》… ［鉄］１＋［馬］１
    assert v("frigate", "cost") == {"iron": 1, "gunpowder": 2}
    assert v("film", "cost") == {"horse": 1, "gunpowder": 1, "oil": 1}
    assert v("horse_archer", "cost") == {"iron": 1, "horse": 1}
    assert v("horse_archer", "era") == "gunpowder"
    assert v("battleship", "era") == "earth"     # "資源面であった地球を消費させて《戦艦》を公開"
    assert v("film", "era") == "space" and v("stealth_bomber", "era") == "space"


def test_costs_use_only_earlier_eras_energy():
    for c in CARDS.values():
        era = ERAS.index(c.era.value)
        for energy in c.cost.value:
            assert energy in ("food", "iron") or ERAS.index(energy) < era, c.id


def test_frigate_example_energy_pays_exactly():
    # 食糧２、鉄２、火薬１ + a horse resource; Barter depletes a food for [gunpowder]1; everything is spent
    pool = {"food": 1, "iron": 2, "gunpowder": 2, "horse": 1}
    assert min_conversions(pool, v("frigate", "cost"), 3) == 0
    assert not can_pay({**pool, "food": 0}, v("frigate", "cost"), 3)


def test_film_example_energy_pays():
    # 石油１ + 火薬 + ［宇宙］１ (Economics) → ［馬］１、［火薬］２、［石油］１
    assert can_pay({"oil": 1, "gunpowder": 1, "space": 1}, v("film", "cost"), 0)
    assert not can_pay({"oil": 1, "gunpowder": 1}, v("film", "cost"), 0)


def test_horse_archer_pile_example_costs_four():
    assert can_pay({"iron": 1, "horse": 1, "food": 2}, v("horse_archer", "cost"), 2)
    assert not can_pay({"iron": 1, "horse": 1, "food": 1}, v("horse_archer", "cost"), 2)


def test_machine_gun_example_military():
    # seed-R 攻撃ルール: you 6 (Stealth Bomber + Machine Gun); Gandhi 3 (Chariot, Warrior, Coup);
    # Napoleon 5 (Horse Archer + Reinforcement played as counters); Elizabeth 7 (Space Race, Ceasefire,
    # then Nationalism as a counter and the depleted earth resource Battleship).
    assert mil("stealth_bomber", "machine_gun") == 6
    assert mil("chariot", "warrior", "coup") == 3
    assert mil("horse_archer", "reinforcement") == 5
    assert mil("space_race", "ceasefire", "nationalism", "battleship") == 7
    # Frigate example: "《機関銃》ではなく《フリゲート艦》をプレイしていたら" – Elizabeth (7) is still ≥ you,
    # Napoleon (5) and Gandhi (3) are still below you
    assert 5 < mil("stealth_bomber", "frigate") <= 7


def test_counter_icons_of_the_example():
    assert v("horse_archer", "counter") and v("nationalism", "counter") and v("reinforcement", "counter")
    assert v("battleship", "type") == "unit"     # depleted as a counter without the icon: a unit front


def test_sydney_example_vp():
    # seed-R p.11: Ceasefire, Reinforcement, Mining, Agriculture, Code of Laws, Compass + one oil resource
    # were recollected, labelled "2VP 1VP 1VP 2VP", total 6 (starting cards carry 0)
    oil_cards = [k for k, c in CARDS.items() if c.era.value == "oil" and k != "ceasefire"]
    assert v("ceasefire", "vp") == 2 and v("code_of_laws", "vp") == 1 and v("compass", "vp") == 1
    assert all(v(c, "vp") == 2 for c in oil_cards)
    assert sum(v(k, "vp") for k in ("ceasefire", "reinforcement", "mining", "agriculture", "code_of_laws", "compass")) + 2 == 6


def test_setup_icons_are_cards_of_the_same_era():
    for w in WONDERS.values():
        assert v(w.setup_icon.value, "era") == w.era.value, w.id
    assert len({w.setup_icon.value for w in WONDERS.values()}) == 10
    # seed-R ゲームの準備 例: Sydney's icon is Film, Sagrada's is Stealth Bomber
    assert WONDERS["sydney"].setup_icon.value == "film" and WONDERS["sagrada_familia"].setup_icon.value == "stealth_bomber"


def test_setup_figures_place_the_wonders_they_show():
    # notes LD9 (setup figure) and LD19 (mixed figure, "b" = a base card) rows, left to right
    ld9 = {"horse": ["chariot", "tribute", "espionage", "calendar", "coup", "writing", "sailing"],
           "gunpowder": ["theology", "code_of_laws", "exile", "horse_archer", "compass", "education"],
           "oil": ["ceasefire", "frigate", "economics", "light_cavalry", "printing_press"],
           "earth": ["battleship", "newspaper", "nationalism", "machine_gun"],
           "space": ["film", "space_race", "stealth_bomber"]}
    ld19 = {"horse": ["chariot", "b", "espionage", "calendar", "b", "b"],
            "gunpowder": ["theology", "b", "exile", "b", "compass"],
            "oil": ["ceasefire", "b", "economics", "b"],
            "earth": ["b", "newspaper", "nationalism"],
            "space": ["film", "b"]}
    assert wonders_by_icon(ld9, ("renaissance",), Rng(seed=1)) == ["colossus", "hagia_sophia", "forbidden_city", "panama", "sydney"]
    assert wonders_by_icon(ld19, ("renaissance",), Rng(seed=1)) == ["lighthouse", "hagia_sophia", "pisa", "panama", "sydney"]


def test_effect_texts_are_the_printed_ones():
    assert CARDS["frigate"].effect.ja == "４VP 獲得。あなた以上の軍事力の各プレイヤーは、３VP 獲得。"
    assert CARDS["machine_gun"].effect.ja == "あなたより軍事力が少ない各プレイヤーは、資源３枚を選んで消費。"
    assert WONDERS["forbidden_city"].condition_text.ja == "火薬の資源をプレイ。"


def test_vp_unit_numbers_match_their_printed_text():
    for key, own, others in (("chariot", 2, 1), ("frigate", 4, 3), ("battleship", 5, 4), ("stealth_bomber", 6, 5)):
        c = CARDS[key]
        assert c.effect.params == {"own": own, "at_least": others}
        assert c.effect.ja.startswith(f"{'０１２３４５６７'[own]}VP 獲得") or c.effect.ja.startswith(f"{own}VP 獲得")
