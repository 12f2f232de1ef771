"""Civilization edges the first civilization tests leave open: both 革命 modes (notes S13), declines,
interactions with the draw rules, permanence, and which answers count as a pass."""
from sutosute_helpers import A, B, act, key_for_kind, offered_kinds, play, prompt, scenario, stop_combo

from games.sutosute import GAME
from games.sutosute.state import DiscardEntry

CIV = {"civilizations": True}


def civ_state(a_hand, b_hand, dice, civs, options=None, **kw):
    return scenario({A: a_hand, B: b_hand}, dice=dice, options={**CIV, **(options or {})}, civs=civs, **kw)


def deck_card(state, kind):
    """Move one card of `kind` from the deck to the caller (for building a discard by hand)."""
    card = next(c for c in state.deck if state.cards[c] == kind)
    state.deck.remove(card)
    return card


# ---- ローマ Rome -------------------------------------------------------------------

def test_rome_republic_also_with_a_declared_revolution():
    # 共和制 「他のカードを宣言した場合も含む」: a 革命 declared 建設 combos to every card, not just 交易
    hands = (["revolution", "conquer", "explore", "grow"], ["explore", "build", "trade", "research"])
    rome = civ_state(*hands, (5, 5, 5), {A: "rome", B: "china"})
    rome, _ = play(rome, "revolution", "explore")
    rome, _ = act(rome, "declare", ["build"])          # 5 + 3 vs 6
    assert rome.last.winner == A
    assert sorted(offered_kinds(rome, prompt(rome, "combo", A))) == ["conquer", "explore", "grow"]
    plain = civ_state(*hands, (5, 5, 5), {A: "egypt", B: "china"})
    plain, _ = play(plain, "revolution", "explore")
    plain, _ = act(plain, "declare", ["build"])
    assert offered_kinds(plain, prompt(plain, "combo", A)) == []   # 建設 -> 交易 only, and A holds no 交易
    plain = stop_combo(plain)
    assert plain.step == "reroll"


def test_rome_borrowing_also_on_the_v2_draw_rule_draw():
    # notes S22: any single-card draw during play, including the ver.2 draw (tie) procedure
    state = civ_state(["research", "build", "trade", "explore"], ["grow", "build", "trade", "explore"], (4, 5, 4),
                      {A: "egypt", B: "rome"}, options={"draw_rule": "v2", "revolution": False}, discard=["conquer"])
    state, _ = play(state, "research", "grow")
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", A), "trade")])
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", B), "trade")])
    p = prompt(state, "draw", B)
    assert offered_kinds(state, p) == ["conquer"] and p.options[0].key == "deck"
    state, _ = act(state, "draw", [key_for_kind(state, p, "conquer")])
    assert all(len(h) == 4 for h in state.hands.values()) and state.step == "place"


def test_rome_draws_without_asking_when_no_discard_is_face_up():
    state = civ_state(["research", "build", "trade", "explore"], ["grow", "build", "trade", "explore"], (4, 5, 4),
                      {A: "egypt", B: "rome"}, options={"draw_rule": "v2", "revolution": False})
    state, _ = play(state, "research", "grow")
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", A), "trade")])
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", B), "trade")])
    assert state.step == "place" and all(len(h) == 4 for h in state.hands.values())


def test_rome_borrowing_does_not_apply_to_a_reset_deal():
    state = civ_state(["research", "build", "trade", "explore"], ["grow", "build", "trade", "explore"], (4, 5, 4),
                      {A: "egypt", B: "rome"}, discard=["conquer"])
    state.draws_in_row = 2
    state, events = play(state, "research", "grow")
    assert any(e.kind == "reset" for e in events) and state.step == "place"


# ---- ギリシア Greece -------------------------------------------------------------------

