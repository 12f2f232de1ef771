"""The combo question is asked whenever a combo might follow by what the loser can see, so
asking it tells nothing about the winner's hand."""
from sutosute_helpers import A, B, act, play, prompt, scenario

from games.kit.leaks import check_hidden_info
from games.sutosute import GAME


def _won_with_build(a_hand):
    state = scenario({A: a_hand, B: ["explore", "research", "conquer", "grow"]}, dice=(2, 5, 4))
    state, events = play(state, "build", "explore")
    return state, events


def test_the_combo_window_opens_even_without_a_card_that_links():
    can, can_events = _won_with_build(["build", "trade", "explore", "grow"])       # Trade follows Building
    cannot, cannot_events = _won_with_build(["build", "build", "explore", "grow"])  # nothing follows
    assert [o.key for o in prompt(cannot, "combo", A).options] == ["stop"]
    assert prompt(cannot, "combo", A).options[0].label.en == "No combo"
    for viewer in (None, B):
        assert GAME.view(can, viewer).model_dump()["waiting_for"] == GAME.view(cannot, viewer).model_dump()["waiting_for"]
        assert [e.text for e in can_events if e.visible_to(viewer)] == [e.text for e in cannot_events if e.visible_to(viewer)]
    assert [(p.player, p.id) for p in GAME.prompts(can)] == [(p.player, p.id) for p in GAME.prompts(cannot)]
    can, e1 = act(can, "combo", ["stop"])
    cannot, e2 = act(cannot, "combo", ["stop"])
    assert [e.kind for e in e1 if e.to is None] == [e.kind for e in e2 if e.to is None]


def test_no_window_when_everyone_can_see_that_nothing_can_follow():
    state = scenario({A: ["build"], B: ["explore", "research", "conquer", "grow"]}, dice=(2, 5, 4))
    state, _ = play(state, "build", "explore")          # A's hand is empty now
    assert all(p.id != "combo" for p in GAME.prompts(state))


def test_random_games_leak_nothing():
    for seed, options in ((1, {}), (2, {"civilizations": True}), (3, {"draw_rule": "v2", "reshuffle_rule": "v2_discard4"})):
        check_hidden_info(GAME, [A, B], options, seed)
