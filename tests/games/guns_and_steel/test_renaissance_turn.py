"""The Renaissance turn end: each wonder's placement condition through real turns, honor
moves, the three end conditions at the end of the turn, and scoring with VP tokens."""
from gs_scenario import act, field_of, keys, prompt, seat
from ren_scenario import ren_position, tokens

from games.guns_and_steel import GAME

WAIT = ["writing", "theology"]


def _to_honor(s):
    """Answer everything up to the honor question the simplest way (buy nothing, keep resources)."""
    while not s.finished:
        p = prompt(s)
        if p.id == "ren_honor" or p.player != "you":
            return s
        if p.id == "effect":
            s, _ = act(s, "effect", "skip")
        elif p.id == "purchase":
            s, _ = act(s, "purchase", "none")
        elif p.min == 0:
            s, _ = act(s, p.id)
        else:
            s, _ = act(s, p.id, keys(p)[0])
    return s


def _turn(hand, wonders, res=(), up=(), pyramid=None, **kw):
    s = ren_position({"you": seat(hand=hand, res=list(res), up=list(up)), "gandhi": seat(hand=WAIT)}, pyramid,
                     wonders=wonders, **kw)
    return s


def _buy_chariot(s, resource="mining", progress="barter"):
    """Play a resource, play a card without its effect, then choose Chariot ([food]1 [iron]1)."""
    s, _ = act(s, "resource", resource)
    s, _ = act(s, "progress", progress)
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "chariot")
    return s


def _placed(s, w):
    return s.ren.honor.get(w, {}).get("you", 0) if w in s.ren.honor else None


def test_sagrada_familia_needs_an_oil_earth_or_space_resource_played():
    s = _turn(["ceasefire", "barter", "mining", "coup"], ["sagrada_familia", "hagia_sophia"])
    s, _ = act(s, "resource", "ceasefire")              # an oil resource
    s = _to_honor(s)
    assert _placed(s, "sagrada_familia") == 1 and _placed(s, "hagia_sophia") == 0


def test_colossus_counts_a_unit_effect_but_not_a_unit_played_by_reinforcement():
    s = _turn(["mining", "chariot", "coup", "writing"], ["colossus"])
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "chariot")
    s, _ = act(s, "effect", "use")
    s = _to_honor(s)
    assert _placed(s, "colossus") == 1
    s = _turn(["mining", "reinforcement", "chariot", "writing", "sailing"], ["colossus"])
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "reinforcement")
    s, _ = act(s, "effect", "use")                      # plays Chariot without its effect
    s = _to_honor(s)
    assert "chariot" in field_of(s, "you")[0] and _placed(s, "colossus") == 0


def test_lighthouse_needs_no_purchase():
    s = _turn(["mining", "barter", "coup", "writing"], ["lighthouse"], res=["agriculture"], pyramid={"horse": ["chariot"]})
    s = _buy_chariot(s)
    s = _to_honor(s)
    assert _placed(s, "lighthouse") == 0
    s = _turn(["mining", "barter", "coup", "writing"], ["lighthouse"], res=["agriculture"], pyramid={"horse": ["chariot"]})
    s = _to_honor(s)
    assert _placed(s, "lighthouse") == 1


def test_pisa_needs_a_card_older_than_the_newest_era_anyone_bought():
    def turn(newest):
        s = _turn(["mining", "barter", "coup", "writing"], ["pisa"], res=["agriculture"], pyramid={"horse": ["chariot"]})
        s.newest_bought_era = newest
        s = _buy_chariot(s)
        return _to_honor(s)
    assert _placed(turn("gunpowder"), "pisa") == 1
    assert _placed(turn("horse"), "pisa") == 0          # the same era is not older
    assert _placed(turn(None), "pisa") == 0             # nothing bought before


def test_panama_needs_a_conversion_in_the_payment():
    s = _turn(["mining", "barter", "coup", "writing"], ["panama"], res=["agriculture"], pyramid={"horse": ["chariot"]})
    s = _buy_chariot(s)                                 # [food]1 [iron]1 paid as printed
    s = _to_honor(s)
    assert _placed(s, "panama") == 0


def _pay_chariot_with_a_conversion(s):
    """Pay by hand: deplete every face-down resource, then take the offered conversion."""
    s, _ = act(s, "pay", "manual")
    for cid in [c.id for c in s.seats["you"].field if not c.up]:
        s, _ = act(s, "pay_pick", cid)
    assert {"pay", "pay_conv"} <= set(keys(prompt(s)))
    s, _ = act(s, "pay_pick", "pay_conv")
    return s


def test_panama_when_the_player_chooses_to_convert():
    # [food]1 [iron]1 with food 4 + iron 1: paying may turn any 3 into [earth] (the player's call)
    s = _turn(["mining", "barter", "coup", "writing"], ["panama"],
              res=["agriculture", "reinforcement", "agriculture", "barter"], pyramid={"horse": ["chariot"]})
    s = _to_honor(_pay_chariot_with_a_conversion(_buy_chariot(s)))
    assert _placed(s, "panama") == 1


