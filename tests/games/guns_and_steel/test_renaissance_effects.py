"""Renaissance effects of the active player alone: VP-token alternatives, Film, the VP and
depletion units. One rule per test."""
from gs_scenario import act, field_of, keys, prompt, seat
from ren_scenario import inst, ren_position, tokens

WAIT = ["writing", "theology"]


def _play(card, res=(), up=(), tok=0, buyable=True, wonders=None, honor=None, **others):
    """You play Mining as a resource, then `card`; with `buyable`, Chariot is for sale and you
    hold a food resource so the turn waits at the purchase with its energy."""
    seats = {"you": seat(hand=["mining", card, "sailing", "writing"], res=[*res, *(["reinforcement"] if buyable else [])],
                         up=list(up))}
    for p in ("gandhi", "napoleon", "elizabeth"):
        o = others.get(p, {})
        seats[p] = seat(hand=o.get("hand", WAIT), res=o.get("res", []), up=o.get("up", []))
    s = ren_position(seats, {"horse": ["chariot"]} if buyable else None, wonders=wonders, tokens={"you": tok}, honor=honor)
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", card)
    return s


def test_writing_gain_one_or_pay_one_for_earth():
    s = _play("writing")
    assert keys(prompt(s)) == ["o0", "skip"]
    s, _ = act(s, "effect", "o0")
    assert tokens(s)["you"] == 1
    s = _play("writing", tok=1)
    assert keys(prompt(s)) == ["o0", "o1", "skip"]
    s, _ = act(s, "effect", "o1")
    assert tokens(s)["you"] == 0 and s.energy == {"earth": 1}


def test_code_of_laws_food_iron_horse_or_only_gunpowder():
    s = _play("code_of_laws", up=["agriculture", "tribute", "theology"], buyable=False)
    assert keys(prompt(s)) == ["o0", "o1", "skip"]
    s, _ = act(s, "effect", "o1")                       # only a gunpowder card: Theology or Code of Laws itself (Q1)
    assert sorted(keys(prompt(s))) == sorted([inst(s, "you", "theology"), inst(s, "you", "code_of_laws")])
    s, _ = act(s, "replenish", inst(s, "you", "theology"))
    up, res = field_of(s, "you")
    assert "theology" in res and "agriculture" in up and "tribute" in up
    s = _play("code_of_laws", up=["agriculture", "tribute", "theology"], buyable=False)
    s, _ = act(s, "effect", "o0")
    while prompt(s).id == "replenish":
        s, _ = act(s, "replenish", keys(prompt(s))[0])
    up, res = field_of(s, "you")
    assert {"agriculture", "tribute", "mining"} <= set(res) and "theology" in up


def test_education_deplete_two_for_two_tokens_or_pay_two_for_space():
    s = _play("education", res=["agriculture"])        # 3 resources: Agriculture, Mining, Reinforcement
    assert keys(prompt(s)) == ["o0", "skip"]           # no 2 tokens to pay
    s, _ = act(s, "effect", "o0")
    s, _ = act(s, "deplete", inst(s, "you", "agriculture"))
    s, _ = act(s, "deplete", inst(s, "you", "mining"))
    assert tokens(s)["you"] == 2 and field_of(s, "you")[1] == ["reinforcement"] and s.energy == {}
    s = _play("education", tok=2, buyable=True)
    s, _ = act(s, "effect", "o1")
    assert tokens(s)["you"] == 0 and s.energy == {"space": 1}


def test_education_cannot_deplete_two_with_one_resource():
    s = _play("education", buyable=False)                # only the Mining just played
    assert prompt(s).id != "effect"


def test_economics_deplete_one_for_two_tokens():
    s = _play("economics", res=["agriculture"])
    s, _ = act(s, "effect", "o0")
    s, _ = act(s, "deplete", inst(s, "you", "agriculture"))
    assert tokens(s)["you"] == 2 and s.energy == {}    # depleting by an effect gives no energy


def test_newspaper_pay_one_to_replenish_five():
    s = _play("newspaper", up=["agriculture", "barter", "tribute", "warrior", "coup", "theology"], tok=1, buyable=False)
    p = prompt(s)
    assert p.option("o0").label.en == "gain 2 VP tokens"
    assert p.option("o1").label.en == "pay 1 VP token → replenish 5 resources of any type"
    assert p.option("o1").label.ja == "勝利点トークン1個を消費→好きな資源5枚を回復"
    s, _ = act(s, "effect", "o1")
    while prompt(s).id == "replenish":
        s, _ = act(s, "replenish", keys(prompt(s))[0])
    up, res = field_of(s, "you")
    assert tokens(s)["you"] == 0 and len(res) == 1 + 5 and len(up) == 7 - 5