def test_greece_inversion_also_with_an_undeclared_revolution():
    # 倒置法, notes S13: undeclared 革命 (2) vs 建設 (production 6, no +3 against a typeless card), swapped
    state = civ_state(["revolution", "grow", "trade", "research"], ["build", "grow", "trade", "research"], (1, 6, 1),
                      {A: "greece", B: "china"})
    state, _ = play(state, "revolution", "build")
    state, _ = act(state, "declare", ["none"])
    assert state.last.powers == {A: 6, B: 2} and state.scores[A] == 4


def test_greece_inversion_only_when_greece_plays_the_revolution():
    state = civ_state(["build", "grow", "trade", "research"], ["revolution", "grow", "trade", "research"], (1, 6, 1),
                      {A: "greece", B: "china"})
    state, _ = play(state, "build", "revolution")
    state, _ = act(state, "declare", ["none"])
    assert state.last.powers == {A: 6, B: 2}            # no swap: B, not Greece, played 革命


def test_greece_archaeology_never_uses_the_face_down_burn_card_or_the_revolution():
    # notes S21: face-up discards only, never 革命
    state = civ_state(["build", "grow", "research", "conquer"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "greece", B: "china"})
    state.discard = [DiscardEntry(card=deck_card(state, "trade"), face_up=False),
                     DiscardEntry(card=deck_card(state, "revolution"), face_up=True)]
    state, _ = play(state, "build", "explore")
    assert state.last.winner == A and offered_kinds(state, prompt(state, "combo", A)) == []   # nothing to reveal


# ---- エジプト Egypt -------------------------------------------------------------------

def test_egypt_third_pyramid_can_end_the_game():
    # notes S14: the +12 comes at once and can win
    state = civ_state(["grow", "trade", "explore", "research"], ["research", "build", "trade", "conquer"], (6, 1, 1),
                      {A: "egypt", B: "china"}, scores={A: 10, B: 0})
    state.pyramids[A] = 2
    state, _ = play(state, "grow", "research")
    assert state.scores[A] == 10 + 5 + 12
    state = stop_combo(state)
    assert state.finished and GAME.outcome(state).winners == [A]


def test_egypt_builds_only_with_growth_or_building_and_a_fourth_pyramid_gives_nothing():
    explore = civ_state(["explore", "trade", "grow", "research"], ["trade", "build", "grow", "conquer"], (4, 4, 4),
                        {A: "egypt", B: "china"})
    explore, _ = play(explore, "explore", "trade")    # 5 vs 0
    assert explore.last.winner == A and explore.pyramids[A] == 0
    fourth = civ_state(["grow", "trade", "explore", "research"], ["research", "build", "trade", "conquer"], (6, 1, 1),
                       {A: "egypt", B: "china"})
    fourth.pyramids[A] = 3
    fourth, _ = play(fourth, "grow", "research")
    assert fourth.pyramids[A] == 4 and fourth.scores[A] == 5


def test_egypt_revolution_can_be_excluded_by_option():
    state = civ_state(["revolution", "trade", "explore", "research"], ["explore", "build", "trade", "conquer"], (2, 5, 4),
                      {A: "egypt", B: "china"}, options={"egypt_counts_revolution": False})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["build"])
    assert state.last.winner == A and state.pyramids[A] == 0


# ---- ペルシア Persia ---------------------------------------------------------------------

def test_persia_declining_the_reset_continues_as_usual():
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "persia", B: "china"})
    rev, b_explore = state.hands[A][0], state.hands[B][0]
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    state, events = act(state, "persia", ["no"])
    assert not any(e.kind == "reset" for e in events) and b_explore in state.hands[A]
    assert DiscardEntry(card=rev, face_up=True) in state.discard and state.step == "reroll"


def test_persia_achaemenid_also_with_a_declared_revolution():
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (2, 5, 4),
                      {A: "persia", B: "china"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["build"])
    state = stop_combo(state)
    assert prompt(state, "persia", A).player == A


def test_persia_parthian_draw_follows_the_v2_draw_rule():
    # notes S15: the round becomes a draw under the active draw rule
    state = civ_state(["build", "trade", "explore", "grow"], ["conquer", "research", "explore", "grow"], (2, 5, 4),
                      {A: "egypt", B: "persia"}, options={"draw_rule": "v2", "revolution": False})
    state, _ = play(state, "build", "conquer")
    assert state.last.parthian and sorted(p.player for p in GAME.prompts(state) if p.id == "discard") == [A, B]


