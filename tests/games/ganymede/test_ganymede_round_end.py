"""Duel cleanup, reinforcement, the next first player and the end (⑥⑦⑧, notes G1, G2, G12, G14)."""
from ganymede_helpers import A, B, act, duel, faces, hp, key_of, open_ids, prompt

from games.ganymede import GAME


def test_the_damaged_player_removes_one_of_their_own_used_cards_from_the_game():
    state = duel(["9", "8"], ["5", "b7"])                     # 17 vs 12: green is damaged
    assert open_ids(state) == [("remove", B)]
    p = prompt(state, "remove", B)
    assert sorted(faces(state, [o.key for o in p.options])) == ["5", "b7"]   # own cards only
    seven = key_of(state, p, "b7", "green")
    state, events = act(state, "remove", seven, B)
    green, red = state.sides["green"], state.sides["red"]
    assert green.removed == [seven] and seven not in green.used and faces(state, green.used) == ["5"]
    assert sorted(faces(state, red.used)) == ["8", "9"]      # the undamaged player keeps everything
    assert red.play == green.play == []
    private = [e for e in events if e.kind == "removed"]
    assert private[0].to == [B] and all("7" not in e.text.en for e in events if e.to is None)
    assert state.current.removed == ["green"]


def test_when_both_are_damaged_both_remove_at_the_same_time():
    state = duel(["9", "8"], ["5", "6", "6"])                 # 17 = 17
    assert sorted(open_ids(state)) == [("remove", A), ("remove", B)]
    state, _ = act(state, "remove", prompt(state, "remove", B).options[0].key, B)
    assert open_ids(state) == [("remove", A)]


def test_the_only_damaged_player_reinforces_first():
    state = duel(["9", "8"], ["5", "6"], marker="red")       # green damaged
    state, _ = act(state, "remove", prompt(state, "remove", B).options[0].key, B)
    assert open_ids(state) == [("reinforce", B)]
    state, events = act(state, "reinforce", "10", B)
    assert open_ids(state) == [("reinforce", A)]
    ten = next(c for c in state.sides["green"].used if state.cards[c].rank == "10")
    assert state.cards[ten].colour == "black" and ten not in state.supply
    assert any(e.kind == "reinforce" and e.to is None for e in events)


def test_with_no_damage_or_both_damaged_the_marker_holder_reinforces_first():
    state = duel(["9", "8", "6"], ["9", "8", "6"], marker="green")  # both bust: nobody damaged
    assert open_ids(state) == [("reinforce", B)]
    state = duel(["9", "8"], ["5", "6", "6"], marker="green")        # both damaged
    for player in (A, B):
        state, _ = act(state, "remove", prompt(state, "remove", player).options[0].key, player)
    assert open_ids(state) == [("reinforce", B)]


def test_an_empty_supply_skips_reinforcement():
    state = duel(["9", "8", "6"], ["9", "8", "6"], supply=[])
    assert state.round == 2 and all(pid != "reinforce" for pid, _ in open_ids(state))


def test_the_last_black_card_goes_to_the_first_and_the_second_gets_none():
    state = duel(["9", "8", "6"], ["9", "8", "6"], supply=["7"])
    state, _ = act(state, "reinforce", "7", A)
    assert state.round == 2 and state.supply == []


def test_the_player_with_more_hp_goes_first_next_round_and_the_marker_never_moves():
    state = duel(["9", "8"], ["5", "6"], marker="red", hp={"red": 10, "green": 12})  # green 12 → 10, red 10
    state, _ = act(state, "remove", prompt(state, "remove", B).options[0].key, B)
    state, _ = act(state, "reinforce", "2", B)
    state, _ = act(state, "reinforce", "3", A)
    assert hp(state) == {"red": 10, "green": 10}
    assert state.round == 2 and state.first == "red" and state.marker == "red"   # equal HP → marker
    state = duel(["5", "6"], ["9", "8"], marker="red", first="red")              # red takes 2
    state, _ = act(state, "remove", prompt(state, "remove", A).options[0].key, A)
    state, _ = act(state, "reinforce", "2", A)
    state, _ = act(state, "reinforce", "3", B)
    assert state.first == "green" and state.marker == "red" and open_ids(state)[0] == ("draw", B)


def test_reaching_0_hp_ends_the_game_and_the_other_player_wins():
    state = duel(["9", "8"], ["5", "6"], hp={"red": 15, "green": 2})
    assert state.finished and GAME.prompts(state) == [] and state.winners == ["red"]
    out = GAME.outcome(state)
    assert out.winners == [A] and out.ranking == [[A], [B]] and out.scores == {A: 15.0, B: 0.0}
    assert out.summary.en == "alice (red) wins" and out.summary.ja == "alice（赤）の勝利"
    assert "**alice (red) wins!**" in GAME.render(GAME.view(state, None), "en")


def test_both_at_0_at_once_the_first_strike_marker_holder_wins():
    # 「同時に《ヒットポイント》が0以下になった場合は先攻表示コマを持っているプレイヤーが勝ち」
    state = duel(["9", "8"], ["5", "6", "6"], marker="green", hp={"red": 2, "green": 1})
    assert hp(state) == {"red": -1, "green": -1}
    assert state.finished and state.winners == ["green"] and GAME.outcome(state).winners == [B]
    # below zero is said in words, never "HP -1/15" (a minus sign reads as a dash)
    board_en, board_ja = (GAME.render(GAME.view(state, None), lang) for lang in ("en", "ja"))
    assert "HP 0/15 (1 over)" in board_en and "HP 0/15（1点超過）" in board_ja and "-1" not in board_en + board_ja


def test_the_round_limit_ends_a_game_with_more_hp_winning():
    state = duel(["9", "8"], ["5", "6"], options={"round_limit": 1})
    state, _ = act(state, "remove", prompt(state, "remove", B).options[0].key, B)
    state, _ = act(state, "reinforce", "2", B)
    state, _ = act(state, "reinforce", "2", A)
    assert state.finished and state.end_reason == "round_limit" and state.winners == ["red"]
    assert "round limit" in GAME.outcome(state).summary.en


def test_cards_are_never_lost_or_duplicated_over_a_round():
    state = duel(["9", "8"], ["5", "b7"])
    state, _ = act(state, "remove", prompt(state, "remove", B).options[0].key, B)
    state, _ = act(state, "reinforce", "A", B)
    state, _ = act(state, "reinforce", "A", A)
    every = list(state.supply)
    for side in state.sides.values():
        every += side.deck + side.used + side.removed + side.play
    assert sorted(every) == sorted(state.cards)
