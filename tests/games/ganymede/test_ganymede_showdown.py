"""Showdown and damage in the duel: both Q&A examples, declarations in first-player order, bust,
exactly 21, ties and the 3 / 7 / 10 / A effects (notes G8–G11)."""
import pytest
from ganymede_helpers import A, B, act, duel, hp, open_ids, prompt

from games.ganymede import GAME
from games.kit import IllegalAction


def last_clash(state):
    record = state.current if state.current and state.current.clashes else state.last
    return record.clashes[-1]


def test_qa1_ace_and_9_against_7_and_10_deals_4():
    # Q&A 1: first player A + 9 declares A = 1 (10, +2 from the opponent's 10 = 12); second 7 + 10 = 17
    # wins with 2 cards + 2 (the 7) = 4 damage.
    state = duel(["bA", "9"], ["b7", "b10"])
    assert open_ids(state) == [("aces", A)]
    p = prompt(state, "aces", A)
    assert [o.label.en for o in p.options] == ["A = 1 (cards total 10)", "A = 11 (cards total 20)"]
    assert "+2" in p.text.en                                  # the opposing 10 is known when declaring
    state, events = act(state, "aces", "a0", A)
    c = last_clash(state)
    assert c.strength == {"red": 12, "green": 17} and c.dealt == {"red": 0, "green": 4}
    assert hp(state) == {"red": 11, "green": 15}
    assert any(e.kind == "damage" for e in events)


def test_qa1_counting_the_ace_as_11_would_bust_at_22():
    state = duel(["bA", "9"], ["b7", "b10"])
    state, _ = act(state, "aces", "a1", A)
    c = last_clash(state)
    assert c.strength["red"] == 22 and c.bust["red"] and c.dealt == {"red": 0, "green": 4}


def test_qa2_21_by_the_opponents_tens_deals_6_capped_at_3():
    # Q&A 2: 4 + 6 + 7 = 17, +4 from two opposing 10s = 21: 3 cards + 1 + 2 = 6, capped at 3.
    state = duel(["6", "b4", "b7"], ["b10", "b10"])
    c = last_clash(state)
    assert c.strength == {"red": 21, "green": 20}
    assert c.dealt == {"red": 3, "green": 0} and c.capped["red"]
    assert hp(state) == {"red": 15, "green": 12}


def test_higher_strength_deals_one_damage_per_card_used():
    state = duel(["9", "8"], ["5", "6", "8"])                 # 17 vs 19: green used 3 cards
    assert last_clash(state).dealt == {"red": 0, "green": 3} and hp(state)["red"] == 12


def test_exactly_21_adds_one_damage():
    state = duel(["9", "6", "6"], ["8", "9"])                 # 21 vs 17
    assert last_clash(state).dealt == {"red": 4, "green": 0}


def test_22_or_more_counts_as_0_and_the_other_side_still_hits():
    state = duel(["9", "8", "6"], ["5"])                      # 23 busts; 5 > 0
    c = last_clash(state)
    assert c.bust == {"red": True, "green": False} and c.dealt == {"red": 0, "green": 1}


def test_both_busted_nobody_deals_damage():
    state = duel(["9", "8", "6"], ["9", "8", "6"])
    assert last_clash(state).dealt == {"red": 0, "green": 0} and hp(state) == {"red": 15, "green": 15}


def test_equal_strength_deals_damage_both_ways():
    state = duel(["9", "8"], ["5", "6", "6"])                 # 17 = 17
    assert last_clash(state).dealt == {"red": 2, "green": 3} and hp(state) == {"red": 12, "green": 13}


def test_each_7_adds_two_damage():
    state = duel(["b7", "b7", "5"], ["6", "8"])               # 19 vs 14: 3 cards + 2 + 2
    assert last_clash(state).dealt["red"] == 7


def test_each_10_adds_two_to_the_opponent_and_can_bust_them():
    state = duel(["b10", "b10"], ["9", "8"])                  # green 17 + 4 = 21 (+1 damage) vs 20
    c = last_clash(state)
    assert c.strength == {"red": 20, "green": 21} and c.dealt["green"] == 3  # 2 + 1 = 3 (no cap needed)
    state = duel(["b10", "b10"], ["9", "8", "b2"])            # 19 + 4 = 23: bust
    assert last_clash(state).bust["green"] and last_clash(state).dealt == {"red": 2, "green": 0}


def test_one_10_caps_damage_taken_at_3_and_two_10s_still_cap_at_3():
    # 「受けるダメージの最大数は累積せず3のまま」
    state = duel(["b10", "b2", "b2"], ["5", "b7", "b7"], first="green")  # green 19 + 2 = 21: 3 + 1 + 4 = 8
    c = last_clash(state)
    assert c.strength == {"green": 21, "red": 14} and c.dealt["green"] == 3 and c.capped["green"]
    state = duel(["b10", "b10"], ["8", "b7", "b2"])           # green 17 + 4 = 21: 3 + 1 + 2 = 6
    c = last_clash(state)
    assert c.dealt["green"] == 3 and c.capped["green"] and hp(state)["red"] == 12


