"""Renaissance effects that act on or for other players (seed-R 相互効果), one rule per test."""
from gs_scenario import act, field_of, hand_of, keys, prompt, seat
from ren_scenario import inst, ren_position, tokens

# Every test: "you" play a resource, then the card under test face up; the others wait with two cards.
# With `buyable`, you hold a food resource and Chariot ([food]1 [iron]1) is for sale, so the turn
# stops at the purchase prompt with this turn's energy still there.
WAIT = ["writing", "theology"]


def _play(card, you=None, buyable=False, **others):
    mine = you or {}
    res = [*mine.get("res", []), *(["reinforcement"] if buyable else [])]
    seats = {"you": seat(hand=["mining", card, "sailing", "writing"], res=res, up=mine.get("up", []))}
    for p in ("gandhi", "napoleon", "elizabeth"):
        o = others.get(p, {})
        seats[p] = seat(hand=o.get("hand", WAIT), res=o.get("res", []), up=o.get("up", []))
    s = ren_position(seats, {"horse": ["chariot"]} if buyable else None, tokens=mine.get("tokens"))
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", card)
    return s


def test_tribute_you_pick_another_players_resource_they_gain_a_token_you_its_energy():
    s = _play("tribute", buyable=True, gandhi={"res": ["agriculture", "mining"]}, elizabeth={"res": ["compass"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, p.player) == ("ren_tribute", "you")
    assert keys(p) == ["1:food", "1:iron", "3:gunpowder"]       # seat index: resource kind (fronts are hidden)
    assert [o.label.en for o in p.options] == ["gandhi: a food resource", "gandhi: an iron resource",
                                               "elizabeth: a gunpowder resource"]
    assert p.option("1:iron").label.ja == "gandhi：鉄の資源"
    s, events = act(s, "ren_tribute", "3:gunpowder")
    assert field_of(s, "elizabeth") == (["compass"], [])
    assert tokens(s)["elizabeth"] == 1 and s.energy == {"gunpowder": 1}
    assert field_of(s, "gandhi")[1] == ["agriculture", "mining"]


def test_tribute_without_a_choice_needs_no_question_and_cannot_target_an_empty_field():
    s = _play("tribute", buyable=True, gandhi={"res": ["mining"]})
    s, events = act(s, "effect", "use")
    assert field_of(s, "gandhi") == (["mining"], []) and s.energy == {"iron": 1} and tokens(s)["gandhi"] == 1
    said = next(e for e in events if e.kind == "tribute").text
    assert said.en.startswith("you makes gandhi deplete an iron resource (Mining)")
    assert "gandhiの鉄の資源《採掘》を消費させ" in said.ja
    s = _play("tribute")
    assert prompt(s).id != "effect"                             # nobody has a resource: the effect cannot be used


def test_espionage_uses_a_revealed_tech_and_gives_it_back():
    s = _play("espionage", you={"up": ["barter"]}, buyable=True, gandhi={"hand": ["agriculture"]}, napoleon={"hand": []},
              elizabeth={"hand": []})
    s, events = act(s, "effect", "use")                         # one target, one card: no question
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal.data["card"] == "agriculture" and reveal.to is None
    assert hand_of(s, "gandhi") == ["agriculture"]              # その後、そのカードを相手に返す
    assert "barter" in field_of(s, "you")[1]                    # Agriculture: you replenish 1 food


def test_espionage_on_a_non_tech_does_nothing():
    s = _play("espionage", you={"up": ["barter"]}, buyable=True, gandhi={"hand": ["warrior"]}, napoleon={"hand": []},
              elizabeth={"hand": []})
    s, events = act(s, "effect", "use")
    assert any(e.kind == "no_effect" for e in events) and hand_of(s, "gandhi") == ["warrior"]
    assert "barter" in field_of(s, "you")[0]


def test_espionage_chooses_the_player_and_the_card_is_a_blind_pick():
    s = _play("espionage", napoleon={"hand": ["warrior", "coup"]}, elizabeth={"hand": []}, gandhi={"hand": ["chariot"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, keys(p)) == ("ren_spy", ["1:hand", "2:hand"])
    s, events = act(s, "ren_spy", "2:hand")
    assert next(e for e in events if e.kind == "reveal").data["card"] in ("warrior", "coup")


def test_printing_press_uses_a_face_up_tech_of_another_player():
    s = _play("printing_press", gandhi={"up": ["writing", "printing_press"]}, napoleon={"up": ["warrior"]})
    s, _ = act(s, "effect", "use")                              # Writing is the only borrowable tech: no question
    assert tokens(s)["you"] == 1                                # Writing: gain 1 VP (the pay option needs a token)


def test_printing_press_offers_each_tech_once_and_never_another_copier():
    s = _play("printing_press", gandhi={"up": ["agriculture", "espionage"]}, napoleon={"up": ["agriculture", "newspaper"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, keys(p)) == ("ren_press", ["agriculture", "newspaper"])
    s, _ = act(s, "ren_press", "newspaper")                   # its pay option needs a token: +2 VP at once
    assert tokens(s)["you"] == 2


def test_calendar_others_replenish_food_or_iron_in_turn_order_then_you():
    s = _play("calendar", you={"up": ["agriculture", "reinforcement", "barter"]},
              gandhi={"up": ["barter", "mining"]}, napoleon={"up": ["warrior"]}, elizabeth={"up": ["tribute"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, p.player) == ("ren_replenish1", "gandhi") and sorted(keys(p)) == [inst(s, "gandhi", "barter"),
                                                                                      inst(s, "gandhi", "mining")]
    s, _ = act(s, "ren_replenish1", inst(s, "gandhi", "mining"))
    assert field_of(s, "napoleon") == ([], ["warrior"])          # his only food/iron card, without a question
    assert field_of(s, "elizabeth") == (["tribute"], [])          # a horse card: nothing to replenish
    # you: 2 food (of 3 face-up food cards) and 1 iron (the Mining played this turn)
    while prompt(s).id == "replenish":
        s, _ = act(s, "replenish", keys(prompt(s))[0])
    up, res = field_of(s, "you")
    assert sorted(res) == ["agriculture", "mining", "reinforcement"] and sorted(up) == ["barter", "calendar"]


def test_theology_others_replenish_any_one_you_gain_two_tokens():
    s = _play("theology", gandhi={"up": ["chariot"]}, napoleon={"up": []})
    s, _ = act(s, "effect", "use")
    assert field_of(s, "gandhi") == ([], ["chariot"]) and tokens(s)["you"] == 2


def test_sailing_gives_you_earth():
    s = _play("sailing", buyable=True, elizabeth={"up": ["warrior"]})
    s, _ = act(s, "effect", "use")
    assert s.energy == {"earth": 1} and field_of(s, "elizabeth") == ([], ["warrior"])


def test_compass_others_replenish_two_food_you_choose_earth_or_a_replenish():
    s = _play("compass", you={"up": ["warrior"]}, gandhi={"up": ["agriculture", "barter", "reinforcement"]})
    p = prompt(s)
    assert keys(p) == ["o0", "o1", "skip"]
    assert (p.option("o0").label.en, p.option("o1").label.en) == ("generate [earth]1", "replenish 1 resource of any type")
    assert (p.option("o0").label.ja, p.option("o1").label.ja) == ("［地球］1を発生", "好きな資源1枚を回復")
    s, _ = act(s, "effect", "o1")
    while prompt(s).player == "gandhi":
        s, _ = act(s, prompt(s).id, keys(prompt(s))[0])
    assert len(field_of(s, "gandhi")[1]) == 2                   # two of his three food cards
    while prompt(s).id == "replenish":
        s, _ = act(s, "replenish", inst(s, "you", "warrior"))
    assert "warrior" in field_of(s, "you")[1] and s.energy == {}


def test_coup_each_other_player_returns_one_unit_and_one_tactic_of_their_choice():
    s = _play("coup", gandhi={"up": ["warrior", "chariot", "reinforcement", "writing"]}, napoleon={"up": ["warrior"]},
              elizabeth={"up": ["agriculture"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, p.player, sorted(keys(p))) == ("ren_coup", "gandhi", [inst(s, "gandhi", "chariot"), inst(s, "gandhi", "warrior")])
    s, _ = act(s, "ren_coup", inst(s, "gandhi", "chariot"))
    assert field_of(s, "gandhi")[0] == ["warrior", "writing"]   # his only tactic went back without a question
    assert sorted(hand_of(s, "gandhi")) == sorted([*WAIT, "chariot", "reinforcement"])
    assert field_of(s, "napoleon")[0] == [] and field_of(s, "elizabeth")[0] == ["agriculture"]


def test_exile_takes_a_face_up_unit_and_leaves_exile_in_its_owners_field():
    s = _play("exile", gandhi={"up": ["chariot"]}, napoleon={"up": ["warrior", "horse_archer"]})
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, p.player) == ("ren_exile", "you") and len(keys(p)) == 3
    s, events = act(s, "ren_exile", inst(s, "napoleon", "horse_archer"))
    assert "horse_archer" in field_of(s, "you")[0] and "exile" not in field_of(s, "you")[0]
    assert field_of(s, "napoleon")[0] == ["warrior", "exile"]
    assert s.seats["you"].field[-1].id == inst(s, "you", "horse_archer")


def test_exile_without_a_unit_on_the_table_cannot_be_used():
    s = _play("exile", gandhi={"up": ["agriculture"]})
    assert prompt(s).id != "effect" and "exile" in field_of(s, "you")[0]


def test_ceasefire_returns_every_players_units_and_tactics_but_itself():
    s = _play("ceasefire", you={"up": ["warrior", "agriculture"]}, gandhi={"up": ["chariot", "coup", "writing"]})
    s, events = act(s, "effect", "use")
    assert field_of(s, "you")[0] == ["agriculture", "ceasefire"]
    assert field_of(s, "gandhi")[0] == ["writing"] and {"chariot", "coup"} <= set(hand_of(s, "gandhi"))
    assert "warrior" in hand_of(s, "you")


def test_space_race_flips_the_others_units_and_tactics_and_pays_a_token_each():
    s = _play("space_race", gandhi={"up": ["chariot", "coup", "writing"]}, elizabeth={"up": ["warrior"]})
    s, _ = act(s, "effect", "use")
    assert field_of(s, "gandhi") == (["writing"], ["chariot", "coup"]) and field_of(s, "elizabeth") == ([], ["warrior"])
    assert tokens(s)["you"] == 3


def test_nationalism_counts_the_other_players_face_up_units():
    three = _play("nationalism", buyable=True, gandhi={"up": ["chariot", "warrior"]}, elizabeth={"up": ["warrior", "coup"]})
    three, _ = act(three, "effect", "use")
    assert three.energy == {"earth": 1}
    four = _play("nationalism", buyable=True, gandhi={"up": ["chariot", "warrior"]},
                 elizabeth={"up": ["warrior", "horse_archer"]})
    four, _ = act(four, "effect", "use")
    assert four.energy == {"space": 1}
    two = _play("nationalism", buyable=True, you={"up": ["warrior", "chariot"]}, gandhi={"up": ["chariot", "warrior"]})
    assert prompt(two).id != "effect" and two.energy == {}       # your own units do not count


def test_espionage_on_calendar_the_owner_is_one_of_your_other_players():
    # あなたがその効果を使用: "each other player" is read from the spy's seat, so the card's owner replenishes too
    s = _play("espionage", you={"up": ["agriculture", "mining"]}, gandhi={"hand": ["calendar"], "up": ["barter"]},
              napoleon={"hand": []}, elizabeth={"hand": []})
    s, events = act(s, "effect", "use")
    assert next(e for e in events if e.kind == "reveal").data["card"] == "calendar"
    assert field_of(s, "gandhi") == ([], ["barter"]) and hand_of(s, "gandhi") == ["calendar"]
    while prompt(s).id == "replenish":                          # then you: 2 food (only Agriculture is up) + 1 iron
        s, _ = act(s, "replenish", keys(prompt(s))[0])
    up, res = field_of(s, "you")
    assert sorted(res) == ["agriculture", "mining", "mining"] and up == ["espionage"]
