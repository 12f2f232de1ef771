"""ver.2 round processing: win steps, combos, draws (ties), reshuffles, dice rerolls and the end."""
from sutosute_helpers import A, B, act, key_for_kind, offered_kinds, play, prompt, scenario, stop_combo

from games.sutosute import GAME
from games.sutosute.state import DiscardEntry


def build_win_state(**kw):
    # A: 建設 (production 5 + 3 vs 探索) beats B's 探索 (min 2 + 1).
    return scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                    dice=(2, 5, 4), deck=["research", "conquer"], **kw)


def test_seed_combo_example_build_then_trade_then_explore_scores_3():
    # 「例えば建設を出して勝ったら交易を公開できる」「交易を公開したら更に探索も公開できる」
    # 「2枚なら3点」
    state, _ = play(build_win_state(), "build", "explore")
    assert state.scores[A] == 5
    p = prompt(state, "combo", A)
    assert offered_kinds(state, p) == ["trade"] and "stop" in [o.key for o in p.options]
    state, _ = act(state, "combo", [key_for_kind(state, p, "trade")])
    p = prompt(state, "combo", A)
    assert offered_kinds(state, p) == ["explore"]
    state, _ = act(state, "combo", [key_for_kind(state, p, "explore")])
    # explore -> conquer has no card in hand: only "stop" is left (asked all the same)
    assert [o.key for o in prompt(state, "combo", A).options] == ["stop"]
    state, events = act(state, "combo", ["stop"])
    assert state.scores[A] == 5 + 3
    assert state.last.combo == ["trade", "explore"]
    assert any(e.kind == "combo_bonus" for e in events)


def test_one_combo_card_scores_1_and_stopping_is_allowed():
    state, _ = play(build_win_state(), "build", "explore")
    p = prompt(state, "combo", A)
    state, _ = act(state, "combo", [key_for_kind(state, p, "trade")])
    state, _ = act(state, "combo", ["stop"])
    assert state.scores[A] == 5 + 1


def test_combo_is_serial_two_trades_cannot_both_follow_one_build():
    # 「建設で勝っても2枚の交易を公開する事はできない」
    state = scenario({A: ["build", "trade", "trade", "grow"], B: ["explore", "research", "conquer", "grow"]},
                     dice=(2, 5, 4))
    state, _ = play(state, "build", "explore")
    p = prompt(state, "combo", A)
    assert offered_kinds(state, p) == ["trade"]
    state, _ = act(state, "combo", [key_for_kind(state, p, "trade")])
    assert state.step != "combo" or "trade" not in offered_kinds(state, prompt(state, "combo", A))


def test_research_combos_to_growth_or_building_never_both():
    # 「研究は成長と建設のどちらか片方を選んでコンボ。両方を公開する事はできない」
    state = scenario({A: ["research", "grow", "build", "trade"], B: ["explore", "grow", "build", "conquer"]},
                     dice=(1, 1, 6))
    state, _ = play(state, "research", "explore")  # 6 vs 2
    p = prompt(state, "combo", A)
    assert sorted(offered_kinds(state, p)) == ["build", "grow"]
    state, _ = act(state, "combo", [key_for_kind(state, p, "grow")])
    p = prompt(state, "combo", A)
    assert offered_kinds(state, p) == ["trade"]  # 成長 -> 交易, not 建設
    state, _ = act(state, "combo", [key_for_kind(state, p, "trade")])
    assert offered_kinds(state, prompt(state, "combo", A)) == []
    assert state.last.combo == ["grow", "trade"]


def test_three_combo_cards_score_6_and_stay_in_hand():
    state = scenario({A: ["research", "build", "trade", "explore"], B: ["explore", "grow", "grow", "conquer"]},
                     dice=(1, 1, 6))
    hand_before = list(state.hands[A])
    state, _ = play(state, "research", "explore")  # 6 vs 2: +4
    for kind in ("build", "trade", "explore"):
        p = prompt(state, "combo", A)
        state, _ = act(state, "combo", [key_for_kind(state, p, kind)])
    assert state.scores[A] == 4 + 6
    assert state.step == "reroll"  # three is the most
    # 「公開したカードはそのまま手札に戻る」: the three combo cards are still in A's hand
    assert set(hand_before[1:]) <= set(state.hands[A])


def test_win_processing_moves_cards_and_loser_draws():
    state = build_win_state()
    b_explore = next(c for c in state.hands[B] if state.cards[c] == "explore")
    a_build = next(c for c in state.hands[A] if state.cards[c] == "build")
    top = state.deck[0]
    state, _ = play(state, "build", "explore")
    state = stop_combo(state)
    assert b_explore in state.hands[A]                      # loser's card to the winner's hand
    assert DiscardEntry(card=a_build, face_up=True) in state.discard  # winner's card face up to the discard
    assert len(state.hands[A]) == 4 and len(state.hands[B]) == 4
    assert top in state.hands[B]                            # the loser draws 1
    assert state.step == "reroll"