def test_film_depletes_and_takes_the_wonder_of_that_era_returning_its_honor_tokens():
    wonders = ["colossus", "hagia_sophia", "forbidden_city", "panama", "sydney"]
    s = _play("film", res=["agriculture"], wonders=wonders, honor={"forbidden_city": {"gandhi": 2, "you": 1}})
    p = prompt(s)
    assert keys(p) == ["k0", "k1", "k2", "k3", "skip"]  # 3 resources: the space wonder needs 4
    assert "Forbidden City" in p.option("k2").label.en
    s, _ = act(s, "effect", "k2")
    s, _ = act(s, "deplete", inst(s, "you", "agriculture"))
    s, events = act(s, "deplete", inst(s, "you", "reinforcement"))
    assert s.seats["you"].wonders == ["forbidden_city"] and "forbidden_city" not in s.table_wonders
    assert s.ren.honor_supply["gandhi"] == 5 and s.ren.honor_supply["you"] == 5
    assert s.energy == {} and not s.end_pending


def test_film_offers_only_eras_whose_wonder_is_still_on_the_table():
    s = _play("film", wonders=["hagia_sophia", "sydney"])
    assert keys(prompt(s)) == ["k1", "skip"]            # gunpowder (1 resource); horse gone; space needs 4


def test_film_taking_the_last_wonder_ends_the_game_at_the_end_of_the_turn():
    s = _play("film", wonders=["colossus"], buyable=False)
    s, events = act(s, "effect", "k0")
    assert s.finished and s.end_reason == "wonders"
    assert s.seats["you"].wonders == ["colossus"]
    kinds = [e.kind for e in events]
    assert kinds.index("wonder") < kinds.index("game_end")


def test_horse_archer_each_weaker_player_depletes_one_and_you_gain_a_token_per_card():
    s = _play("horse_archer", gandhi={"res": ["agriculture", "mining"]}, napoleon={"res": []},
              elizabeth={"res": ["barter"], "up": ["chariot", "warrior", "reinforcement"]})
    s, _ = act(s, "effect", "use")                      # nobody can counter: no unit/tactic fronts, no icons in hand
    while prompt(s).id == "counter":
        s, _ = act(s, "counter")
    while prompt(s).id == "deplete":
        s, _ = act(s, "deplete", keys(prompt(s))[0])
    # 4 against Gandhi 0 (depletes 1 of 2), Napoleon 0 (nothing to deplete), Elizabeth 2+1+1 = 4 (a tie: unharmed)
    assert len(field_of(s, "gandhi")[1]) == 1 and field_of(s, "elizabeth")[1] == ["barter"]
    assert tokens(s)["you"] == 1


def test_light_cavalry_has_the_horse_archer_effect():
    s = _play("light_cavalry", gandhi={"res": ["agriculture"]}, napoleon={"res": ["mining"]})
    s, _ = act(s, "effect", "use")
    while prompt(s).id == "counter":
        s, _ = act(s, "counter")
    assert tokens(s)["you"] == 2 and field_of(s, "gandhi")[1] == [] and field_of(s, "napoleon")[1] == []


def test_stealth_bomber_and_battleship_reward_players_at_least_as_strong():
    s = _play("stealth_bomber", gandhi={"up": ["horse_archer"]}, napoleon={"up": ["chariot", "warrior"]})
    s, _ = act(s, "effect", "use")                      # 3 against Gandhi 4, Napoleon 3, Elizabeth 0
    assert tokens(s) == {"you": 6, "gandhi": 5, "napoleon": 5, "elizabeth": 0}
    s = _play("battleship", elizabeth={"up": ["horse_archer"]})
    s, _ = act(s, "effect", "use")
    assert tokens(s) == {"you": 5, "gandhi": 0, "napoleon": 0, "elizabeth": 4}


def test_reinforcement_asks_for_a_unit_or_tactic_in_both_languages():
    s = ren_position({"you": seat(hand=["mining", "reinforcement", "chariot", "coup", "writing"]), "gandhi": seat(hand=WAIT)})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "reinforcement")
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert p.id == "play_more" and sorted(keys(p, s)) == ["chariot", "coup"]
    assert p.text.en == "Play more: play a card from your hand (still to play: unit or tactic)"
    assert p.text.ja == "追加プレイ：手札からカードをプレイしてください（残り：ユニットか戦術）"
    s, _ = act(s, "play_more", "chariot")
    assert "chariot" in field_of(s, "you")[0] and tokens(s)["you"] == 0     # played without its effect