def test_damage_of_3_or_less_is_not_reported_as_capped():
    state = duel(["b10", "9"], ["9", "8"])                    # green 17 + 2 = 19 vs 19: 2 each
    c = last_clash(state)
    assert c.dealt == {"red": 2, "green": 2} and not any(c.capped.values())


def test_the_first_player_declares_first_even_when_green():
    state = duel(["bA", "9"], ["bA", "b3"], first="green")
    assert open_ids(state) == [("aces", B)]
    state, _ = act(state, "aces", "a1", B)                   # green: 11 + 3 = 14
    assert open_ids(state) == [("threes", B)]
    state, _ = act(state, "threes", "-1", B)
    assert open_ids(state) == [("aces", A)]                  # red declares knowing green's choices
    assert GAME.view(state, A).sides[1].threes == {"red": -1}
    state, _ = act(state, "aces", "a1", A)                   # red: 20 - 1 = 19 vs 14
    c = last_clash(state)
    assert c.strength == {"green": 14, "red": 19} and c.dealt == {"green": 0, "red": 2}


def test_a_3_moves_the_opponent_by_minus_1_0_or_plus_1():
    state = duel(["9", "b3"], ["9", "8", "b3"])              # red 12, green 20
    p = prompt(state, "threes", A)
    assert [o.key for o in p.options] == ["-1", "0", "+1"] and p.option("0").passes
    state, _ = act(state, "threes", "+1", A)                 # green 21
    state, _ = act(state, "threes", "+1", B)                 # red 13
    c = last_clash(state)
    assert c.strength == {"red": 13, "green": 21} and c.dealt["green"] == 4  # 3 cards + 1 for exactly 21


def test_two_3s_offer_the_net_change_once():
    state = duel(["b3", "b3", "9"], ["9", "8"])
    assert [o.key for o in prompt(state, "threes", A).options] == ["-2", "-1", "0", "+1", "+2"]
    state, _ = act(state, "threes", "+2", A)                 # green 17 + 2 = 19 vs 15
    assert last_clash(state).strength == {"red": 15, "green": 19}


def test_two_aces_offer_how_many_count_as_11():
    state = duel(["bA", "bA", "9"], ["9", "8"])
    assert [o.key for o in prompt(state, "aces", A).options] == ["a0", "a1", "a2"]
    state, _ = act(state, "aces", "a1", A)                   # 1 + 11 + 9 = 21
    assert last_clash(state).strength["red"] == 21 and last_clash(state).dealt["red"] == 4


def test_bad_declarations_are_refused_with_a_clear_message_and_change_nothing():
    state = duel(["bA", "9"], ["b7", "b10"])
    before = state.model_dump_json()
    for player, pid, choice in ((A, "aces", ["a2"]), (B, "aces", ["a0"]), (A, "threes", ["0"])):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(state, player, pid, choice)
        assert e.value.text.en and e.value.text.ja
    assert state.model_dump_json() == before


def test_a_strength_of_0_against_a_bust_is_a_tie_so_the_side_that_did_not_bust_deals_its_damage():
    # 「《強さ》が22以上になってしまった場合は、《強さ》を0として扱い、ダメージを与えることができません」 and
    # 「両プレイヤーの《強さ》が同じ場合は、両プレイヤーが同時に相手にダメージを与えます」: 0 = 0, and only
    # the busted side is barred from dealing damage.
    state = duel(["bA"], ["b3", "9", "8", "6"])                # green 26 busts
    state, _ = act(state, "aces", "a0", A)                     # red 1
    state, _ = act(state, "threes", "-1", B)                   # red 0
    c = last_clash(state)
    assert c.strength == {"red": 0, "green": 26} and c.dealt == {"red": 1, "green": 0}
    assert hp(state) == {"red": 15, "green": 14}


def test_the_earlier_reading_of_0_against_a_bust_is_a_documented_option():
    state = duel(["bA"], ["b3", "9", "8", "6"], options={"zero_against_bust": "none"})
    state, _ = act(state, "aces", "a0", A)
    state, _ = act(state, "threes", "-1", B)
    assert last_clash(state).dealt == {"red": 0, "green": 0} and hp(state) == {"red": 15, "green": 15}
    assert "zero_against_bust" in GAME.Options.model_json_schema()["properties"]


def test_the_showdown_board_shows_the_cards_and_no_empty_round_heading():
    state = duel(["b3", "8"], ["8", "9"])                     # red must declare its 3 first
    assert open_ids(state) == [("threes", A)]
    for lang, heading in (("en", "This round:"), ("ja", "今回のラウンド：")):
        board = GAME.render(GAME.view(state, None), lang)
        assert heading not in board and ("black 3, 8" in board or "黒3、8" in board)
    state, _ = act(state, "threes", "-1", A)
    board = GAME.render(GAME.view(state, None), "en")
    assert "This round:" in board and "3→bob (green) -1" in board   # once resolved, the record says what was used
