"""革命 (整理案, 12/7/15): blind declaration, functions as the declared card, the undeclared mode."""
from sutosute_helpers import A, B, act, key_for_kind, offered_kinds, play, prompt, scenario, stop_combo

from games.sutosute import GAME
from games.sutosute.state import DiscardEntry


def rev_state(a_hand, b_hand, dice, **kw):
    return scenario({A: a_hand, B: b_hand}, dice=dice, **kw)


def test_revolution_is_revealed_then_declared_before_the_other_card_is_shown():
    # 「双方が伏せ終わったタイミングでそれが革命である事を明かし、6種のうち好きなカードを宣言する。その後相手の札を公開」
    state = rev_state(["revolution", "grow", "build", "trade"], ["conquer", "grow", "build", "trade"], (1, 1, 5))
    state, events = play(state, "revolution", "conquer")
    assert any(e.kind == "revolution" for e in events)
    p = prompt(state, "declare", A)
    assert [o.key for o in p.options] == ["explore", "trade", "grow", "build", "research", "conquer", "none"]
    b_card = state.placed[B]
    for viewer in (A, None):
        view = GAME.view(state, viewer)
        assert view.players[0].table.status == "face_up" and view.players[0].table.card.kind == "revolution"
        assert view.players[1].table.card is None          # B's card is still face down
        assert b_card in GAME.hidden_ids(state, viewer)
    assert GAME.view(state, B).players[1].table.card.id == b_card


def test_declared_revolution_functions_as_the_declared_card():
    # 「革命カードは宣言したカードとして機能する」: 征服 vs declared 研究 = money x2
    state = rev_state(["revolution", "grow", "build", "trade"], ["conquer", "grow", "build", "trade"], (1, 1, 5))
    state, _ = play(state, "revolution", "conquer")
    state, _ = act(state, "declare", ["research"])
    assert state.last.powers == {A: 5, B: 10} and state.last.winner == B
    assert state.last.declared == {A: "research"}


def test_undeclared_revolution_has_power_2_and_nullifies_explore():
    # 12/7/15 「他のカードを宣言せずに公開もできる。その場合『権力2、探索を無効化』」
    state = rev_state(["revolution", "grow", "build", "trade"], ["explore", "grow", "build", "trade"], (5, 5, 5))
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["none"])
    assert state.last.powers == {A: 2, B: 0} and state.scores[A] == 2


def test_undeclared_revolution_triggers_no_conditional_bonus():
    # notes S12: 建設 scores production without the +3, 交易 and 征服 score 0, 成長 scores food
    for kind, expected in (("build", 4), ("trade", 0), ("conquer", 0), ("grow", 3)):
        hand = [kind] + [k for k in ("grow", "build", "trade", "research") if k != kind][:3]
        state = rev_state(["revolution", "grow", "research", "explore"], hand, (3, 4, 6))
        state, _ = play(state, "revolution", kind)
        state, _ = act(state, "declare", ["none"])
        assert state.last.powers[B] == expected, kind


def test_undeclared_option_off_removes_the_choice():
    state = rev_state(["revolution", "grow", "build", "trade"], ["explore", "grow", "build", "trade"], (5, 5, 5),
                      options={"revolution_undeclared": False})
    state, _ = play(state, "revolution", "explore")
    assert "none" not in [o.key for o in prompt(state, "declare", A).options]


def test_revolution_cannot_be_revealed_as_a_combo_card():
    # 「革命カードはコンボカードとして公開する事はできない」
    state = rev_state(["research", "revolution", "grow", "trade"], ["explore", "grow", "build", "conquer"], (1, 1, 6))
    state, _ = play(state, "research", "explore")
    p = prompt(state, "combo", A)
    assert "revolution" not in offered_kinds(state, p)
    assert offered_kinds(state, p) == ["grow"]


def test_declared_revolution_combos_as_the_declared_card():
    state = rev_state(["revolution", "trade", "grow", "research"], ["explore", "grow", "build", "conquer"], (2, 5, 4))
    state, _ = play(state, "revolution", "explore")
    state, _ = act(state, "declare", ["build"])    # 5 + 3 vs 3
    assert state.last.winner == A
    assert offered_kinds(state, prompt(state, "combo", A)) == ["trade"]


def test_revolution_goes_to_the_discard_when_it_wins_and_to_the_winner_when_it_loses():
    state = rev_state(["revolution", "trade", "grow", "research"], ["explore", "grow", "build", "conquer"], (2, 5, 4))
    rev = state.hands[A][0]
    won, _ = play(state, "revolution", "explore")
    won, _ = act(won, "declare", ["build"])
    won = stop_combo(won)
    assert DiscardEntry(card=rev, face_up=True) in won.discard
    lost, _ = play(state, "revolution", "explore")
    lost, _ = act(lost, "declare", ["conquer"])    # 0 vs 3
    assert lost.last.winner == B
    lost = stop_combo(lost)
    assert rev in lost.hands[B]


def test_without_the_revolution_option_the_deck_has_12_cards():
    state = GAME.setup([A, B], {"revolution": False}, 3)
    assert len(state.cards) == 12 and "revolution" not in state.cards.values()


def test_revolution_choice_keys_are_offered_by_kind_once():
    state = rev_state(["revolution", "grow", "grow", "trade"], ["explore", "build", "build", "conquer"], (2, 5, 4))
    p = prompt(state, "place", A)
    assert sorted(offered_kinds(state, p)) == ["grow", "revolution", "trade"]
    assert key_for_kind(state, p, "revolution") in state.hands[A]
