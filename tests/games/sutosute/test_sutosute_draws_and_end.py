"""Draws (ties) under both rules, the reset, the start of play and the end condition, edge by edge."""
from sutosute_helpers import A, B, act, key_for_kind, play, prompt, scenario, stop_combo

from games.sutosute import GAME, Options
from games.sutosute.state import DiscardEntry


def win_state(scores, **kw):
    # A: 建設 5 + 3 (vs 探索) = 8 beats B's 探索 min(2, 5, 4) + 1 = 3: A gains 5
    return scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                    dice=(2, 5, 4), scores=scores, **kw)


def tie_state(**kw):
    # 研究 (money 4) vs 成長 (food 4): equal power
    return scenario({A: ["research", "build", "trade", "explore"], B: ["grow", "build", "trade", "explore"]},
                    dice=(4, 5, 4), **kw)


def tie_again(state):
    """Play another draw: whoever holds 研究 plays it against the other's 成長 (they swap each draw)."""
    state.dice = {"red": 4, "black": 5, "white": 4}
    a_kind = "research" if any(state.cards[c] == "research" for c in state.hands[A]) else "grow"
    return play(state, a_kind, "grow" if a_kind == "research" else "research")


# ---- the end: 20 points or more and a lead of 6 or more -----------------------------

def test_exactly_20_points_with_exactly_a_6_point_lead_wins():
    state, _ = play(win_state({A: 15, B: 14}), "build", "explore")
    state = stop_combo(state)
    assert state.scores == {A: 20, B: 14} and state.finished and state.end_reason == "target"
    assert GAME.outcome(state).winners == [A] and GAME.prompts(state) == []


def test_a_5_point_lead_is_not_enough():
    state, _ = play(win_state({A: 15, B: 15}), "build", "explore")
    state = stop_combo(state)
    assert state.scores == {A: 20, B: 15} and not state.finished and GAME.outcome(state) is None


def test_19_points_are_not_enough_whatever_the_lead():
    state, _ = play(win_state({A: 14, B: 0}), "build", "explore")
    state = stop_combo(state)
    assert state.scores[A] == 19 and not state.finished


def test_the_finished_game_refuses_every_action_and_changes_nothing():
    state, _ = play(win_state({A: 15, B: 9}), "build", "explore")
    state = stop_combo(state)
    before = state.model_dump_json()
    for pid in ("place", "reroll", "combo"):
        try:
            GAME.apply(state, A, pid, ["red", "black"])
        except Exception as e:  # IllegalAction, with a message in both languages
            assert e.code == "game_over" and e.text.en and e.text.ja
        else:
            raise AssertionError("a finished game accepted an action")
    assert state.model_dump_json() == before


def test_target_points_option_overrides_the_rulebook_target():
    state, _ = play(win_state({A: 5, B: 0}, options={"target_points": 10}), "build", "explore")
    state = stop_combo(state)
    assert state.finished and GAME.view(state, None).target == 10


def test_there_is_no_round_limit_by_default():
    # notes S25: the rulebook has no cap; `round_limit` is an opt-in safety net
    assert Options().round_limit == 0
    state = tie_state()
    state.round = 4999
    state, _ = play(state, "research", "grow")
    assert not state.finished and state.step == "place"
    assert "limit" not in GAME.render(GAME.view(state, None), "en")


# ---- the start -------------------------------------------------------------------

def test_setup_rolls_all_three_dice_and_deals_four_each():
    # 開始処理: 「4枚ずつ配り手札にする」「ダイス3つを振る」
    seen = set()
    for seed in range(30):
        state = GAME.setup([A, B], {}, seed)
        assert set(state.dice) == {"red", "black", "white"} and all(1 <= v <= 6 for v in state.dice.values())
        assert all(len(h) == 4 for h in state.hands.values())
        seen |= set(state.dice.values())
    assert seen == {1, 2, 3, 4, 5, 6}


def test_card_ids_tell_nothing_about_the_card():
    kinds_of_c01 = {GAME.setup([A, B], {}, seed).cards["c01"] for seed in range(40)}
    assert len(kinds_of_c01) >= 5


# ---- draws (ties) -------------------------------------------------------------------

def test_a_reset_keeps_the_scores_and_the_catch_up_points():
    # 整理案: the trailing player gains 1 on each draw; the 3rd draw in a row resets the cards
    state = tie_state(scores={A: 3, B: 7})
    for expected_a in (4, 5, 6):
        state, events = tie_again(state)
        assert state.scores == {A: expected_a, B: 7}
    assert any(e.kind == "reset" for e in events) and state.draws_in_row == 0 and state.last.reset