def test_persia_parthian_draws_count_towards_the_reset():
    # notes S8: draws forced by パルティア count as draws
    state = civ_state(["build", "trade", "explore", "grow"], ["conquer", "research", "explore", "grow"], (2, 5, 4),
                      {A: "egypt", B: "persia"})
    state.draws_in_row = 2
    state, events = play(state, "build", "conquer")
    assert state.last.parthian and any(e.kind == "reset" for e in events)


# ---- インド India ---------------------------------------------------------------------------

def test_india_bonus_applies_to_an_undeclared_revolution():
    # 「全てのカードの権力+1」: 革命 undeclared is 2, plus 1
    state = civ_state(["revolution", "grow", "trade", "explore"], ["research", "build", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    state, _ = play(state, "revolution", "research")
    state, _ = act(state, "declare", ["none"])
    assert state.last.powers == {A: 3, B: 3}


def test_india_loses_pacifism_for_good():
    state = civ_state(["conquer", "research", "grow", "trade"], ["research", "build", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    state, _ = play(state, "conquer", "research")     # 6 vs 3
    state = stop_combo(state)
    state, _ = act(state, "reroll", ["red", "black"])
    state.dice = {"red": 3, "black": 2, "white": 3}
    state, _ = play(state, "research", "build")       # money 3 (no +1 any more) vs production 2
    assert state.last.powers == {A: 3, B: 2} and state.india_active[A] is False
    assert "Pacifism ×" in GAME.render(GAME.view(state, None), "en")


# ---- 中国 China -------------------------------------------------------------------------------

def test_china_declining_permanent_revolution_takes_the_loser_card_as_usual():
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "china", B: "egypt"})
    rev, b_explore = state.hands[A][0], state.hands[B][0]
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    state, _ = act(state, "china", ["no"])
    assert b_explore in state.hands[A] and DiscardEntry(card=rev, face_up=True) in state.discard


def test_china_permanent_revolution_also_with_a_declared_revolution():
    state = civ_state(["revolution", "grow", "trade", "conquer"], ["explore", "build", "trade", "research"], (2, 5, 4),
                      {A: "china", B: "egypt"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["build"])
    state = stop_combo(state)
    assert [o.key for o in prompt(state, "china", A).options] == ["yes", "no"]


# ---- choosing, the target, idle answers -------------------------------------------------------

def test_the_first_chooser_is_random():
    firsts = {GAME.prompts(GAME.setup([A, B], CIV, seed))[0].player for seed in range(20)}
    assert firsts == {A, B}


def test_24_points_with_a_6_point_lead_win_with_civilizations():
    state = civ_state(["build", "trade", "explore", "grow"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "carthage", B: "china"}, scores={A: 19, B: 0})
    state, _ = play(state, "build", "explore")
    state = stop_combo(state)
    assert state.scores[A] == 24 and state.finished


def test_decline_answers_are_marked_as_passes_and_nothing_else_is():
    # the table service answers an idle seat with the `passes` option (docs/table-service.md)
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "china", B: "rome"}, discard=["trade"])
    assert not any(o.passes for p in GAME.prompts(state) for o in p.options)   # placing is never a pass
    state, _ = play(state, "revolution", "explore")
    assert not any(o.passes for o in prompt(state, "declare", A).options)
    state, _ = act(state, "declare", ["none"])
    assert [o.key for o in prompt(state, "china", A).options if o.passes] == ["no"]
    state, _ = act(state, "china", ["no"])
    assert [o.key for o in prompt(state, "draw", B).options if o.passes] == ["deck"]
    combo = scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                     dice=(2, 5, 4))
    combo, _ = play(combo, "build", "explore")
    assert [o.key for o in prompt(combo, "combo", A).options if o.passes] == ["stop"]
