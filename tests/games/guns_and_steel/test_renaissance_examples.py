"""The worked examples of the Renaissance rulebook (seed-R), played through the games API."""
from gs_scenario import act, field_of, hand_of, keys, prompt, seat
from ren_scenario import LD9, LD9_WONDERS, inst, ren_position, tokens

from games.guns_and_steel.cards import card
from games.guns_and_steel.pyramid import wonders_by_icon
from games.kit import Rng

# ---- 攻撃ルール: the Machine Gun attack, the Frigate variant, the depletion example -------------------

def _attack(unit: str):
    """あなたは《機関銃》をプレイし、軍事力６で攻撃… ガンジーの軍事力はわずか３… ナポレオンは《騎射》と《増援》…
    ５… エリザベスは《国粋主義》をプレイし、資源面であった地球を消費させて《戦艦》を公開… ７."""
    s = ren_position({
        "you": seat(hand=["mining", unit], up=["stealth_bomber"]),
        "gandhi": seat(hand=["reinforcement"], res=["agriculture", "barter", "mining", "tribute"],
                       up=["chariot", "warrior", "coup"]),
        "napoleon": seat(hand=["horse_archer", "reinforcement", "calendar"], res=["compass"]),
        "elizabeth": seat(hand=["nationalism", "sailing"], res=["battleship"], up=["space_race", "ceasefire"])})
    s, _ = act(s, "resource", "mining")            # the unit, the last card, is then played face up
    s, events = act(s, "effect", "use")
    assert any(e.kind == "attack" and "military 6" in e.text.en for e in events)
    p = prompt(s)
    assert (p.id, p.player) == ("counter", "gandhi")         # the left neighbour decides first
    s, _ = act(s, "counter", "none", player="gandhi")       # 何もせず敗北を選択
    p = prompt(s)
    cards = {inst(s, "napoleon", "horse_archer"), inst(s, "napoleon", "reinforcement")}
    assert p.player == "napoleon" and set(keys(p)) == cards | {"none", "never"}
    for each in sorted(cards):                              # one card per click; then nothing could counter
        s, _ = act(s, "counter", each)
    p = prompt(s)
    cards = {inst(s, "elizabeth", "nationalism"), inst(s, "elizabeth", "battleship")}
    assert p.player == "elizabeth" and set(keys(p)) == cards | {"none", "never"}
    for each in sorted(cards):
        s, events = act(s, "counter", each)
    compare = next(e for e in events if e.kind == "compare")
    return s, events, compare


def test_machine_gun_attack_with_counters_and_depletions():
    s, _, compare = _attack("machine_gun")
    assert compare.data["result"] == {"gandhi": "lost", "napoleon": "lost", "elizabeth": "held"}
    for who, mil in (("gandhi", 3), ("napoleon", 5), ("elizabeth", 7)):
        assert f"{who} {mil}" in compare.text.en
    assert "battleship" in field_of(s, "elizabeth")[0] and "nationalism" in field_of(s, "elizabeth")[0]
    assert {"horse_archer", "reinforcement"} <= set(field_of(s, "napoleon")[0])
    assert "calendar" in hand_of(s, "napoleon")              # counter cards' effects are not applied


def test_resource_depletion_example():
    """自分の場に４枚の資源があるガンジーは、うち３枚を消費… 食料２枚と鉄１枚を消費させました。ナポレオンの場には
    資源が 1 枚しかないため、その 1 枚である火薬を消費… エリザベスの軍事力は、攻撃側の軍事力以上なので、何も起こりません."""
    s, _, _ = _attack("machine_gun")
    for key in ("agriculture", "barter", "mining"):          # the loser chooses, one at a time
        p = prompt(s)
        assert (p.id, p.player) == ("deplete", "gandhi")
        s, _ = act(s, "deplete", inst(s, "gandhi", key))
    assert field_of(s, "gandhi")[1] == ["tribute"]
    assert field_of(s, "napoleon")[1] == []                   # his only resource, the gunpowder, without a question
    assert "compass" in field_of(s, "napoleon")[0]
    assert field_of(s, "elizabeth")[1] == []                  # she had depleted Battleship herself; nothing else happens
    assert field_of(s, "you")[1] == ["mining"]                # the attacker never suffers
    assert tokens(s) == {"you": 0, "gandhi": 0, "napoleon": 0, "elizabeth": 0}


