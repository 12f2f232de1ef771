"""The turn's phases (seed-B 手番の流れ) and Q1, Q2, Q4 — one test per rule and edge."""
from gs_scenario import act, field_of, hand_of, keys, position, prompt, seat

from games.guns_and_steel import payment
from games.guns_and_steel.state import Task

P = ["you", "rival", "third"]


def _hold(*cards):
    """Other players keep cards so play stops at their first decision."""
    return seat(hand=list(cards) or ["mining", "barter"])


def test_resource_phase_must_play_a_card():
    s = position(P, {"you": seat(hand=["barter", "mining", "warrior"]), "rival": _hold()})
    p = prompt(s)
    assert p.id == "resource" and p.min == 1 and not any(o.passes for o in p.options)
    s, events = act(s, "resource", "mining")
    assert field_of(s, "you") == ([], ["mining"])
    assert s.record.resources_played == ["iron"]
    assert [e.data for e in events if e.kind == "resource"] == [{"player": "you", "resource": "iron"}]


def test_progress_phase_must_play_a_card_and_its_effect_is_optional():
    s = position(P, {"you": seat(hand=["barter", "mining", "agriculture", "warrior"]), "rival": _hold()})
    s, _ = act(s, "resource", "barter")
    p = prompt(s)
    assert p.id == "progress" and not any(o.passes for o in p.options)
    s, _ = act(s, "progress", "agriculture")
    p = prompt(s)
    assert p.id == "effect" and keys(p) == ["use", "skip"] and p.option("skip").passes
    s, events = act(s, "effect", "skip")
    assert field_of(s, "you") == (["agriculture"], ["barter"])           # played face up, nothing replenished
    assert any(e.kind == "skip_effect" for e in events)


def test_q1_agriculture_mining_and_currency_replenish_themselves():
    for card, res in (("agriculture", "food"), ("mining", "iron"), ("currency", "horse")):
        s = position(P, {"you": seat(hand=["warrior", card, "reinforcement"]), "rival": _hold()})
        s, _ = act(s, "resource", "warrior")
        s, _ = act(s, "progress", card)
        s, _ = act(s, "effect", "use")
        up, resources = field_of(s, "you")
        assert card in resources, (card, res)                          # flipped to its own resource side