def test_winner_rerolls_exactly_two_dice_of_their_choice():
    state, _ = play(build_win_state(), "build", "explore")
    state = stop_combo(state)
    p = prompt(state, "reroll", A)
    assert (p.min, p.max) == (2, 2) and [o.key for o in p.options] == ["red", "black", "white"]
    state, events = act(state, "reroll", ["red", "black"])
    roll = next(e for e in events if e.kind == "roll")
    assert set(roll.data) == {"red", "black"} and state.dice["white"] == 4
    assert state.step == "place"


def test_up_to_two_rerolls_option_allows_none():
    state, _ = play(build_win_state(options={"winner_reroll": "up_to_2"}), "build", "explore")
    state = stop_combo(state)
    p = prompt(state, "reroll", A)
    assert (p.min, p.max) == (0, 2)
    before = dict(state.dice)
    state, _ = act(state, "reroll", [])
    assert state.dice == before and state.step == "place"


def test_v2_reshuffle_when_the_discard_reaches_four():
    # ver.2: 「この時捨て札置き場に4枚あれば、それらを全て裏向きにして山に乗せ、その後山を切り直す」
    state = scenario({A: ["build", "trade", "explore", "grow"], B: ["explore", "research", "conquer", "grow"]},
                     dice=(2, 5, 4), discard=["research", "trade", "build"],
                     options={"reshuffle_rule": "v2_discard4", "revolution": False})
    deck_before = len(state.deck)
    state, events = play(state, "build", "explore")
    state = stop_combo(state, events)
    assert state.discard == []
    assert len(state.deck) == deck_before + 4 - 1
    assert any(e.kind == "reshuffle" for e in events)


def test_burn_rule_setup_burns_one_card_face_down():
    state = GAME.setup([A, B], {}, 5)
    assert len(state.cards) == 13
    assert [e.face_up for e in state.discard] == [False]
    assert len(state.deck) == 13 - 1 - 8
    assert all(len(h) == 4 for h in state.hands.values())
    # without the burn rule (ver.2): no burn card
    v2 = GAME.setup([A, B], {"reshuffle_rule": "v2_discard4", "revolution": False}, 5)
    assert v2.discard == [] and len(v2.deck) == 12 - 8


def test_burn_rule_no_reshuffle_by_count_only_when_the_deck_is_empty():
    # 整理案: 「捨て札の枚数によるリシャッフルは廃止」「存在しない山から引こうとした時にリシャッフル」
    state = build_win_state()
    rest = list(state.deck)
    state.deck = []
    state.discard = [DiscardEntry(card=c, face_up=i > 0) for i, c in enumerate(rest)]
    total = len(rest)
    state, events = play(state, "build", "explore")
    state = stop_combo(state, events)
    assert any(e.kind == "reshuffle" for e in events)
    # the whole discard (+ the winner's card) became the deck, then 1 was burnt and the loser drew 1
    assert [e.face_up for e in state.discard] == [False]
    assert len(state.deck) == total + 1 - 1 - 1
    assert len(state.hands[B]) == 4


def test_burn_rule_keeps_a_large_discard():
    state = build_win_state()
    state.discard += [DiscardEntry(card=c, face_up=True) for c in state.deck[:4]]
    state.deck = state.deck[4:]
    state, _ = play(state, "build", "explore")
    state = stop_combo(state)
    assert len([e for e in state.discard if e.face_up]) == 5


def tie_state(**kw):
    # 研究 (money 4) vs 成長 (food 4): equal power
    return scenario({A: ["research", "build", "trade", "explore"], B: ["grow", "build", "trade", "explore"]},
                    dice=(4, 5, 4), **kw)


def test_draw_exchanges_the_played_cards_and_rerolls_all_dice():
    # 整理案: 「引き分けの際は出したカードを交換し、ダイスを全て振り直す」
    state = tie_state()
    a_card, b_card = state.hands[A][0], state.hands[B][0]
    state, events = play(state, "research", "grow")
    assert b_card in state.hands[A] and a_card in state.hands[B]
    assert len(state.hands[A]) == 4 and len(state.hands[B]) == 4
    roll = next(e for e in events if e.kind == "roll")
    assert set(roll.data) == {"red", "black", "white"}
    assert state.step == "place" and state.draws_in_row == 1


def test_draw_gives_the_trailing_player_one_point():
    # 「得点が少ない方は1点獲得」
    state, _ = play(tie_state(scores={A: 3, B: 5}), "research", "grow")
    assert state.scores == {A: 4, B: 5}
    state, _ = play(tie_state(scores={A: 5, B: 5}), "research", "grow")
    assert state.scores == {A: 5, B: 5}  # equal scores: nobody gains (notes S7)


