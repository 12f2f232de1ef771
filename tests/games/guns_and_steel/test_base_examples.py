"""The worked examples of the base rulebook (seed-B), played through the games API."""
from gs_scenario import act, field_of, hand_of, keys, position, prompt, seat

from games.guns_and_steel.pyramid import wonders_by_icon
from games.kit import Rng

PLAYERS = ["you", "gandhi", "napoleon", "elizabeth"]
# 《大砲》 at oil slot 1: its lower-left card (gunpowder slot 1) is bought, 《突撃》 sits directly
# below it, above two horse cards; 《通貨》 (horse slot 1) is cut off.
CANNON_PYRAMID = {
    "horse": ["wheel", "currency", "knight", "swordsman", "philosophy", "ambush", None],
    "gunpowder": ["guild", None, "charge", "irrigation", "flanking", "musketeer"],
    "oil": ["steam_engine", "cannon", "trade", "railroad", "conscription"],
    "earth": ["tank", "stock", "blitzkrieg", "electricity"],
    "space": ["computer", "nuclear_submarine", "satellite"],
}


def _cannon_turn(pyramid):
    """手番開始時、自分の場には食糧2、鉄1、火薬1の資源… 資源フェイズで馬をプレイ… 《物々交換》… 食糧1を消費して[火薬]1."""
    s = position(PLAYERS, {"you": seat(hand=["iron_smelting", "barter", "warrior", "mining"],   # 2 cards stay in hand
                                       res=["reinforcement", "agriculture", "mining", "navigation"])}, pyramid)
    s, _ = act(s, "resource", "iron_smelting")                   # a horse resource
    s, _ = act(s, "progress", "barter")
    assert keys(prompt(s)) == ["o0", "o1", "o2", "skip"]         # [鉄]1か[馬]1か[火薬]1, or not at all
    s, _ = act(s, "effect", "o2")
    s, _ = act(s, "deplete", "agriculture")                      # 食糧1を消費
    assert s.energy == {"gunpowder": 1}
    return s


def test_cannon_purchase_costs_three_more_for_the_connected_cards():
    s = _cannon_turn(CANNON_PYRAMID)
    p = prompt(s)
    assert p.id == "purchase"
    cannon = p.option("cannon")
    assert cannon is not None and "[gunpowder]2 + any 3" in cannon.label.en   # [火薬]2 + 何か3つ
    s, events = act(s, "purchase", "cannon")
    # 全資源を消費し…: every resource is needed, so no payment question is asked
    up, res = field_of(s, "you")
    assert res == [] and "cannon" in up
    assert s.pyramid["oil"][1] is None and s.energy == {}
    assert any(e.kind == "buy" for e in events)


def test_cannon_purchase_after_charge_was_bought_costs_only_the_printed_gunpowder():
    pyramid = {**CANNON_PYRAMID, "gunpowder": ["guild", None, None, "irrigation", "flanking", "musketeer"]}
    s = _cannon_turn(pyramid)
    cannon = prompt(s).option("cannon")
    assert cannon is not None and cannon.label.en.endswith("[gunpowder]2")     # [火薬]2だけで購入できました
    s, _ = act(s, "purchase", "cannon")
    assert keys(prompt(s)) == ["auto", "manual", "back"]
    assert "gunpowder×1" in prompt(s).option("auto").label.en
    s, _ = act(s, "pay", "auto")
    up, res = field_of(s, "you")
    assert sorted(res) == ["iron_smelting", "mining", "reinforcement"]       # the horse, iron and food stay
    assert "cannon" in up and "navigation" in up


def test_cannon_purchase_paid_by_hand_one_resource_at_a_time():
    pyramid = {**CANNON_PYRAMID, "gunpowder": ["guild", None, None, "irrigation", "flanking", "musketeer"]}
    s = _cannon_turn(pyramid)
    s, _ = act(s, "purchase", "cannon")
    s, _ = act(s, "pay", "manual")
    assert "pay" not in keys(prompt(s))                      # [gunpowder]1 is not enough yet
    s, _ = act(s, "pay_pick", "mining2")                     # iron alone does not pay: the player's call
    assert "pay" not in keys(prompt(s))
    s, _ = act(s, "pay_pick", "navigation")
    s, _ = act(s, "pay_pick", "pay")
    up, res = field_of(s, "you")
    assert sorted(res) == ["iron_smelting", "reinforcement"] and {"mining", "navigation", "cannon"} <= set(up)


