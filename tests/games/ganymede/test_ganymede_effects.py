"""The draw-time black effects: 2 (a used card on top of the deck) and 4 (look at and reorder the
top 2), with the resolutions of notes G4–G6."""
from ganymede_helpers import A, B, C, act, draws, faces, key_of, open_ids, prompt, scenario

from games.ganymede import GAME


def two_drawn(**kw):
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b2", "9"]},
                     used={"red": ["8", "b7", "8"]}, **kw)
    state, _ = act(state, "draw", "draw", A)
    return state


def test_a_drawn_2_is_offered_in_the_draw_window_once_per_used_card():
    state = two_drawn()
    p = prompt(state, "draw", A)                 # duel: the same window as any face-down draw
    assert sorted(faces(state, [o.key for o in p.options if o.key in state.cards])) == ["8", "b7"]  # two 8s, one option
    assert [o.key for o in p.options if o.key not in state.cards] == ["draw", "stop"]
    assert [o.key for o in p.options if o.passes] == ["stop"]
    assert "black 2" in p.text.en and "黒2" in p.text.ja


def test_a_face_down_2_or_4_changes_nothing_the_others_see():
    two = two_drawn()
    plain = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["9", "b2"]}, used={"red": ["8", "b7", "8"]})
    plain, events = act(plain, "draw", "draw", A)
    _, two_events = act(scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b2", "9"]},
                                 used={"red": ["8", "b7", "8"]}), "draw", "draw", A)
    for viewer in (None, B):
        assert GAME.view(two, viewer) == GAME.view(plain, viewer)
        assert [e.text for e in two_events if e.visible_to(viewer)] == [e.text for e in events if e.visible_to(viewer)]
    assert GAME.view(two, None).step == "draw" and open_ids(two) == open_ids(plain) == [("draw", A)]
    # drawing on or stopping keeps it face down: the same moves and log either way
    for choice in ("draw", "stop"):
        a, ea = act(two, "draw", choice, A)
        b, eb = act(plain, "draw", choice, A)
        assert [e.kind for e in ea if e.to is None] == [e.kind for e in eb if e.to is None]
        assert open_ids(a) == open_ids(b)


def test_using_the_2_reveals_it_and_puts_the_chosen_card_on_top_of_the_deck():
    state = two_drawn()
    p = prompt(state, "draw", A)
    seven = key_of(state, p, "b7", "red")
    state, events = act(state, "draw", seven, A)
    red = state.sides["red"]
    assert red.deck[0] == seven and seven not in red.used
    assert red.face_down == [] and faces(state, red.play) == ["5", "b2"]     # the 2 is face up now
    assert any(e.kind == "reveal" and e.to is None for e in events)
    stacked = [e for e in events if e.kind == "stacked"]
    assert stacked[0].to == [A] and "black 7" in stacked[0].text.en
    assert all("7" not in e.text.en for e in events if e.to is None)          # the opponent never learns which
    # The owner's view shows the known top card, nobody else's does.
    assert [c.id for c in GAME.view(state, A).sides[0].known_top] == [seven]
    assert seven in GAME.hidden_ids(state, B) and seven in GAME.hidden_ids(state, None)
    # The next draw takes it.
    state, _ = act(state, "draw", "draw", A)
    assert state.sides["red"].play[-1] == seven and state.sides["red"].known_top == []


def test_stopping_keeps_the_2_face_down_without_effect():
    state = two_drawn()
    before = state.sides["red"].model_copy(deep=True)
    state, _ = act(state, "draw", "stop", A)
    red = state.sides["red"]
    assert red.used == before.used and red.deck == before.deck and red.face_down == before.face_down
    assert state.pending is None and open_ids(state) == [("draw", B)]


def test_a_2_with_an_empty_used_pile_offers_nothing():
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b2"]})
    state, _ = act(state, "draw", "draw", A)
    assert open_ids(state) == [("draw", A)]


def test_the_initial_card_never_triggers_an_effect():
    # notes G5: only draw-phase draws were 「裏向きで引いた」.
    state = scenario(play={"red": ["b4"], "green": ["b2"]}, used={"green": ["8"]})
    assert open_ids(state) == [("draw", A)]


