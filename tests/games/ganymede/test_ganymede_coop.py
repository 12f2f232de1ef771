"""Co-op (red and green against the automated purple side) and three players (purple is a seat):
two damage phases in order, effects that do not carry over, win and loss (notes G17–G24)."""
from ganymede_helpers import A, B, C, act, draws, hp, open_ids, played, prompt, scenario

from games.ganymede import GAME


def coop(red, green, purple, mode="coop", **kw):
    """Each side opens with its first card and draws the rest; purple's rest is its deck top."""
    state = scenario(mode, play={"red": red[:1], "green": green[:1], "purple": purple[:1]},
                     deck={"red": red[1:], "green": green[1:], "purple": purple[1:]}, **kw)
    for player, cards in ((A, red), (B, green)):
        if ("draw", player) in open_ids(state):
            state = draws(state, player, len(cards) - 1)
    return state


def clashes(state):
    record = state.current if state.current and state.current.clashes else state.last
    return {c.sides[0]: c for c in record.clashes}


def finish_round(state):
    """Answer cleanup and reinforcement with the first option until the next round's draws."""
    while not state.finished and state.step in ("remove", "reinforce"):
        p = GAME.prompts(state)[0]
        state, _ = GAME.apply(state, p.player, p.id, [p.options[0].key])
    return state


def test_red_and_green_each_compare_with_purple():
    state = coop(["9", "8"], ["5", "6"], ["p10", "p7", "pA"])  # purple: A = 1 (11 would bust) → 18 > 17 stops
    c = clashes(state)
    assert c["red"].strength == {"red": 19, "purple": 18} and c["red"].dealt == {"red": 2, "purple": 0}
    assert c["green"].strength == {"green": 13, "purple": 18} and c["green"].dealt == {"green": 0, "purple": 5}
    assert hp(state) == {"red": 15, "green": 10, "purple": 13}   # purple: 3 cards + 2 (its 7)


def test_reds_10_and_3_do_not_carry_into_greens_comparison():
    # 「⑤のダメージ算出フェイズ(赤)で使った赤陣営のカード効果は、このフェイズでは無効」
    state = coop(["b10", "b3"], ["9", "8"], ["p2", "p7", "p4", "p3"])  # purple 16 after its 3 draws
    assert open_ids(state) == [("threes", A)]
    assert prompt(state, "threes", A).text.en.startswith("Showdown: use your 3 on Purple")
    state, _ = act(state, "threes", "+1", A)
    c = clashes(state)
    assert c["red"].strength["purple"] == 16 + 2 + 1           # red's 10 and 3 apply here
    assert c["green"].strength["purple"] == 16                 # ...and not here


def test_purple_ignores_its_own_3_in_coop_and_its_ace_is_11_unless_that_busts():
    state = coop(["9", "8"], ["9", "6"], ["pA", "p3", "p4"])  # A = 11: 11 + 3 = 14, + 4 = 18 > 17
    assert all(pid != "threes" for pid, _ in open_ids(state))
    c = clashes(state)
    assert c["red"].strength == {"red": 17, "purple": 18} and c["green"].strength == {"green": 15, "purple": 18}
    assert played(state, "purple") == ["pA", "p3", "p4"]


def test_purple_ace_is_decided_before_opponent_modifiers():
    # notes G18: 11 + 7 = 18 on its own cards, even though red's 10 then takes it to 20.
    state = coop(["b10", "9"], ["5", "6"], ["pA", "p7"])
    c = clashes(state)
    assert c["red"].strength["purple"] == 20 and c["green"].strength["purple"] == 18


def test_purples_10_caps_each_comparison_at_3_so_purple_can_lose_6_a_round():
    state = coop(["5", "b7", "b7"], ["5", "b7", "6"], ["p10", "p3", "p4", "p2"])  # purple 19
    c = clashes(state)
    assert c["red"].strength["red"] == 21 and c["red"].dealt["red"] == 3 and c["red"].capped["red"]
    assert c["green"].strength["green"] == 20 and c["green"].dealt["green"] == 3 and c["green"].capped["green"]
    assert hp(state)["purple"] == 9


def test_purple_falling_in_reds_comparison_ends_the_game_before_green_compares():
    state = coop(["9", "8"], ["5", "6"], ["p2", "p3", "p4", "p7"], hp={"purple": 2})  # 17 vs 16
    assert state.finished and state.winners == ["red", "green"]
    assert list(clashes(state)) == ["red"]
    out = GAME.outcome(state)
    assert out.winners == [A, B] and out.ranking == [[A, B]] and "defeat purple" in out.summary.en


def test_purple_and_red_falling_together_is_a_win():
    # 「紫の陣営と、赤緑の陣営が同時に《ヒットポイント》が0以下になった場合はプレイヤーの勝ち」
    state = coop(["9", "8", "bA"], ["5", "6"], ["pA", "p7"], hp={"red": 1, "purple": 1})
    state, _ = act(state, "aces", "a0", A)                    # red 18 = purple 18: both deal
    c = clashes(state)
    assert c["red"].dealt == {"red": 3, "purple": 4}
    assert state.finished and state.winners == ["red", "green"] and hp(state)["red"] <= 0