def test_computer_purchase_converts_iron_and_food_into_earth():
    """《コンピュータ》: 地球時代は全て購入済み… 食糧1、馬1、石油1… 石油をプレイ… 《製鉄》で[鉄]2 …
    [鉄]2+[食糧]1を[地球]1に変換し、それを[火薬]1とします."""
    pyramid = {"horse": [None] * 7, "gunpowder": [None] * 6, "oil": [None] * 5, "earth": [None] * 4,
               "space": ["computer", "nuclear_submarine", "satellite"]}
    s = position(PLAYERS, {"you": seat(hand=["steam_engine", "iron_smelting", "warrior", "barter"],
                                       res=["agriculture", "wheel", "railroad"])}, pyramid)
    s, _ = act(s, "resource", "steam_engine")
    s, _ = act(s, "progress", "iron_smelting")
    s, _ = act(s, "effect", "o0")
    assert s.energy == {"iron": 2}
    computer = prompt(s).option("computer")
    assert computer is not None and computer.label.en.endswith("[horse]1 + [gunpowder]1 + [oil]2")
    assert prompt(s).option("nuclear_submarine") is None     # not affordable: only what can be paid is offered
    s, events = act(s, "purchase", "computer")
    up, res = field_of(s, "you")
    assert res == [] and "computer" in up
    buy = next(e for e in events if e.kind == "buy")
    assert buy.data == {"card": "computer", "era": "space", "conversion": True,
                        "depleted": ["agriculture", "railroad", "steam_engine", "wheel"]}   # face up now: named


def test_himeji_end_of_turn_wonder_choice():
    """手番終了時、手札は0枚… 未消費の資源面(馬)のカード2枚と、戦術カードが3枚… 〈バビロンの空中庭園〉と〈姫路城〉…
    〈姫路城〉を獲得… 表面のカードは全部手札に戻し、資源はそのまま場に置いておく."""
    wonders = ["hanging_gardens", "angkor_wat", "himeji", "eiffel_tower", "iss"]
    s = position(PLAYERS, {"you": seat(hand=["agriculture", "charge"], res=["currency", "wheel"],
                                       up=["reinforcement", "ambush"]),
                           "gandhi": seat(hand=["barter", "mining"])}, wonders=wonders)
    s, events = act(s, "resource", "agriculture")
    # the one card left is played face up at once; with no face-up unit Charge's effect cannot be used
    assert [e.kind for e in events if e.kind in ("progress", "no_effect", "no_purchase")] == ["progress", "no_effect", "no_purchase"]
    p = prompt(s)
    assert p.id == "wonders" and keys(p) == ["hanging_gardens", "himeji"]
    assert p.min == 1 and not any(o.passes for o in p.options)   # one must be taken
    s, _ = act(s, "wonders", "himeji")
    assert s.seats["you"].wonders == ["himeji"] and "hanging_gardens" in s.table_wonders
    assert sorted(hand_of(s, "you")) == ["ambush", "charge", "reinforcement"]   # face-up cards back to hand
    p = prompt(s)
    assert p.id == "take_back" and p.min == 0
    s, events = act(s, "take_back")               # the resources stay in the field
    assert [e.text.en for e in events if e.kind == "take_back"] == ["you leaves every resource in the field."]
    assert field_of(s, "you") == ([], ["currency", "wheel", "agriculture"])
    assert s.active == "gandhi"


