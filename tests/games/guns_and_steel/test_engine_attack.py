"""Attacks (seed-B 攻撃ルール), Q3 and Q5, and the tactics that bring more units."""
from gs_scenario import act, field_of, hand_of, keys, position, prompt, seat

P = ["you", "left", "right"]


def _attack_with_warrior(left, right, you=None):
    s = position(P, {"you": you or seat(hand=["mining", "warrior", "barter", "agriculture"]), "left": left, "right": right})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, events = act(s, "effect", "use")
    return s, events


def test_q3_only_defenders_may_counter_and_the_attacker_never_suffers():
    s, _ = _attack_with_warrior(seat(hand=["reinforcement"], res=["mining", "barter", "agriculture"]),
                                seat(res=["agriculture"]),
                                you=seat(hand=["mining", "warrior", "barter", "agriculture"], res=["reinforcement"]))
    p = prompt(s)
    assert p.player == "left" and p.id == "counter"
    s, _ = act(s, "counter", "none")
    # right owns no counter card and no unit/tactic (everyone knows): nobody asks them
    assert (prompt(s).id, prompt(s).player) == ("deplete", "left")
    assert field_of(s, "you")[1] == ["reinforcement", "mining"]       # the attacker's resources are untouched


def test_attack_counts_every_face_up_card_and_a_tie_is_not_a_loss():
    # you: Warrior 1 + Reinforcement 1 (a face-up tactic counts too, notes A2) = 2
    s, _ = _attack_with_warrior(seat(up=["warrior", "reinforcement"], res=["agriculture", "barter"], hand=["knight"]),
                                seat(res=["agriculture", "barter", "mining"]),
                                you=seat(hand=["mining", "warrior", "barter", "agriculture"], up=["reinforcement"]))
    s, events = act(s, "counter", "none")                              # left plays nothing: 2 = 2
    compare = next(e for e in events if e.kind == "compare")
    assert compare.data["result"] == {"left": "tie", "right": "lost"}
    assert (prompt(s).id, prompt(s).player) == ("deplete", "right")    # only the weaker player suffers
    assert field_of(s, "left")[1] == ["agriculture", "barter"]


def test_warrior_losers_choose_two_resources_to_deplete():
    s, _ = _attack_with_warrior(seat(hand=["mining"]), seat(res=["agriculture", "barter", "mining"]))
    p = prompt(s)
    assert (p.id, p.player) == ("deplete", "right")                    # the affected player chooses
    s, _ = act(s, "deplete", "barter")
    s, _ = act(s, "deplete", "mining")
    assert field_of(s, "right") == (["barter", "mining"], ["agriculture"])


def test_a_loser_with_too_few_resources_depletes_all_without_a_question():
    s, events = _attack_with_warrior(seat(res=["agriculture"], hand=["mining", "barter"]), seat(hand=["mining", "barter"]))
    assert field_of(s, "left") == (["agriculture"], [])
    assert (prompt(s).id, prompt(s).player) == ("resource", "left")


def test_counter_cards_from_hand_raise_military_without_their_effect():
    s, _ = _attack_with_warrior(seat(hand=["reinforcement", "mining", "barter", "agriculture"], res=["agriculture"]),
                                seat(hand=["mining"]))
    s, events = act(s, "counter", "reinforcement")
    compare = next(e for e in events if e.kind == "compare")
    assert compare.data["result"]["left"] == "tie"                     # Reinforcement 1 against Warrior 1
    assert "reinforcement" in field_of(s, "left")[0]
    assert not any(e.kind == "effect" and "left" in e.text.en for e in events)


def test_defender_may_deplete_unit_and_tactic_resources_but_not_techs():
    s, _ = _attack_with_warrior(seat(res=["warrior", "reinforcement", "agriculture"], hand=["mining", "barter"]),
                                seat(hand=["mining"]))
    p = prompt(s)
    assert set(keys(p, s)) == {"warrior", "reinforcement", "none", "never"}   # Agriculture's front is a tech
    s, events = act(s, "counter", "warrior")
    s, events = act(s, "counter", "none")                              # "Done countering"
    assert next(e for e in events if e.kind == "compare").data["result"]["left"] == "tie"
    assert field_of(s, "left") == (["warrior"], ["reinforcement", "agriculture"])
    assert s.energy == {}                                             # a defence makes no energy