def test_a_4_shows_its_owner_the_top_two_cards_and_they_may_swap_them():
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b4", "9", "6", "8"]})
    state, _ = act(state, "draw", "draw", A)
    state, events = act(state, "draw", "peek", A)
    nine, six = state.sides["red"].deck[:2]
    peeked = [e for e in events if e.kind == "peeked"]
    assert peeked[0].to == [A] and peeked[0].text.en == "Top of your deck: 9, 6."
    p = prompt(state, "order", A)
    assert [o.label.en for o in p.options] == ["Keep: 9 on top, then 6", "Swap: 6 on top, then 9"]
    assert nine not in GAME.hidden_ids(state, A) and nine in GAME.hidden_ids(state, B)
    state, _ = act(state, "order", "swap", A)
    red = state.sides["red"]
    assert red.deck[:2] == [six, nine] and red.known_top == [six, nine]
    assert [c.rank for c in GAME.view(state, A).sides[0].known_top] == ["6", "9"]
    state, _ = act(state, "draw", "draw", A)
    assert state.sides["red"].play[-1] == six and state.sides["red"].known_top == [nine]


def test_a_4_with_two_equal_cards_on_top_still_asks_the_order():
    # whether the top two are equal is for the owner only: the order step opens either way
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b4", "8", "8"]})
    state, _ = act(state, "draw", "draw", A)
    state, _ = act(state, "draw", "peek", A)
    assert open_ids(state) == [("order", A)]
    state, _ = act(state, "order", "keep", A)
    assert open_ids(state) == [("draw", A)]


def test_a_4_with_one_card_left_shows_it_and_with_none_offers_nothing():
    # notes G6: look at min(2, deck size); looking never reshuffles.
    state = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b4", "9"]}, rest_in_deck=False,
                     used={"red": ["8"]})
    state, _ = act(state, "draw", "draw", A)
    state, events = act(state, "draw", "peek", A)
    assert [e.text.en for e in events if e.kind == "peeked"] == ["Top of your deck: 9."]
    assert open_ids(state) == [("draw", A)]
    state, _ = act(state, "draw", "draw", A)                      # draws the 9; deck now empty
    empty = scenario(play={"red": ["5"], "green": ["5"]}, deck={"red": ["b4"]}, rest_in_deck=False,
                     used={"red": ["8"]})
    empty, _ = act(empty, "draw", "draw", A)
    assert open_ids(empty) == [("draw", A)] and empty.sides["red"].used != []   # no effect, no reshuffle
    assert "peek" not in [o.key for o in prompt(empty, "draw", A).options]


def test_a_revealed_effect_card_still_counts_as_a_draw_and_towards_the_total():
    # notes G4.
    state = two_drawn()
    state, _ = act(state, "draw", key_of(state, prompt(state, "draw", A), "8", "red"), A)
    red = state.sides["red"]
    assert red.draws == 1 and len(red.play) == 2


def test_coop_red_may_use_a_2_on_a_face_up_draw():
    state = scenario("coop", play={"red": ["5"], "green": ["5"], "purple": ["p10"]},
                     deck={"red": ["b2"]}, used={"red": ["9"]})
    state, _ = act(state, "draw", "draw", A)
    p = prompt(state, "effect", A)
    assert p.option("keep").label.en == "Don't use the effect"
    assert p.options[0].label.en == "Put 9 from your used pile on top of your deck"   # face up: nothing to reveal
    state, events = act(state, "effect", p.options[0].key, A)
    assert faces(state, state.sides["red"].deck[:1]) == ["9"] and any(e.kind == "use" for e in events)


def test_coop_purple_never_uses_2_or_4():
    state = scenario("coop", play={"red": ["5"], "green": ["5"], "purple": ["p3"]},
                     deck={"purple": ["p2", "p4", "p7"]}, used={"purple": ["p10"]})
    state = draws(state, A, 0)
    state, events = act(state, "draw", "stop", B)
    assert not any(e.kind in ("use", "peek", "stack") for e in events)
    assert all(pid != "effect" for pid, _ in open_ids(state))


def test_three_players_purple_may_use_its_4():
    state = scenario("three", play={"red": ["5"], "green": ["5"], "purple": ["p3"]},
                     deck={"purple": ["p4", "p7", "pA"]})
    state = draws(state, A, 0)
    state = draws(state, B, 0)
    state, _ = act(state, "draw", "draw", C)
    assert ("effect", C) in open_ids(state)
    assert prompt(state, "effect", C).option("peek").label.en.startswith("Look at the top 2 cards")
    state, _ = act(state, "effect", "peek", C)
    assert ("order", C) in open_ids(state)