def test_draw_reset_after_0_never_resets():
    state = tie_state(options={"draw_reset_after": 0})
    for n in range(1, 5):
        state, events = tie_again(state)
        assert state.draws_in_row == n and not any(e.kind == "reset" for e in events)


def test_draw_reset_after_2_resets_on_the_second_draw():
    state = tie_state(options={"draw_reset_after": 2})
    state, events = tie_again(state)
    assert not any(e.kind == "reset" for e in events)
    state, events = tie_again(state)
    assert any(e.kind == "reset" for e in events)


def test_the_catch_up_point_can_be_switched_off():
    state, _ = play(tie_state(scores={A: 3, B: 5}, options={"draw_catchup_point": False}), "research", "grow")
    assert state.scores == {A: 3, B: 5}


def test_a_draw_exchange_shows_both_exchanged_cards_until_the_next_placement():
    state = tie_state()
    a_card, b_card = state.hands[A][0], state.hands[B][0]
    state, _ = play(state, "research", "grow")
    shown = {pv.player: [c.id for c in pv.shown] for pv in GAME.view(state, None).players}
    assert shown == {A: [b_card], B: [a_card]}


def test_v2_draw_reshuffles_when_the_face_down_discards_make_four():
    # ver.2 draw: 「この時捨て札が4枚以上あれば…山に乗せ、その後山を切り直す」, then each draws 1
    opts = {"draw_rule": "v2", "reshuffle_rule": "v2_discard4", "revolution": False, "draw_catchup_point": False}
    state = tie_state(options=opts, discard=["conquer", "grow"])
    deck_before = len(state.deck)
    state, _ = play(state, "research", "grow")
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", A), "build")])
    state, events = act(state, "discard", [key_for_kind(state, prompt(state, "discard", B), "build")])
    assert any(e.kind == "reshuffle" for e in events)
    assert state.discard == [] and len(state.deck) == deck_before + 4 - 2
    assert all(len(h) == 4 for h in state.hands.values())
    assert [e.to for e in events if e.kind == "drew"] == [[A], [B]]


def test_v2_draw_below_four_discards_keeps_the_discard():
    opts = {"draw_rule": "v2", "reshuffle_rule": "v2_discard4", "revolution": False}
    state = tie_state(options=opts, discard=["conquer"])
    state, _ = play(state, "research", "grow")
    state, _ = act(state, "discard", [key_for_kind(state, prompt(state, "discard", A), "trade")])
    state, events = act(state, "discard", [key_for_kind(state, prompt(state, "discard", B), "trade")])
    assert not any(e.kind == "reshuffle" for e in events)
    assert [e.face_up for e in state.discard] == [True, False, False]


def test_v2_draw_discard_choice_is_simultaneous_and_refuses_bad_input():
    opts = {"draw_rule": "v2", "revolution": False}
    state, _ = play(tie_state(options=opts), "research", "grow")
    assert sorted(p.player for p in GAME.prompts(state)) == [A, B]
    b_card = state.hands[B][0]
    before = state.model_dump_json()
    for player, choice in ((A, [b_card]), (A, [])):
        try:
            GAME.apply(state, player, "discard", choice)
        except Exception as e:
            assert e.text.ja and e.text.en
        else:
            raise AssertionError("accepted a bad discard")
    assert state.model_dump_json() == before


def test_a_draw_with_the_revolution_hands_it_to_the_opponent():
    # 整理案 exchange: the played cards are exchanged, 革命 included (it is 革命 again after the round, notes S10)
    state = scenario({A: ["revolution", "build", "trade", "explore"], B: ["research", "build", "trade", "explore"]},
                     dice=(4, 5, 2))
    rev = state.hands[A][0]
    state, _ = play(state, "revolution", "research")
    state, _ = act(state, "declare", ["none"])      # 2 vs money 2
    assert state.last.winner is None and rev in state.hands[B]


def test_the_burn_card_is_hidden_and_never_a_draw_rule_discard():
    state = GAME.setup([A, B], {}, 4)
    burn = state.discard[0]
    assert not burn.face_up and burn.owner is None
    for viewer in (A, B, None):
        assert burn.card in GAME.hidden_ids(state, viewer)
        assert GAME.view(state, viewer).discard_face_down == 1


def test_a_won_round_refills_an_empty_deck_from_the_whole_discard_then_burns():
    state = win_state({A: 0, B: 0})
    state.discard = [DiscardEntry(card=c, face_up=True) for c in state.deck]
    state.deck = []
    total = len(state.discard)
    state, events = play(state, "build", "explore")
    state = stop_combo(state, events)
    # deck = the discard + A's 建設, minus the burn card and B's draw
    assert len(state.deck) == total + 1 - 2 and [e.face_up for e in state.discard] == [False]