def test_wonder_theft_takes_the_only_wonder_without_a_question():
    s = position(P, {"you": seat(hand=["mining", "swordsman", "barter", "agriculture"]),
                     "left": seat(wonders=["taj_mahal"]), "right": seat(up=["knight"], wonders=["himeji"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "swordsman")
    s, _ = act(s, "effect", "use")
    assert s.seats["you"].wonders == ["taj_mahal"] and s.seats["right"].wonders == ["himeji"]   # right: 2 vs 2


def test_q5_blitzkrieg_must_play_units_and_apply_one_units_effect():
    s = position(P, {"you": seat(hand=["mining", "blitzkrieg", "warrior", "knight", "agriculture"]),
                     "left": seat(res=["agriculture", "barter"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "blitzkrieg")                            # Q5: no "do not use"
    p = prompt(s)
    assert p.id == "play_more" and set(keys(p)) == {"warrior", "knight"} and not any(o.passes for o in p.options)
    s, _ = act(s, "play_more", "warrior")
    assert keys(prompt(s)) == ["knight"]                               # the one unit left: one click, no "none"
    s, _ = act(s, "play_more", "knight")
    p = prompt(s)
    assert p.id == "pick_unit" and set(keys(p)) == {"warrior", "knight"}
    s, events = act(s, "pick_unit", "knight")
    assert any(e.kind == "attack" and "Knight" in e.text.en for e in events)   # no "skip" was possible
    assert prompt(s).player == "left"


def test_reinforcement_plays_a_unit_without_its_effect():
    s = position(P, {"you": seat(hand=["mining", "reinforcement", "warrior", "agriculture", "barter"]),
                     "left": seat(hand=["mining"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "reinforcement")
    s, _ = act(s, "effect", "use")
    assert keys(prompt(s)) == ["warrior"]                              # asked even for one fitting card
    s, events = act(s, "play_more", "warrior")
    assert not any(e.kind == "attack" for e in events)                 # its effect is not applied: no attack
    assert set(field_of(s, "you")[0]) == {"reinforcement", "warrior"}


def test_ambush_depletes_a_unit_resource_and_applies_its_effect():
    s = position(P, {"you": seat(hand=["mining", "ambush", "agriculture", "barter"], res=["warrior"]),
                     "left": seat(res=["agriculture"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "ambush")
    s, _ = act(s, "effect", "use")
    assert (prompt(s).id, keys(prompt(s))) == ("ambush", ["warrior"])
    s, events = act(s, "ambush", "warrior")
    assert "warrior" in field_of(s, "you")[0]                          # flipped face up (military 1)
    assert any(e.kind == "attack" for e in events)


def test_charge_applies_a_face_up_units_effect_again():
    s = position(P, {"you": seat(hand=["mining", "charge", "agriculture", "barter"], up=["swordsman"]),
                     "left": seat(wonders=["taj_mahal"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "charge")
    s, _ = act(s, "effect", "use")
    assert s.seats["you"].wonders == ["taj_mahal"]                     # Swordsman's theft, military 2 + 1 vs 0


def test_philosophy_applies_a_face_up_tech_but_never_itself():
    s = position(P, {"you": seat(hand=["mining", "philosophy", "agriculture", "barter"], up=["iron_smelting"]),
                     "left": seat(hand=["mining"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "philosophy")
    s, _ = act(s, "effect", "use")
    p = prompt(s)                                                      # Iron Smelting is the only tech: its modes, no skip
    assert p.id == "effect" and keys(p) == ["o0", "o1"] and "Iron Smelting" in p.text.en
    s, events = act(s, "effect", "o1")
    assert any(e.kind == "energy" and "[horse]1" in e.text.en for e in events)


def test_satellite_plays_a_tactic_and_two_units():
    s = position(P, {"you": seat(hand=["mining", "satellite", "warrior", "knight", "ambush", "agriculture", "barter", "mining"]),
                     "left": seat(res=["agriculture"]), "right": seat(hand=["mining"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "satellite")                             # Q5: applied without asking
    assert set(keys(prompt(s))) == {"warrior", "knight", "ambush"}
    s, _ = act(s, "play_more", "ambush")
    assert set(keys(prompt(s))) == {"warrior", "knight"}
    s, _ = act(s, "play_more", "warrior")
    s, _ = act(s, "play_more", "knight")
    s, _ = act(s, "pick_unit", "warrior")
    assert {"satellite", "ambush", "warrior", "knight"} <= set(field_of(s, "you")[0])
    assert sorted(hand_of(s, "you")) == ["agriculture", "barter", "mining"]
