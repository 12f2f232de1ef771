"""Initial and draw phases: up to 3 draws, the over-21 stop (A as 1), turn order, reshuffles,
the co-op purple side's automatic draws and the free purple seat in three players."""
from ganymede_helpers import A, B, C, act, draws, faces, may_draw, open_ids, played, prompt, scenario


def test_first_player_draws_before_the_second_and_may_draw_up_to_three():
    # ②③ 「裏向きのカードは3枚まで引いてもかまいません」
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["6", "8", "8"]}, first="green")
    assert open_ids(state) == [("draw", B)]                       # green is this round's first player
    state = draws(state, B, 0)
    assert open_ids(state) == [("draw", A)]
    state = draws(state, A, 3, stop=False)                        # 5 + 6 + 8 = 19 allows the third draw
    assert state.sides["red"].draws == 3 and not may_draw(state, A)
    assert [o.key for o in prompt(state, "draw", A).options] == ["stop"]   # the face-down window: "Done"


def test_three_draws_then_no_more_even_below_21():
    state = scenario(play={"red": ["b2"], "green": ["5"]}, deck={"red": ["b3", "b2", "b3"]}, rest_in_deck=True)
    state = draws(state, A, 3, stop=False)
    assert faces(state, state.sides["red"].play) == ["b2", "b3", "b2", "b3"]   # total 10, 4 cards
    assert not may_draw(state, A)
    state, _ = act(state, "draw", "stop", A)
    assert open_ids(state) == [("draw", B)]


def test_a_total_over_21_stops_further_draws():
    # 「合計が21を超えていた場合は、それ以上カードを引くことはできません」
    state = scenario(play={"red": ["9"], "green": ["5"]}, deck={"red": ["8", "6"]})
    state = draws(state, A, 2, stop=False)                        # 9 + 8 + 6 = 23
    assert state.sides["red"].draws == 2 and not may_draw(state, A)
    state, events = act(state, "draw", "stop", A)                 # the same "stops drawing" as anyone's
    assert open_ids(state) == [("draw", B)] and [e.kind for e in events] == ["stop"]


def test_exactly_21_still_allows_a_draw():
    state = scenario(play={"red": ["9"], "green": ["5"]}, deck={"red": ["6", "6"]})
    state = draws(state, A, 2, stop=False)                        # 9 + 6 + 6 = 21: not over 21
    assert may_draw(state, A)


def test_an_ace_counts_as_1_for_the_draw_limit():
    # notes G3: the check uses printed values with A = 1.
    state = scenario(play={"red": ["9"], "green": ["5"]}, deck={"red": ["bA", "8"]})
    state = draws(state, A, 2, stop=False)                        # 9 + 1 + 8 = 18
    assert may_draw(state, A)
    strict = scenario(play={"red": ["9"], "green": ["5"]}, deck={"red": ["bA", "8"]}, options={"draw_check_ace": 11})
    strict = draws(strict, A, 2, stop=False)                      # 9 + 11 + 8 = 28 with the host option
    assert not may_draw(strict, A)


def test_stopping_at_once_is_allowed_and_marks_a_pass():
    state = scenario(play={"red": ["5"], "green": ["5"]})
    p = prompt(state, "draw", A)
    assert [o.key for o in p.options if o.passes] == ["stop"]
    state, events = act(state, "draw", "stop")
    assert state.sides["red"].draws == 0 and any(e.kind == "stop" for e in events)


def test_duel_draws_are_face_down_and_told_only_to_the_drawer():
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["9"]})
    state, events = act(state, "draw", "draw", A)
    card = state.sides["red"].play[1]
    assert state.sides["red"].face_down == [card]
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].to == [A] and "9" in drew[0].text.en
    public = [e for e in events if e.to is None]
    assert public and all("9" not in e.text.en for e in public)


def test_an_empty_deck_is_rebuilt_from_the_shuffled_used_pile():
    # 「出撃デッキからカードを引こうとして引けない場合は、使用済デッキを…混ぜ、出撃デッキを作り直します」
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": []}, used={"red": ["9", "8"]}, rest_in_deck=False)
    assert state.sides["red"].deck == []
    state, events = act(state, "draw", "draw", A)
    red = state.sides["red"]
    assert any(e.kind == "reshuffle" for e in events)
    assert red.used == [] and len(red.deck) == 1 and faces(state, red.play[1:] + red.deck) in (["9", "8"], ["8", "9"])


def test_with_no_card_anywhere_no_draw_is_offered():
    # notes G15: nothing to draw → the side just cannot draw.
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"green": ["6"]}, rest_in_deck=False)
    assert open_ids(state) == [("draw", B)]


def test_coop_red_then_green_draw_face_up_then_purple_draws_automatically_past_17():
    # Co-op ②③: red and green draw face up (notes G16), purple draws until strength > 17 or 3 cards (G17).
    state = scenario("coop", play={"red": ["5"], "green": ["5"], "purple": ["p2"]},
                     deck={"red": ["6"], "purple": ["p3", "p7", "p10", "p4"]})
    assert open_ids(state) == [("draw", A)]
    state, events = act(state, "draw", "draw", A)
    assert state.sides["red"].face_down == [] and any("6" in e.text.en for e in events if e.to is None)
    state = draws(state, A, 0)
    assert open_ids(state) == [("draw", B)]
    state, _ = act(state, "draw", "stop", B)
    assert played(state, "purple") == ["p2", "p3", "p7", "p10"]   # 2 → 5 → 12 → 22: the third draw is the last


def test_coop_purple_stops_as_soon_as_it_is_over_17_counting_an_ace_as_11():
    state = scenario("coop", play={"red": ["5"], "green": ["5"], "purple": ["p7"]},
                     deck={"purple": ["pA", "p10"]})
    state = draws(state, A, 0)
    state = draws(state, B, 0)
    assert played(state, "purple") == ["p7", "pA"]                # 7 + 11 = 18 > 17


def test_coop_purple_counts_an_ace_as_1_when_11_would_bust():
    state = scenario("coop", play={"red": ["5"], "green": ["5"], "purple": ["p10"]},
                     deck={"purple": ["p7", "pA", "p3"]})
    state = draws(state, A, 0)
    state = draws(state, B, 0)
    # 10 + 7 = 17 → draws; + A: 11 would make 28, so A = 1 → 18 > 17 → stops.
    assert played(state, "purple") == ["p10", "p7", "pA"]


def test_three_players_purple_draws_by_choice_without_the_17_rule():
    state = scenario("three", play={"red": ["5"], "green": ["5"], "purple": ["p10"]},
                     deck={"purple": ["p7", "p2", "p3"]})
    state = draws(state, A, 0)
    state = draws(state, B, 0)
    assert open_ids(state) == [("draw", C)]
    state = draws(state, C, 1, stop=False)                        # 10 + 7 = 17
    state = draws(state, C, 1, stop=False)                        # 19: over 17, still allowed to draw
    assert ("draw", C) in open_ids(state)
    state = draws(state, C, 0)
    assert played(state, "purple") == ["p10", "p7", "p2"]