def test_frigate_instead_gives_vp_tokens_whatever_the_result():
    """《機関銃》ではなく《フリゲート艦》をプレイしていたら、結果にかかわらず、あなたは勝利点トークン４個… エリザベスの
    軍事力は、あなたの軍事力以上なので、同様に勝利点トークン３個… ガンジーとナポレオンの… 何も起きません."""
    s, events, compare = _attack("frigate")
    assert compare.data["result"] == {"gandhi": "lost", "napoleon": "lost", "elizabeth": "held"}
    assert tokens(s) == {"you": 4, "gandhi": 0, "napoleon": 0, "elizabeth": 3}
    assert field_of(s, "gandhi")[1] == ["agriculture", "barter", "mining", "tribute"]   # no depletion
    assert s.attack is None


def test_vp_unit_ties_earn_the_reward():
    # notes A8: "あなた以上" – a defender with exactly the attacker's military is rewarded
    s = ren_position({"you": seat(hand=["mining", "chariot"]),
                      "gandhi": seat(hand=["writing"], up=["warrior", "reinforcement"]),
                      "napoleon": seat(hand=["writing"], up=["warrior"])}, players=["you", "gandhi", "napoleon"])
    s, _ = act(s, "resource", "mining")
    s, events = act(s, "effect", "use")
    compare = next(e for e in events if e.kind == "compare")
    assert compare.data["result"] == {"gandhi": "tie", "napoleon": "lost"}
    assert tokens(s) == {"you": 2, "gandhi": 1, "napoleon": 0}


# ---- 購入ルール: Frigate and Film -----------------------------------------------------------------------

def _frigate_turn(pyramid):
    """手番開始時、自分の場には食糧２、鉄２、火薬１… 資源フェイズで馬をプレイ… 《物々交換》… 食糧１を消費して［火薬］１."""
    s = ren_position({"you": seat(hand=["sailing", "barter", "warrior", "writing"],
                                  res=["agriculture", "reinforcement", "mining", "warrior", "code_of_laws"])}, pyramid)
    s, _ = act(s, "resource", "sailing")
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "o2")                       # [火薬]1
    s, _ = act(s, "deplete", "agriculture")
    assert s.energy == {"gunpowder": 1}
    return s


FRIGATE_PYRAMID = {**LD9, "horse": [*LD9["horse"][:6], None],          # the player holds Sailing
                   "gunpowder": ["theology", None, "exile", "horse_archer", "compass", "education"]}


def test_frigate_purchase_with_three_connected_cards():
    """《フリゲート艦》… ［鉄］１＋［火薬］２ですが… 追加で何か３つ… すぐ左下にあったカードは既に買われているため、
    《供貢》カードは連続していません… 全資源を消費し… 《フリゲート艦》カードを獲得."""
    s = _frigate_turn(FRIGATE_PYRAMID)
    p = prompt(s)
    frigate = p.option("frigate")
    assert frigate is not None and frigate.label.en.endswith("[iron]1 + [gunpowder]2 + any 3")
    s, events = act(s, "purchase", "frigate")
    up, res = field_of(s, "you")
    assert res == [] and "frigate" in up                # every resource was needed
    assert s.pyramid["oil"][1] is None
    assert next(e for e in events if e.kind == "buy").data["card"] == "frigate"


def test_frigate_costs_only_its_printed_energy_once_exile_is_bought():
    """前の例で《フリゲート艦》直下の《亡命》が既に購入されていた場合、馬の時代のカードがそのままそこにあっても、
    ［鉄］１＋［火薬］２だけで購入できました."""
    pyramid = {**FRIGATE_PYRAMID, "gunpowder": ["theology", None, None, "horse_archer", "compass", "education"]}
    s = _frigate_turn(pyramid)
    assert prompt(s).option("frigate").label.en.endswith("[iron]1 + [gunpowder]2")
    s, _ = act(s, "purchase", "frigate")
    s, _ = act(s, "pay", "auto")
    up, res = field_of(s, "you")
    assert "frigate" in up and "sailing" in res and "reinforcement" in res