def test_replenish_asks_which_card_when_several_fit():
    s = position(P, {"you": seat(hand=["warrior", "agriculture", "mining", "mining"], up=["reinforcement", "barter"]),
                     "rival": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "agriculture")
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert p.id == "replenish" and set(keys(p)) == {"agriculture", "reinforcement", "barter"}   # every face-up food card
    s, _ = act(s, "replenish", "reinforcement")
    assert "reinforcement" in field_of(s, "you")[1] and "agriculture" in field_of(s, "you")[0]


def test_replenish_choices_and_questions_read_as_the_card_says():
    # Electricity (reconstructed): [oil]2, or replenish 2 resources of any type
    s = position(P, {"you": seat(hand=["warrior", "electricity", "mining", "barter"], up=["agriculture", "reinforcement"]),
                     "rival": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "electricity")
    labels = [(o.label.en, o.label.ja) for o in prompt(s).options]
    assert labels[:2] == [("Generate [oil]2", "［石油］2発生"), ("Replenish 2 resources of any type", "好きな資源2枚を回復")]
    s, _ = act(s, "effect", "o1")
    p = prompt(s)
    assert p.id == "replenish" and "still to replenish: 2 resources of any type" in p.text.en and "残り：好きな資源2枚" in p.text.ja
    s, _ = act(s, "replenish", "agriculture")
    assert "still to replenish: 1 resource of any type" in prompt(s).text.en


def test_replenish_as_many_as_possible():
    # Irrigation: 食料３枚、馬１枚回復 with only one face-up food card: that one, nothing else, no question
    s = position(P, {"you": seat(hand=["warrior", "irrigation", "mining", "mining"], up=["barter"]), "rival": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "irrigation")
    s, _ = act(s, "effect", "use")
    assert field_of(s, "you") == (["irrigation"], ["barter", "warrior"])
    assert prompt(s).id != "replenish"


def test_q2_one_card_in_hand_is_played_as_a_resource_and_progress_is_skipped():
    s = position(P, {"you": seat(hand=["barter"], res=["mining"]), "rival": _hold()},
                 pyramid={"horse": ["currency"]})
    assert field_of(s, "you") == ([], ["mining", "barter"])          # played as a resource without a question
    assert prompt(s).id == "purchase"                                # buying is still allowed


def test_q2_no_card_in_hand_skips_resource_and_progress():
    s = position(P, {"you": seat(res=["mining", "agriculture"]), "rival": _hold()}, pyramid={"horse": ["currency"]})
    p = prompt(s)
    assert p.id == "purchase" and "currency" in keys(p)              # [食料]1 + [鉄]1 from two resources
    s, _ = act(s, "purchase", "currency")
    # hand 0: every face-up card (the bought one and the two depleted to pay) returns to hand
    assert sorted(hand_of(s, "you")) == ["agriculture", "currency", "mining"]


def test_energy_from_effects_pays_and_lapses_at_the_end_of_the_turn():
    s = position(P, {"you": seat(hand=["warrior", "iron_smelting", "mining", "barter"]), "rival": _hold()},
                 pyramid={"horse": ["swordsman", "knight"]})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "iron_smelting")
    s, _ = act(s, "effect", "o0")                                    # [iron]2
    assert s.energy == {"iron": 2}
    assert keys(prompt(s)) == ["knight", "none"]                      # [鉄]2 buys Knight; Swordsman needs [食料], iron never becomes food
    s, _ = act(s, "purchase", "none")
    assert s.energy == {} and s.active == "rival"                     # unspent energy lapses


def test_end_phase_with_two_or_more_cards_recollects_nothing():
    s = position(P, {"you": seat(hand=["warrior", "agriculture", "mining", "barter"]), "rival": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "agriculture")
    s, _ = act(s, "effect", "skip")
    assert s.active == "rival" and field_of(s, "you") == (["agriculture"], ["warrior"])
    assert sorted(hand_of(s, "you")) == ["barter", "mining"]


def test_end_phase_with_one_card_recollects_face_up_cards_and_chosen_resources():
    s = position(P, {"you": seat(hand=["warrior", "agriculture", "mining"], res=["barter"]), "rival": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "agriculture")
    s, _ = act(s, "effect", "skip")
    p = prompt(s)
    assert p.id == "take_back" and (p.min, p.max) == (0, 2) and set(keys(p)) == {"barter", "warrior"}
    s, _ = act(s, "take_back", "warrior")
    assert sorted(hand_of(s, "you")) == ["agriculture", "mining", "warrior"]
    assert field_of(s, "you") == ([], ["barter"])


def test_q4_conversion_only_from_left_to_right():
    assert not payment.can_pay({"gunpowder": 1}, {"horse": 2})       # ［火薬］1 → ［馬］2 is not allowed
    assert payment.can_pay({"horse": 2}, {"gunpowder": 1})           # ［馬］2 → ［火薬］1
    assert payment.can_pay({"food": 8}, {"gunpowder": 1})            # 2→1 three times
    assert payment.can_pay({"food": 3}, {"oil": 1})                  # any 3 → ［地球］1 used as ［石油］
    assert not payment.can_pay({"earth": 1}, {"space": 1})           # nothing converts into ［宇宙］


def test_earth_is_any_one_and_space_is_two_earth():
    assert payment.can_pay({"earth": 1}, {"food": 1}) and payment.can_pay({"earth": 1}, {"oil": 1})
    assert payment.can_pay({"space": 1}, {"horse": 1, "gunpowder": 1})          # the Film example
    assert payment.can_pay({"space": 1}, {"earth": 2}) and not payment.can_pay({"space": 1}, {"earth": 3})
    assert payment.can_pay({"space": 1}, {}, 2) and not payment.can_pay({"space": 1}, {}, 3)
    assert payment.can_pay({"iron": 1, "food": 2}, {"earth": 1})                  # any 3 → ［地球］1


def test_the_auto_payment_depletes_few_and_cheap_resources():
    plan = payment.auto_plan({}, {"food": 4, "gunpowder": 2}, {"gunpowder": 2}, 0)
    assert plan.deplete == {"gunpowder": 2}
    plan = payment.auto_plan({}, {"food": 2, "iron": 2, "horse": 1}, {}, 2)
    assert plan.deplete == {"food": 2}
    assert payment.auto_plan({}, {"food": 1}, {"iron": 1}, 0) is None


def test_turn_order_is_clockwise():
    s = position(P, {"you": seat(hand=["warrior", "mining", "barter", "agriculture"]), "rival": seat(hand=["warrior", "mining", "barter"]),
                     "third": _hold()})
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "mining")
    s, _ = act(s, "effect", "skip")
    assert prompt(s).player == "rival"
    assert isinstance(s.tasks[-1], Task)
