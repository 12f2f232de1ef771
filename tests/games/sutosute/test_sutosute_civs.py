"""The seven civilizations of ルール調整 12/7/15 (option `civilizations`), one test per ability."""
from sutosute_helpers import A, B, act, key_for_kind, offered_kinds, play, prompt, scenario, stop_combo

from games.sutosute import GAME
from games.sutosute.state import DiscardEntry

CIV = {"civilizations": True}


def civ_state(a_hand, b_hand, dice, civs, **kw):
    return scenario({A: a_hand, B: b_hand}, dice=dice, options=CIV, civs=civs, **kw)


def test_civilizations_are_picked_in_turn_without_duplicates_then_cards_are_dealt():
    # 「文明カードを導入。ゲーム開始前に1つ選んで使用」
    state = GAME.setup([A, B], CIV, 21)
    p = GAME.prompts(state)
    assert len(p) == 1 and p[0].id == "civ" and len(p[0].options) == 7
    assert all(not h for h in state.hands.values())
    first = p[0].player
    board = {lang: GAME.render(GAME.view(state, None), lang) for lang in ("en", "ja")}
    assert "choosing" in board["en"] and "Dice" not in board["en"] and "Deck" not in board["en"]
    assert "選択中" in board["ja"] and "ダイス:" not in board["ja"] and "山札" not in board["ja"]
    state, _ = GAME.apply(state, first, "civ", ["china"])
    assert "China" in GAME.render(GAME.view(state, None), "en")
    p2 = prompt(state, "civ")
    assert p2.player != first and len(p2.options) == 6 and "china" not in [o.key for o in p2.options]
    state, _ = GAME.apply(state, p2.player, "civ", ["rome"])
    assert state.civs == {first: "china", p2.player: "rome"}
    assert all(len(h) == 4 for h in state.hands.values()) and state.step == "place"


def test_random_civilization_deal():
    state = GAME.setup([A, B], {"civilizations": True, "civ_assignment": "random"}, 22)
    assert len(set(state.civs.values())) == 2 and state.step == "place"


def test_the_target_is_24_with_civilizations():
    # 拡張ルール案 「得点能力の向上を加味して勝利条件は24点」
    state = civ_state(["build", "trade", "explore", "grow"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "carthage", B: "china"}, scores={A: 15, B: 0})
    state, _ = play(state, "build", "explore")   # 20: not enough with civilizations
    state = stop_combo(state)
    assert state.scores[A] == 20 and not state.finished
    assert GAME.view(state, None).target == 24


def test_rome_republic_revolution_combos_to_every_card():
    # ローマ 共和制:革命は全てのカードにコンボする。他のカードを宣言した場合も含む。
    state = civ_state(["revolution", "conquer", "explore", "grow"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "rome", B: "china"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])     # 2 vs nullified 0
    assert sorted(offered_kinds(state, prompt(state, "combo", A))) == ["conquer", "explore", "grow"]