def test_film_purchase_with_space_from_economics():
    """《映画》… 地球時代の全文明カードは既に購入されており… ［馬］１、［火薬］１、［石油］１で購入できます。
    手番開始時、自分の場には石油１… 火薬をプレイ… 《経済学》をプレイし、勝利点トークン 1 個を消費することで
    ［宇宙］１… ［宇宙］１を［馬］１＋［火薬］１の代わりに使用."""
    pyramid = {"horse": [None] * 7, "gunpowder": [None] * 6, "oil": [None] * 5, "earth": [None] * 4,
               "space": ["film", "space_race", "stealth_bomber"]}
    s = ren_position({"you": seat(hand=["education", "economics", "warrior", "writing"], res=["ceasefire"])},
                     pyramid, tokens={"you": 1})
    s, _ = act(s, "resource", "education")
    s, _ = act(s, "progress", "economics")
    p = prompt(s)
    assert keys(p) == ["o0", "o1", "skip"]              # deplete 1 → 2 VP, or pay 1 VP → [space]1
    s, _ = act(s, "effect", "o1")
    assert s.energy == {"space": 1} and tokens(s)["you"] == 0
    p = prompt(s)
    assert p.option("film").label.en.endswith("[horse]1 + [gunpowder]1 + [oil]1")
    s, _ = act(s, "purchase", "film")
    s, _ = act(s, "pay", "manual")                      # 全資源を消費して… as the example does
    s, _ = act(s, "pay_pick", inst(s, "you", "education"))
    s, _ = act(s, "pay_pick", inst(s, "you", "ceasefire"))
    s, events = act(s, "pay_pick", "pay")
    up, res = field_of(s, "you")
    assert "film" in up and res == []
    # using [space] as two energies is not a conversion of the table (Panama Canal needs one)
    assert next(e for e in events if e.kind == "buy").data["conversion"] is False


def test_economics_pay_alternative_needs_a_token():
    s = ren_position({"you": seat(hand=["education", "economics", "warrior"], res=["ceasefire"])})
    s, _ = act(s, "resource", "education")
    s, _ = act(s, "progress", "economics")
    assert keys(prompt(s)) == ["o0", "skip"]            # no VP token to pay: only "deplete 1 → 2 VP"


# ---- 手番終了 / 世界遺産の獲得: Sydney and the Forbidden City ---------------------------------------------

def test_sydney_opera_house_honor_from_recollected_vp():
    """手札は0枚… 場にある表面のカードは全部手札に戻し、資源は石油だけ１枚回収… 回収したカードの合計 VP は６で、
    〈シドニー・オペラハウス〉の条件を満たしている… 3個目の栄誉トークンだったため… 獲得… ここで次のプレイヤーの手番."""
    s = ren_position({"you": seat(hand=["barter", "compass"], res=["economics", "calendar"],
                                  up=["ceasefire", "reinforcement", "mining", "agriculture", "code_of_laws"]),
                      "gandhi": seat(hand=["writing", "theology"])},
                     honor={"sydney": {"you": 2, "gandhi": 1}})
    s, _ = act(s, "resource", "barter")
    s, _ = act(s, "effect", "skip")                     # Compass, the last card, went face up
    if prompt(s).id == "purchase":
        s, _ = act(s, "purchase", "none")
    assert sorted(hand_of(s, "you")) == sorted(["ceasefire", "reinforcement", "mining", "agriculture", "code_of_laws", "compass"])
    p = prompt(s)
    assert p.id == "take_back"
    s, events = act(s, "take_back", inst(s, "you", "economics"))     # only the oil resource
    assert sum(card(k).vp.value for k in hand_of(s, "you")) == 6   # "2VP 1VP 1VP 2VP"
    assert "sydney" in s.seats["you"].wonders and "sydney" not in s.table_wonders
    assert any(e.kind == "honor" for e in events) and any(e.kind == "wonder" for e in events)
    assert s.ren.honor_supply["you"] == 5 and s.ren.honor_supply["gandhi"] == 5   # every token on it went back
    assert field_of(s, "you")[1] == ["calendar", "barter"]
    assert s.active == "gandhi" and not s.finished


def test_sydney_threshold_depends_on_player_count():
    # "２人なら５VP 以上": 4 VP recollected is not enough with 2 players
    s = ren_position({"you": seat(hand=["barter", "compass"], up=["ceasefire", "code_of_laws"]),
                      "gandhi": seat(hand=["writing", "theology"])},
                     players=["you", "gandhi"], wonders=["sydney"], honor={"sydney": {"you": 2}})
    s, _ = act(s, "resource", "barter")
    s, _ = act(s, "effect", "skip")
    if prompt(s).id == "purchase":
        s, _ = act(s, "purchase", "none")
    s, _ = act(s, "take_back")
    assert "sydney" in s.table_wonders and s.ren.honor["sydney"] == {"you": 2}


