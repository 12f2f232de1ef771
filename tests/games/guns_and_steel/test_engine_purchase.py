"""The purchase phase (seed-B 購入ルール): which cards are offered, what they cost, how paying works."""
from gs_scenario import act, field_of, keys, position, prompt, seat

from games.guns_and_steel.cards import card
from games.guns_and_steel.pyramid import connected_below

P = ["you", "rival"]
HOLD = seat(hand=["mining", "barter"])


def test_connected_cards_are_counted_once_and_a_bought_card_cuts_the_chain():
    full = {"horse": list("abcdefg"), "gunpowder": list("hijklm"), "oil": list("nopqr"), "earth": list("stuv"),
            "space": list("wxy")}
    assert connected_below(full, "space", 0) == 4 + 3 + 2 + 2 + 3   # every remaining card below, shared ones once
    assert connected_below(full, "gunpowder", 2) == 2
    assert connected_below(full, "horse", 0) == 0
    full["gunpowder"][1] = None
    assert connected_below(full, "oil", 1) == 3                   # the Cannon example: Charge + two horse cards
    full["gunpowder"][2] = None
    assert connected_below(full, "oil", 1) == 0                   # nothing directly below: printed cost only


def test_only_affordable_cards_are_offered_with_their_full_cost():
    s = position(P, {"you": seat(hand=["mining"], res=["agriculture", "barter"]), "rival": HOLD},
                 pyramid={"horse": ["wheel", "knight"], "gunpowder": ["guild"]})
    p = prompt(s)
    # food 2 + the iron just played: Wheel [food]2 yes; Knight [iron]2 yes ([food]2 → [iron]1);
    # Guild [horse]2 + 2 for the connected horse cards: no
    assert keys(p, s) == ["wheel", "knight", "none"] and p.option("none").passes
    assert p.option(keys(p)[0]).label.en == "Wheel — [food]2"
    # the buyer sees what the card is worth: type, military, VP, counter icon, then its effect
    knight = card("knight")
    detail = p.option(keys(p)[1]).detail
    assert detail.en == f"unit, military {knight.military.value}, {knight.vp.value} VP, counter icon. {knight.effect.en}"
    assert detail.ja.startswith(f"ユニット、軍事力{knight.military.value}、{knight.vp.value}VP、反撃アイコン。")


def test_buy_nothing_keeps_every_resource():
    s = position(P, {"you": seat(hand=["mining", "warrior", "agriculture"], res=["agriculture"]), "rival": HOLD},
                 pyramid={"horse": ["currency"]})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "none")
    assert field_of(s, "you")[1] == ["agriculture", "mining"] and s.pyramid["horse"] != [None]


def test_back_returns_to_the_choice_of_card():
    s = position(P, {"you": seat(hand=["mining", "barter", "warrior"], res=["agriculture", "reinforcement", "mining"]),
                     "rival": HOLD}, pyramid={"horse": ["currency", "wheel"]})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "wheel")
    assert keys(prompt(s)) == ["auto", "manual", "back"]
    s, _ = act(s, "pay", "back")
    assert prompt(s).id == "purchase"
    s, _ = act(s, "purchase", "currency")
    s, _ = act(s, "pay", "manual")
    s, _ = act(s, "pay_pick", "back")
    assert prompt(s).id == "purchase" and len(field_of(s, "you")[1]) == 4     # nothing was depleted


def test_a_payment_that_needs_a_conversion():
    s = position(P, {"you": seat(hand=["mining", "agriculture", "barter", "warrior"], res=["reinforcement", "agriculture"]),
                     "rival": HOLD}, pyramid={"horse": ["knight"]})
    s, _ = act(s, "resource", "mining")                           # iron; the field holds food 2 + iron 1
    s, _ = act(s, "progress", "agriculture")
    s, _ = act(s, "effect", "skip")
    s, events = act(s, "purchase", "knight")                      # [iron]2 = the iron + ([food]2 → [iron]1): all three
    assert field_of(s, "you")[1] == [] and "knight" in field_of(s, "you")[0]
    assert next(e for e in events if e.kind == "buy").data["conversion"] is True


def test_pay_now_using_a_conversion_is_offered_when_it_is_optional():
    s = position(P, {"you": seat(hand=["mining", "warrior", "barter"], res=["reinforcement", "agriculture", "mining"]),
                     "rival": HOLD}, pyramid={"horse": ["currency"]})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "currency")                         # [food]1 + [iron]1
    s, _ = act(s, "pay", "manual")
    s, _ = act(s, "pay_pick", "reinforcement")
    s, _ = act(s, "pay_pick", "mining")
    assert set(keys(prompt(s), s)) == {"agriculture", "mining", "pay", "back"}    # no conversion can be used yet
    s, _ = act(s, "pay_pick", "agriculture")
    s, _ = act(s, "pay_pick", "mining")
    p = prompt(s)
    assert keys(p) == ["pay", "pay_conv", "back"]                 # food, iron, iron → [earth] is possible, not needed
    s, events = act(s, "pay_pick", "pay_conv")
    assert next(e for e in events if e.kind == "buy").data["conversion"] is True


def test_the_automatic_payment_is_listed_and_keeps_valuable_resources():
    s = position(P, {"you": seat(hand=["mining", "warrior", "barter"], res=["agriculture", "reinforcement", "navigation"]),
                     "rival": HOLD}, pyramid={"horse": ["currency"]})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, _ = act(s, "effect", "skip")
    s, _ = act(s, "purchase", "currency")
    auto = prompt(s).option("auto")
    assert auto.label.en == "Pay automatically: deplete food×1, iron×1"
    s, _ = act(s, "pay", "auto")
    assert sorted(field_of(s, "you")[1]) == ["navigation", "reinforcement"]   # the gunpowder stays


def test_a_surplus_conversion_counts_as_converting():
    # NOTES_RENAISSANCE request 1: [food]1 [iron]1 from food 3 + iron 1 — [food]2 → [iron]1 may pay the iron
    from games.guns_and_steel import payment
    assert payment.can_pay_converting({"food": 3, "iron": 1}, {"food": 1, "iron": 1})
    assert payment.min_conversions({"food": 3, "iron": 1}, {"food": 1, "iron": 1}) == 0
    assert not payment.can_pay_converting({"food": 1, "iron": 1}, {"food": 1, "iron": 1})


def test_the_depleted_cards_are_named_in_public_order_whatever_order_they_were_picked_in():
    """The log line "depleting iron×2, horse×1: Warrior, Mining…" followed the hidden order of the
    picks; the names now follow kind, then card."""
    from games.guns_and_steel import purchase
    s = position(P, {"you": seat(hand=["barter"], res=["mining", "agriculture", "warrior", "reinforcement"]),
                     "rival": HOLD})
    ids = [f.id for f in s.seats["you"].field]
    texts = {(purchase._ids_text(s, order) + purchase._names_text(s, order)).en for order in (ids, ids[::-1],
                                                                                              ids[1:] + ids[:1])}
    assert len(texts) == 1, texts
    ja = {purchase._names_text(s, order).ja for order in (ids, ids[::-1])}
    assert len(ja) == 1, ja