def test_without_rome_an_undeclared_revolution_has_no_combo():
    state = civ_state(["revolution", "conquer", "explore", "grow"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "egypt", B: "china"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    assert state.step == "reroll"


def test_rome_borrowing_takes_a_face_up_discard_instead_of_drawing():
    # ローマ 借用と応用:山から1枚引く時、代わりに表向きの捨て札を1枚手札に加えてもよい。
    state = civ_state(["build", "trade", "explore", "grow"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "egypt", B: "rome"}, discard=["research"])
    state, _ = play(state, "build", "explore")
    state = stop_combo(state)
    p = prompt(state, "draw", B)
    assert p.options[0].key == "deck" and sorted(offered_kinds(state, p)) == ["build", "research"]
    research = key_for_kind(state, p, "research")
    state, _ = act(state, "draw", [research])
    assert research in state.hands[B] and all(e.card != research for e in state.discard)
    assert len(state.hands[B]) == 4 and state.step == "reroll"


def test_greece_inversion_swaps_the_powers():
    # ギリシア 倒置法:革命を伏せた場合、自分と相手の権力を入れ替える(全ての計算の後)。
    state = civ_state(["revolution", "grow", "trade", "research"], ["build", "grow", "trade", "research"], (1, 6, 1),
                      {A: "greece", B: "china"})
    state, _ = play(state, "revolution", "build")
    state, _ = act(state, "declare", ["explore"])  # explore 2 vs build 6 + 3 = 9, swapped
    assert state.last.powers == {A: 9, B: 2} and state.scores[A] == 7


def test_greece_archaeology_uses_face_up_discards_as_combo_cards():
    # ギリシア 考古学:表向きの捨て札をコンボカードとして使える。
    state = civ_state(["build", "grow", "research", "conquer"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "greece", B: "china"}, discard=["trade"])
    state, _ = play(state, "build", "explore")
    p = prompt(state, "combo", A)
    trade = key_for_kind(state, p, "trade", from_discard=True)
    state, _ = act(state, "combo", [trade])
    assert any(e.card == trade and e.face_up for e in state.discard)  # it stays in the discard
    assert state.last.combo == ["trade"]


def test_egypt_third_pyramid_gives_12_points():
    # エジプト ギーザの三大ピラミッド:成長または建設で勝つ度にピラミッドを1つ建設する。3つ建設すると+12点。
    state = civ_state(["grow", "trade", "explore", "research"], ["research", "build", "trade", "conquer"], (6, 1, 1),
                      {A: "egypt", B: "china"})
    state.pyramids[A] = 2
    state, _ = play(state, "grow", "research")     # 6 vs 1
    assert state.pyramids[A] == 3 and state.scores[A] == 5 + 12


def test_egypt_counts_a_revolution_declared_as_building():
    state = civ_state(["revolution", "trade", "explore", "research"], ["explore", "build", "trade", "conquer"], (2, 5, 4),
                      {A: "egypt", B: "china"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["build"])
    assert state.pyramids[A] == 1


def test_carthage_combo_scores_3_6_10():
    # カルタゴ ハンニバルの逆襲:コンボの得点は1/3/6でなく3/6/10になる。
    state = civ_state(["build", "trade", "explore", "grow"], ["explore", "research", "conquer", "grow"], (2, 5, 4),
                      {A: "carthage", B: "china"})
    state, _ = play(state, "build", "explore")
    state, _ = act(state, "combo", [key_for_kind(state, prompt(state, "combo", A), "trade")])
    state, _ = act(state, "combo", ["stop"])
    assert state.scores[A] == 5 + 3


def test_persia_parthian_shot_turns_a_conquest_loss_into_a_draw():
    # ペルシア パルティアの一撃:征服で負けた場合引き分けになる。
    state = civ_state(["build", "trade", "explore", "grow"], ["conquer", "research", "explore", "grow"], (2, 5, 4),
                      {A: "egypt", B: "persia"})
    state, events = play(state, "build", "conquer")
    assert state.last.parthian and state.last.winner is None and state.scores[A] == 0
    assert any(e.kind == "tie" for e in events) and state.draws_in_row == 1


def test_persia_parthian_shot_excludes_revolution_declared_as_conquest():
    # 「革命で征服を宣言した場合は含まない」
    state = civ_state(["build", "trade", "explore", "grow"], ["revolution", "research", "explore", "grow"], (2, 5, 4),
                      {A: "egypt", B: "persia"})
    state, _ = play(state, "build", "revolution")
    state, _ = act(state, "declare", ["conquer"])
    assert state.last.winner == A and not state.last.parthian


def test_persia_achaemenid_may_reset_after_winning_with_revolution():
    # ペルシア アケメネス王朝:革命で勝った場合カードをリセットしてもよい。
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "persia", B: "china"})
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    assert [o.key for o in prompt(state, "persia", A).options] == ["yes", "no"]
    state, events = act(state, "persia", ["yes"])
    assert any(e.kind == "reset" for e in events) and state.last.reset
    assert all(len(h) == 4 for h in state.hands.values()) and state.step == "reroll"
    assert state.scores[A] == 2


def test_india_pacifism_adds_1_and_is_lost_the_moment_conquest_is_placed():
    # インド 平和主義:全てのカードの権力+1。征服を伏せるとこの能力を失う。
    # 「伏せた瞬間に失われるため征服カードはこのボーナスを受ける事が無い」
    state = civ_state(["research", "conquer", "grow", "trade"], ["build", "research", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    after, _ = play(state, "research", "build")
    assert after.last.powers == {A: 4, B: 3}
    after, _ = play(state, "conquer", "research")
    assert after.last.powers == {A: 6, B: 3} and after.india_active[A] is False


def test_india_keeps_pacifism_with_revolution_declared_as_conquest():
    # 「革命で征服を宣言しても失われない」
    state = civ_state(["revolution", "grow", "trade", "explore"], ["research", "build", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    state, _ = play(state, "revolution", "research")
    state, _ = act(state, "declare", ["conquer"])
    assert state.last.powers == {A: 7, B: 3} and state.india_active[A] is True


def test_india_gets_no_bonus_when_nullified():
    state = civ_state(["explore", "grow", "trade", "research"], ["revolution", "build", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    state, _ = play(state, "explore", "revolution")
    state, _ = act(state, "declare", ["none"])
    assert state.last.powers == {A: 0, B: 2}


def test_china_permanent_revolution_takes_revolution_back_and_discards_the_loser_card():
    # 中国 永久革命論:革命で勝った場合それを手札に戻してもよい。そうした場合相手の伏せ札は捨てられる。
    state = civ_state(["revolution", "grow", "research", "conquer"], ["explore", "build", "trade", "research"], (5, 5, 5),
                      {A: "china", B: "egypt"})
    rev = state.hands[A][0]
    b_card = next(c for c in state.hands[B] if state.cards[c] == "explore")
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    state, _ = act(state, "china", ["yes"])
    assert rev in state.hands[A] and b_card not in state.hands[A]
    assert DiscardEntry(card=b_card, face_up=True) in state.discard
    assert len(state.hands[A]) == 4 and len(state.hands[B]) == 4


def test_china_mandate_explore_combos_to_research():
    # 中国 天命:探索は研究にコンボする。
    state = civ_state(["build", "trade", "explore", "research"], ["explore", "grow", "conquer", "grow"], (2, 5, 4),
                      {A: "china", B: "egypt"})
    state, _ = play(state, "build", "explore")
    for kind in ("trade", "explore"):
        state, _ = act(state, "combo", [key_for_kind(state, prompt(state, "combo", A), kind)])
    assert offered_kinds(state, prompt(state, "combo", A)) == ["research"]
    same = civ_state(["build", "trade", "explore", "research"], ["explore", "grow", "conquer", "grow"], (2, 5, 4),
                     {A: "egypt", B: "china"})
    same, _ = play(same, "build", "explore")
    for kind in ("trade", "explore"):
        same, _ = act(same, "combo", [key_for_kind(same, prompt(same, "combo", A), kind)])
    assert offered_kinds(same, prompt(same, "combo", A)) == []   # without 天命 the chain ends at explore
    # (the window still opens: whether a card could follow is the holder's to know)


def test_india_gets_no_bonus_when_greece_takes_its_power():
    # 「無効化されるか権力を奪われない限り」: a Greek swap takes India's power, so no +1 (notes S20)
    state = civ_state(["revolution", "grow", "trade", "research"], ["build", "grow", "trade", "research"], (1, 6, 1),
                      {A: "greece", B: "india"})
    state, _ = play(state, "revolution", "build")
    state, _ = act(state, "declare", ["explore"])
    assert state.last.powers == {A: 9, B: 2}


def test_india_placing_conquest_is_not_announced_before_the_reveal():
    state = civ_state(["research", "conquer", "grow", "trade"], ["build", "research", "grow", "trade"], (3, 3, 3),
                      {A: "india", B: "china"})
    p = prompt(state, "place", A)
    state, events = GAME.apply(state, A, "place", [key_for_kind(state, p, "conquer")])
    assert all(e.kind != "india" for e in events)
    assert GAME.view(state, B).players[0].pacifism is True