def test_panama_with_a_surplus_food_to_iron_conversion():
    # food 3 + iron 1 for [food]1 [iron]1: the iron may be paid with [food]2 → [iron]1 instead
    s = _turn(["mining", "barter", "coup", "writing"], ["panama"], res=["agriculture", "reinforcement", "agriculture"],
              pyramid={"horse": ["chariot"]})
    s = _to_honor(_pay_chariot_with_a_conversion(_buy_chariot(s)))
    assert _placed(s, "panama") == 1


def test_panama_when_only_a_conversion_pays():
    s = _turn(["barter", "coup", "writing", "sailing"], ["panama"], res=["agriculture", "reinforcement", "agriculture"],
              pyramid={"horse": ["chariot"]})
    s = _buy_chariot(s, "barter", "coup")               # food 4, no iron: [food]2 → [iron]1 is needed
    s, _ = act(s, "pay", "auto")
    s = _to_honor(s)
    assert _placed(s, "panama") == 1


def test_moving_a_token_is_optional_when_all_five_are_out():
    s = _turn(["writing", "barter", "coup", "mining"], ["hagia_sophia", "lighthouse", "sydney"],
              honor={"lighthouse": {"you": 3 - 1}, "sydney": {"you": 2}, "hagia_sophia": {"you": 1}})
    assert s.ren.honor_supply["you"] == 0
    s, _ = act(s, "resource", "writing")                # horse: Hagia; nothing bought: Lighthouse
    s = _to_honor(s)
    p = prompt(s)
    assert p.id == "ren_honor" and "keep" in keys(p)
    assert set(keys(p)) == {"keep", "sydney>hagia_sophia", "sydney>lighthouse", "lighthouse>hagia_sophia",
                            "hagia_sophia>lighthouse"}
    s, _ = act(s, "ren_honor", "keep")
    assert s.ren.honor["lighthouse"] == {"you": 2} and s.active == "gandhi"


def test_fifteen_tokens_end_the_game_at_the_end_of_that_turn_and_count_as_vp():
    s = _turn(["mining", "chariot", "coup", "writing"], ["colossus", "lighthouse"], tokens={"you": 13, "gandhi": 2})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "chariot")
    s, events = act(s, "effect", "use")                 # +2 → 15
    assert not s.finished and s.end_pending == "tokens"
    s = _to_honor(s)
    s, _ = act(s, "ren_honor", "colossus")              # the turn's honor check still happens
    assert s.finished and s.end_reason == "tokens"
    assert _placed(s, "colossus") == 1
    out = GAME.outcome(s)
    assert out.scores["you"] >= 15 and out.winners == ["you"]
    assert tokens(s)["you"] == 15


def test_renaissance_last_space_card_ends_at_the_end_of_the_turn_not_at_once():
    pyramid = {"horse": [], "gunpowder": [], "oil": [], "earth": [None, None, None, None], "space": [None, None, "film"]}
    s = _turn(["education", "barter", "mining"], ["sydney"], res=["ceasefire"], pyramid=pyramid, energy={"space": 1})
    s, _ = act(s, "resource", "education")
    s, _ = act(s, "progress", "barter")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "film")
    s, _ = act(s, "pay", "auto")
    assert not s.finished and s.end_pending == "space"
    s = _to_honor(s)                                    # one card in hand: recollection still happens
    assert s.finished and s.end_reason == "space"
    assert "film" in [s.cards[c] for c in s.seats["you"].hand]


def test_scoring_adds_tokens_and_ties_go_to_the_most_cards():
    s = _turn(["mining", "coup"], ["colossus"], tokens={"you": 3, "gandhi": 2})
    s.finished, s.end_reason, s.tasks = True, "tokens", []
    out = GAME.outcome(s)
    # you: 2 cards (0 VP) + 3 tokens; Gandhi: Writing (0) + Theology (1) + 2 tokens; a tie on VP and cards
    assert out.scores["you"] == out.scores["gandhi"] == 3.0
    assert out.ranking[0] == ["you", "gandhi"]
    s.seats["gandhi"].hand.append("extra")
    s.cards["extra"] = "agriculture"
    assert GAME.outcome(s).ranking[0] == ["gandhi"]


def test_another_player_reaching_fifteen_tokens_ends_the_game_at_the_end_of_this_turn():
    # 誰かが 15 価値以上の勝利点トークンを保有することになったら: Gandhi, at least as strong, gains 3 from your Frigate
    s = ren_position({"you": seat(hand=["mining", "frigate", "coup", "writing"]),
                      "gandhi": seat(hand=WAIT, up=["horse_archer"])},
                     players=["you", "gandhi"], wonders=["colossus", "lighthouse"], tokens={"gandhi": 12})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "frigate")
    s, _ = act(s, "effect", "use")
    assert tokens(s) == {"you": 4, "gandhi": 15} and s.end_pending == "tokens" and not s.finished
    s = _to_honor(s)
    s, _ = act(s, "ren_honor", "colossus")              # your turn still ends normally
    assert s.finished and s.end_reason == "tokens" and s.active == "you"
    out = GAME.outcome(s)
    assert out.winners == ["gandhi"] and out.scores["gandhi"] == 15 + 1 + 1   # tokens + Horse Archer + Theology