def test_a_fallen_side_stops_playing_and_both_fallen_is_a_loss():
    state = coop(["5", "6"], ["9", "8"], ["pA", "p7"], hp={"red": 1})  # red 11 < 18: red falls
    assert not state.finished and hp(state)["red"] <= 0
    state = finish_round(state)
    assert state.round == 2 and open_ids(state)[0] == ("draw", B)     # red no longer draws
    assert state.sides["red"].play == [] and all(p != A for _, p in open_ids(state))
    lost = coop(["5", "6"], ["5", "6"], ["pA", "p7"], hp={"red": 1, "green": 1})
    assert lost.finished and lost.winners == ["purple"] and GAME.outcome(lost).winners == []
    assert "Purple defeats" in GAME.outcome(lost).summary.en


def test_the_either_loss_option_ends_the_game_when_one_side_falls():
    state = coop(["5", "6"], ["9", "8"], ["pA", "p7"], hp={"red": 1}, options={"coop_loss": "either"})
    assert state.finished and state.winners == ["purple"] and list(clashes(state)) == ["red"]


def test_coop_cleanup_only_damaged_red_or_green_remove_and_purple_never_does():
    state = coop(["9", "8"], ["5", "6"], ["p10", "p7", "p2"])  # purple 19 and its 10: red 19 ties, green 13
    assert sorted(open_ids(state)) == [("remove", A), ("remove", B)]
    assert hp(state)["purple"] == 13
    state = finish_round(state)
    purple = state.sides["purple"]
    assert purple.removed == [] and len(purple.used) == 3
    assert len(state.sides["red"].removed) == len(state.sides["green"].removed) == 1


def test_coop_reinforcement_red_then_green_and_purple_gets_nothing():
    state = coop(["9", "8"], ["9", "6"], ["pA", "p7"])         # 17 and 15 vs 18: both damaged
    while state.step == "remove":
        p = GAME.prompts(state)[0]
        state, _ = GAME.apply(state, p.player, p.id, [p.options[0].key])
    assert open_ids(state) == [("reinforce", A)]
    state, _ = act(state, "reinforce", "7", A)
    assert open_ids(state) == [("reinforce", B)]
    state, _ = act(state, "reinforce", "7", B)
    assert state.round == 2 and not any(state.cards[c].colour == "black" for c in state.sides["purple"].used)


def test_three_players_purple_declares_last_and_aims_each_3_at_red_and_green():
    state = coop(["bA", "8"], ["9", "8"], ["p3", "p7"], mode="three")
    state = draws(state, C, 1)                               # purple 10
    assert open_ids(state) == [("aces", A)]
    state, _ = act(state, "aces", "a1", A)                   # red 19
    assert open_ids(state) == [("threes", C)]
    assert "alice (red)" in prompt(state, "threes", C).text.en
    state, _ = act(state, "threes", "+1", C)                 # red 20
    assert "bob (green)" in prompt(state, "threes", C).text.en
    state, _ = act(state, "threes", "-1", C)                 # green 16
    c = clashes(state)
    assert c["red"].strength == {"red": 20, "purple": 10} and c["green"].strength == {"green": 16, "purple": 10}


def test_three_players_purple_removes_nothing_but_reinforces_after_green():
    state = coop(["9", "8"], ["9", "8"], ["p3", "p2"], mode="three")
    state = draws(state, C, 0)                               # purple stays at 3
    state, _ = act(state, "threes", "0", C)
    state, _ = act(state, "threes", "0", C)
    assert hp(state)["purple"] == 11 and all(pid != "remove" for pid, _ in open_ids(state))
    assert open_ids(state) == [("reinforce", A)]
    state, _ = act(state, "reinforce", "A", A)
    state, _ = act(state, "reinforce", "A", B)
    assert open_ids(state) == [("reinforce", C)]
    state, _ = act(state, "reinforce", "A", C)
    assert any(state.cards[c].colour == "black" for c in state.sides["purple"].used)


def test_three_players_purple_wins_when_red_and_green_have_fallen():
    state = coop(["5", "6"], ["5", "6"], ["p10", "p7"], mode="three", hp={"red": 1, "green": 1})
    state = draws(state, C, 1)                               # purple 17; red and green 11 + 2 = 13
    assert state.finished and state.winners == ["purple"]
    out = GAME.outcome(state)
    assert out.winners == [C] and out.ranking == [[C], [A, B]]
    assert out.summary.en.startswith("carol (purple) wins") and "**carol (purple) wins!**" in GAME.render(
        GAME.view(state, None), "en")


def test_red_and_green_win_together_in_plural():
    state = coop(["9", "8"], ["9", "8"], ["p2", "p3"], mode="three", hp={"purple": 1})
    state = draws(state, C, 0)
    assert state.finished and state.winners == ["red", "green"]
    assert GAME.outcome(state).summary.en == "alice (red) and bob (green) win"