def test_three_draws_in_a_row_reset_the_cards():
    # 「3回連続で引き分けるとリセット(プレイ用カードを全て集めて山を切り直し4枚ずつ配る)」
    state = tie_state()
    for _ in range(3):
        state.dice = {"red": 4, "black": 5, "white": 4}
        a_kind = "research" if any(state.cards[c] == "research" for c in state.hands[A]) else "grow"
        b_kind = "grow" if a_kind == "research" else "research"
        state, events = play(state, a_kind, b_kind)
        assert state.last.winner is None
    assert any(e.kind == "reset" for e in events)
    assert state.draws_in_row == 0 and state.scores == {A: 0, B: 0}
    assert all(len(h) == 4 for h in state.hands.values())
    everywhere = state.deck + [e.card for e in state.discard] + state.hands[A] + state.hands[B]
    assert sorted(everywhere) == sorted(state.cards)
    assert [e.face_up for e in state.discard] == [False]  # shuffled, so 1 burnt


def test_a_win_breaks_the_run_of_draws():
    state = build_win_state()
    state.draws_in_row = 2
    state, _ = play(state, "build", "explore")
    assert state.draws_in_row == 0


def test_v2_draw_rule_returns_cards_discards_face_down_and_draws():
    # ver.2: 「双方とも出したカードを手札に戻す」「手札から1枚ずつ裏向きに捨てる」「山から1枚ずつ引く」「3つのダイス全てを振り直す」
    opts = {"draw_rule": "v2", "draw_catchup_point": False, "draw_reset_after": 0,
            "reshuffle_rule": "v2_discard4", "revolution": False}
    state = tie_state(options=opts)
    a_research = state.hands[A][0]
    state, _ = play(state, "research", "grow")
    assert a_research in state.hands[A]
    pa, pb = prompt(state, "discard", A), prompt(state, "discard", B)
    assert pa.player == A and pb.player == B
    a_build = key_for_kind(state, pa, "build")
    state, _ = GAME.apply(state, A, "discard", [a_build])
    # the first choice is hidden: B and the channel cannot see it
    for viewer in (B, None):
        assert GAME.view(state, viewer).players[0].to_discard is None
    assert GAME.view(state, A).players[0].to_discard.kind == "build"
    state, events = GAME.apply(state, B, "discard", [key_for_kind(state, prompt(state, "discard", B), "trade")])
    assert [e.face_up for e in state.discard] == [False, False]
    assert all(len(h) == 4 for h in state.hands.values())
    assert DiscardEntry(card=a_build, face_up=False, owner=A) in state.discard and a_build not in state.hands[A]
    # each player still knows (only) their own face-down discard
    assert [c.id for c in GAME.view(state, A).players[0].own_face_down] == [a_build]
    assert a_build in GAME.hidden_ids(state, B) and a_build in GAME.hidden_ids(state, None)
    assert set(next(e for e in events if e.kind == "roll").data) == {"red", "black", "white"}
    assert state.scores == {A: 0, B: 0}


def test_the_game_ends_at_20_points_with_a_6_point_lead():
    state = build_win_state(scores={A: 15, B: 9})
    state, _ = play(state, "build", "explore")  # +5 -> 20 vs 9
    state = stop_combo(state)
    assert state.finished and GAME.prompts(state) == []
    out = GAME.outcome(state)
    assert out.winners == [A] and out.ranking == [[A], [B]] and out.scores == {A: 20.0, B: 9.0}


def test_20_points_without_a_6_point_lead_does_not_end():
    state = build_win_state(scores={A: 15, B: 16})
    state, _ = play(state, "build", "explore")
    state = stop_combo(state)
    assert state.scores[A] == 20 and not state.finished and GAME.outcome(state) is None


def test_the_end_is_checked_after_the_combo_points():
    state = build_win_state(scores={A: 14, B: 10})
    state, _ = play(state, "build", "explore")  # 19: not yet
    assert not state.finished
    p = prompt(state, "combo", A)
    state, _ = act(state, "combo", [key_for_kind(state, p, "trade")])
    state, _ = act(state, "combo", ["stop"])     # +1 -> 20, lead 10
    assert state.finished and GAME.outcome(state).winners == [A]


def test_combos_off_skips_the_combo_step():
    state, _ = play(build_win_state(options={"combos": False}), "build", "explore")
    assert state.step == "reroll" and state.scores[A] == 5


def test_round_limit_ends_the_game_with_the_higher_score_winning():
    state, _ = play(build_win_state(options={"round_limit": 1}), "build", "explore")
    state = stop_combo(state)
    state, events = act(state, "reroll", ["red", "black"])
    assert state.finished and state.end_reason == "round_limit"
    assert GAME.outcome(state).winners == [A]
    assert any(e.kind == "round_limit" for e in events)


def test_round_limit_with_equal_scores_is_a_tie():
    state, _ = play(tie_state(options={"round_limit": 1}), "research", "grow")
    out = GAME.outcome(state)
    assert state.finished and out.winners == [] and out.ranking == [[A, B]]