def test_taking_the_last_wonder_by_honor_ends_the_game_and_scores_it():
    s = _turn(["mining", "barter", "coup", "writing"], ["lighthouse"], honor={"lighthouse": {"you": 2, "gandhi": 1}})
    s = _to_honor(s)                                    # nothing bought: the Lighthouse's third token, no question
    assert s.finished and s.end_reason == "wonders"
    assert s.seats["you"].wonders == ["lighthouse"] and s.table_wonders == []
    assert s.ren.honor_supply["you"] == 5 and s.ren.honor_supply["gandhi"] == 5   # every token on it went back
    out = GAME.outcome(s)
    assert out.scores["you"] == 2 and out.scores["gandhi"] == 1 and out.winners == ["you"]   # Lighthouse 2; Theology 1


def test_one_card_in_hand_is_the_resource_then_purchase_recollection_and_honor():
    # Q2: 手札の 1 枚は必ず資源… 望むなら、続く購入フェイズでカードを購入することはでき、そのあとで手番終了フェイズ
    s = _turn(["writing"], ["hagia_sophia", "lighthouse"], res=["agriculture"], up=["barter"])
    p = prompt(s)
    assert p.id == "take_back"                          # no progress card, nothing affordable; hand 0: recollection
    s, _ = act(s, "take_back")
    p = prompt(s)
    assert p.id == "ren_honor" and sorted(keys(p)) == ["hagia_sophia", "lighthouse"]   # no progress, nothing to buy
    up, res = field_of(s, "you")
    assert up == [] and "writing" in res                # the horse resource was played; Barter went back to hand
    assert [s.cards[c] for c in s.seats["you"].hand] == ["barter"]


def test_no_card_in_hand_skips_the_first_two_phases():
    s = _turn([], ["lighthouse"], res=["agriculture", "mining"], pyramid={"horse": ["chariot"]})
    p = prompt(s)
    assert p.id == "purchase" and "chariot" in keys(p, s)
    s, _ = act(s, "purchase", "chariot")
    s = _to_honor(s)
    assert "chariot" in [s.cards[c] for c in s.seats["you"].hand]     # bought, then recollected (hand 0)
    assert s.ren.honor["lighthouse"] == {} and s.active == "gandhi"  # bought a card: no Lighthouse token


RESOURCE_OF = {"horse": "writing", "gunpowder": "education", "oil": "ceasefire", "earth": "newspaper", "space": "film"}
PLAYED = {"hagia_sophia": {"horse"}, "forbidden_city": {"gunpowder"}, "statue_of_liberty": {"oil"},
          "sagrada_familia": {"oil", "earth", "space"}}


def test_each_play_a_resource_wonder_needs_its_eras_resource_played_this_turn():
    # Hagia Sophia 馬の資源をプレイ, Forbidden City 火薬, Sagrada Família 石油か地球か宇宙 (Statue of Liberty: ours, oil)
    for w, eras in PLAYED.items():
        for era, key in RESOURCE_OF.items():
            s = _turn([key, "barter", "coup", "mining"], [w])
            s, _ = act(s, "resource", key)
            s = _to_honor(s)
            assert _placed(s, w) == (1 if era in eras else 0), (w, era)


def test_a_resource_in_the_field_from_an_earlier_turn_does_not_count():
    s = _turn(["mining", "barter", "coup", "writing"], ["hagia_sophia"], res=["writing"])
    s, _ = act(s, "resource", "mining")
    s = _to_honor(s)
    assert _placed(s, "hagia_sophia") == 0


def test_versailles_counts_a_tactic_effect_even_reinforcements():
    # Palace of Versailles (ours, notes §4.2): "you used a tactic's effect (even through another card)"
    s = _turn(["mining", "reinforcement", "chariot", "writing", "sailing"], ["versailles", "colossus"])
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "reinforcement")
    s, _ = act(s, "effect", "use")
    s = _to_honor(s)
    assert _placed(s, "versailles") == 1 and _placed(s, "colossus") == 0
    s = _turn(["mining", "reinforcement", "chariot", "writing", "sailing"], ["versailles"])
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "reinforcement")
    s, _ = act(s, "effect", "skip")                     # played, effect not used
    s = _to_honor(s)
    assert _placed(s, "versailles") == 0


def test_colossus_counts_a_unit_effect_used_through_ambush_in_a_mixed_game():
    # （他のカードによって使用された場合でも）: base Ambush depletes a unit resource and applies its effect
    s = ren_position({"you": seat(hand=["mining", "ambush", "coup", "writing"], res=["chariot"]), "gandhi": seat(hand=WAIT)},
                     wonders=["colossus"], set_="mixed")
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "ambush")
    s, _ = act(s, "effect", "use")
    s, _ = act(s, "ambush", "chariot")                  # the only unit resource: Chariot, applied
    assert tokens(s)["you"] == 2
    s = _to_honor(s)
    assert _placed(s, "colossus") == 1