def test_nuclear_submarine_attack_with_three_defenders():
    """《原子力潜水艦》を軍事力7で攻撃… ガンジー3は何もせず… ナポレオンは《騎士》《突撃》で6… エリザベスは
    《電撃戦》をプレイし地球を消費させて《戦車》を公開し7… ガンジーは〈タージ・マハル〉、ナポレオンは
    〈ギザの三大ピラミッド〉を渡し、エリザベスの〈アンコール・ワット〉は残った."""
    s = position(PLAYERS, {
        "you": seat(hand=["nuclear_submarine", "mining"], res=["agriculture"], up=["warrior", "reinforcement"]),
        "gandhi": seat(hand=["reinforcement"], up=["knight", "warrior"], wonders=["taj_mahal"]),
        "napoleon": seat(hand=["knight", "charge", "mining"], up=["swordsman", "warrior"],
                         wonders=["great_pyramids", "eiffel_tower"]),
        "elizabeth": seat(hand=["blitzkrieg", "barter"], res=["tank", "agriculture"], up=["warrior"],
                          wonders=["angkor_wat"])})
    s, _ = act(s, "resource", "mining")            # the submarine, the last card, is then played face up
    s, events = act(s, "effect", "use")
    assert any(e.kind == "attack" and "military 7" in e.text.en for e in events)
    p = prompt(s)
    assert (p.id, p.player, p.min) == ("counter", "gandhi", 1)          # the left neighbour decides first
    s, _ = act(s, "counter", "none", player="gandhi")                   # 何もせず
    p = prompt(s)
    assert p.player == "napoleon" and set(keys(p)) == {"knight2", "charge", "none", "never"}   # only counter-icon cards
    s, _ = act(s, "counter", "knight2")                                 # one card per click, then "done"
    s, _ = act(s, "counter", "charge")                                  # only Mining is left: no more asking
    p = prompt(s)
    assert p.player == "elizabeth" and set(keys(p)) == {"blitzkrieg", "tank", "none", "never"}  # hand counter + unit resource
    s, _ = act(s, "counter", "blitzkrieg")
    s, events = act(s, "counter", "tank")                               # nothing left that could counter
    compare = next(e for e in events if e.kind == "compare")
    assert compare.data["result"] == {"gandhi": "lost", "napoleon": "lost", "elizabeth": "tie"}
    assert compare.text.en == "Attack 7: gandhi 3 (loses), napoleon 6 (loses), elizabeth 7 (tie, holds)."
    assert compare.text.ja == "攻撃7：gandhi 3（敗北）、napoleon 6（敗北）、elizabeth 7（同点）。"
    assert "gandhi 3" in compare.text.en and "napoleon 6" in compare.text.en and "elizabeth 7" in compare.text.en
    p = prompt(s)                                                       # Gandhi's only wonder went without a question
    assert (p.id, p.player, sorted(keys(p))) == ("give_wonder", "napoleon", ["eiffel_tower", "great_pyramids"])
    s, _ = act(s, "give_wonder", "great_pyramids")
    assert s.seats["you"].wonders == ["taj_mahal", "great_pyramids"]
    assert s.seats["gandhi"].wonders == [] and s.seats["napoleon"].wonders == ["eiffel_tower"]
    assert s.seats["elizabeth"].wonders == ["angkor_wat"]
    assert "tank" in field_of(s, "elizabeth")[0] and "blitzkrieg" in field_of(s, "elizabeth")[0]
    assert field_of(s, "you")[1] == ["agriculture", "mining"]          # the attacker never suffers


def test_setup_example_places_the_wonder_of_the_leftmost_icon_card():
    """宇宙時代の世界遺産は〈国際宇宙ステーション〉および〈アポロ計画〉… 《原子力潜水艦》のほうが《コンピュータ》より
    左にあるため… 〈国際宇宙ステーション〉カードを配置し、〈アポロ計画〉は箱の中に戻します (notes A1)."""
    rows = {"horse": ["currency"], "gunpowder": ["charge"], "oil": ["cannon"], "earth": ["tank"],
            "space": ["satellite", "nuclear_submarine", "computer"]}
    placed = wonders_by_icon(rows, ("base",), Rng(seed=1))
    assert placed == ["great_pyramids", "angkor_wat", "taj_mahal", "eiffel_tower", "iss"]
    rows["space"] = ["computer", "satellite", "nuclear_submarine"]
    assert wonders_by_icon(rows, ("base",), Rng(seed=1))[-1] == "apollo"