def test_forbidden_city_honor_moved_from_the_lighthouse():
    """〈アレクサンドリアの大灯台〉に１、〈パナマ運河〉に２、〈紫禁城〉に２… 火薬を資源としてプレイし、エネルギー２つを
    １つに変換… 〈アレクサンドリアの大灯台〉の栄誉トークンを取り、〈紫禁城〉に移動… ３つになったので、すぐさま獲得."""
    wonders = ["lighthouse", "hagia_sophia", "forbidden_city", "panama", "sydney"]
    pyramid = {"horse": ["coup", "chariot"], "gunpowder": [], "oil": [], "earth": [], "space": []}
    s = ren_position({"you": seat(hand=["education", "barter", "warrior", "writing"],
                                  res=["agriculture", "reinforcement", "mining"]),
                      "gandhi": seat(hand=["writing", "theology"])},
                     pyramid, wonders, honor={"lighthouse": {"you": 1}, "panama": {"you": 2}, "forbidden_city": {"you": 2}})
    s, _ = act(s, "resource", "education")              # 火薬を資源としてプレイ
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "coup")                   # [iron]2 = iron 1 + food 2 converted
    s, events = act(s, "pay", "auto")
    assert next(e for e in events if e.kind == "buy").data["conversion"] is True
    p = prompt(s)
    assert p.id == "ren_honor" and p.player == "you"
    assert "lighthouse>forbidden_city" in keys(p) and "keep" in keys(p)
    assert not any(k.endswith(">lighthouse") or k.endswith(">hagia_sophia") for k in keys(p))  # bought; no horse played
    assert p.option("keep").passes                      # moving is optional
    move = p.option("lighthouse>forbidden_city").label
    assert move.en == "Move a token: Lighthouse of Alexandria → Forbidden City (2/3 of yours, 4 VP)"
    assert move.ja == "トークンを移動：アレクサンドリアの大灯台→紫禁城（あなた2/3、4VP）"
    s, events = act(s, "ren_honor", "lighthouse>forbidden_city")
    assert s.seats["you"].wonders == ["forbidden_city"]
    assert s.ren.honor_supply["you"] == 3 and s.ren.honor["panama"] == {"you": 2}
    assert s.ren.honor["lighthouse"] == {}
    assert s.active == "gandhi"
    assert "forbidden_city" not in s.table_wonders


def test_one_placement_per_turn_from_supply_is_mandatory_with_a_choice():
    wonders = ["lighthouse", "hagia_sophia", "forbidden_city"]
    s = ren_position({"you": seat(hand=["writing", "barter", "warrior"]), "gandhi": seat(hand=["writing", "theology"])},
                     wonders=wonders)
    s, _ = act(s, "resource", "writing")                # a horse resource: Hagia Sophia; no purchase: Lighthouse
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "skip")
    if prompt(s).id == "purchase":
        s, _ = act(s, "purchase", "none")
    s, _ = act(s, "take_back")                          # one card left in hand: recollection first
    p = prompt(s)
    assert p.id == "ren_honor" and sorted(keys(p)) == ["hagia_sophia", "lighthouse"]
    assert not any(o.passes for o in p.options)
    s, _ = act(s, "ren_honor", "hagia_sophia")
    assert s.ren.honor["hagia_sophia"] == {"you": 1} and s.ren.honor["lighthouse"] == {}
    assert s.ren.honor_supply["you"] == 4


# ---- ゲームの準備: the setup example -----------------------------------------------------------------------

def test_setup_example_places_sydney_because_film_is_further_left():
    """《映画》のほうが《ステルス爆撃機》より左にあるため… 〈シドニー・オペラハウス〉を配置し、〈サグラダ・ファミリア〉は
    箱の中に戻します; the whole figure places the five wonders it shows (notes LD9)."""
    assert wonders_by_icon(LD9, ("renaissance",), Rng(seed=1)) == LD9_WONDERS
    rows = {**LD9, "space": ["stealth_bomber", "space_race", "film"]}
    assert wonders_by_icon(rows, ("renaissance",), Rng(seed=1))[-1] == "sagrada_familia"
