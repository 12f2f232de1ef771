"""Windows that open only when hidden cards allow them give those cards away.
Every window here opens for whoever *might* hold an eligible card by public knowledge,
answers "none" in one click, and looks the same to the others either way."""
from gs_scenario import act, keys, position, prompt, seat

from games.guns_and_steel import GAME
from games.kit import Rng
from games.kit.leaks import check_hidden_info, compare_states

P = ["you", "left", "right"]
YOU = seat(hand=["mining", "warrior", "barter", "agriculture"])


def _attack(left, right=None):
    s = position(P, {"you": YOU, "left": left, "right": right or seat(hand=["barter"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, _ = act(s, "effect", "use")
    return s


def _shape(s):
    return [(p.player, p.id) for p in GAME.prompts(s)]


def test_the_counter_window_opens_for_a_defender_who_might_counter_but_cannot():
    # left owns Warrior and Mining (both iron, 0 VP) and shows one iron resource: everyone knows
    # the resource may be the Warrior. It is the Mining here, so left has nothing to counter with.
    s = _attack(seat(hand=["warrior"], res=["mining"]))
    p = prompt(s)
    assert (p.player, p.id) == ("left", "counter") and keys(p) == ["none", "never"]
    assert "Counter window" in p.text.en and "反撃の機会" in p.text.ja
    assert [o.key for o in p.options if o.passes] == ["none"]      # an idle seat answers "none", never "never"
    s, events = act(s, "counter", "none")
    assert [e.text.en for e in events if e.kind == "counter"] == ["left does not counter."]


def test_the_board_and_log_are_the_same_whether_or_not_the_defender_can_counter():
    can = _attack(seat(hand=["mining"], res=["warrior"]))      # the resource is the Warrior: a counter
    cannot = _attack(seat(hand=["warrior"], res=["mining"]))
    assert _shape(can) == _shape(cannot) == [("left", "counter")]
    assert GAME.view(can, None) == GAME.view(cannot, None)
    assert GAME.view(can, "right") == GAME.view(cannot, "right")
    after_can, ev_can = act(can, "counter", "none")
    after_cannot, ev_cannot = act(cannot, "counter", "none")
    window = [e.text for e in ev_can if e.kind in ("counter", "compare")]
    assert window == [e.text for e in ev_cannot if e.kind in ("counter", "compare")]
    assert [e.kind for e in ev_can] == [e.kind for e in ev_cannot]   # then left depletes both (revealing them)


def test_nobody_is_asked_who_everyone_knows_has_no_counter():
    s = position(P, {"you": YOU, "left": seat(hand=["mining", "barter"], res=["agriculture"]),
                     "right": seat(res=["agriculture"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "warrior")
    s, events = act(s, "effect", "use")
    assert not any(e.kind == "counter" for e in events)            # no window for left or right at all
    assert next(e for e in events if e.kind == "compare").data["result"] == {"left": "lost", "right": "lost"}


def test_a_player_may_choose_never_to_be_asked_about_counters_again():
    s = _attack(seat(hand=["warrior"], res=["mining", "reinforcement"]))
    assert keys(prompt(s), s) == ["reinforcement", "none", "never"]
    s, events = act(s, "counter", "never")
    assert any(e.kind == "never_ask" and "left" in e.text.en and "反撃" in e.text.ja for e in events)
    assert s.never_ask == {"left": ["counter"]}
    assert GAME.load_state(s.model_dump_json()).never_ask == {"left": ["counter"]}
    # the next attack (left's own Warrior later, or anyone's) skips left's window
    s2 = s.model_copy(deep=True)
    s2.attack = None
    from games.guns_and_steel.attack import start_attack
    from games.guns_and_steel.flow import advance
    s2.tasks = []
    start_attack(s2, "you", "warrior", [])
    advance(s2, [])
    assert ("left", "counter") not in _shape(s2)


def test_countering_takes_one_card_per_click_then_done():
    s = _attack(seat(hand=["reinforcement", "knight"], res=["warrior"]))
    assert keys(prompt(s), s) == ["reinforcement", "knight", "warrior", "none", "never"]
    s, _ = act(s, "counter", "knight")
    p = prompt(s)
    assert p.id == "counter" and "yours is 2" in p.text.en
    assert [o.label.en for o in p.options if o.key == "none"] == ["Done countering"]
    s, events = act(s, "counter", "none")
    assert not any(e.kind == "counter" for e in events)           # "does not counter" only when nothing was played
    assert next(e for e in events if e.kind == "compare").data["result"]["left"] == "held"


def test_reinforcement_is_offered_when_a_fitting_card_might_be_in_hand_and_none_answers_it():
    # you own Warrior and Mining (iron, 0 VP), one of them showing as a resource: the Warrior
    # may be in hand. It is not: the play-more window opens and "none" ends it.
    s = position(P, {"you": seat(hand=["reinforcement", "mining", "agriculture", "barter"], res=["warrior"]),
                     "left": seat(hand=["barter"]), "right": seat(hand=["barter"])})
    s, _ = act(s, "resource", "agriculture")
    s, _ = act(s, "progress", "reinforcement")
    assert keys(prompt(s)) == ["use", "skip"]
    s, _ = act(s, "effect", "use")
    p = prompt(s)
    assert (p.id, keys(p)) == ("play_more", ["none"]) and "Play more" in p.text.en
    s, events = act(s, "play_more", "none")
    assert any("no more fitting cards" in e.text.en for e in events)
    assert "play_more" not in {p.id for p in GAME.prompts(s)}


def test_the_resource_phase_asks_even_when_every_hand_card_is_the_same():
    s = position(P, {"you": seat(hand=["mining", "mining"]), "left": seat(hand=["barter"]), "right": seat(hand=["barter"])})
    assert (prompt(s).id, len(prompt(s).options)) == ("resource", 1)


def test_q5_flanking_is_applied_without_a_do_not_use_option():
    s = position(P, {"you": seat(hand=["mining", "flanking", "warrior", "agriculture"]),
                     "left": seat(hand=["barter"]), "right": seat(hand=["barter"])})
    s, _ = act(s, "resource", "mining")
    s, _ = act(s, "progress", "flanking")
    p = prompt(s)
    assert p.id == "play_more" and "skip" not in keys(p)
    s, events = act(s, "play_more", "warrior")                     # then Warrior's effect must be applied too
    assert any(e.kind == "attack" and "Warrior" in e.text.en for e in events)
    assert not any(e.kind == "skip_effect" for e in events)


def test_a_loser_choosing_resources_is_asked_even_when_they_are_all_the_same_card():
    s = _attack(seat(hand=["barter"], res=["agriculture", "agriculture", "agriculture"]), seat(hand=["barter"]))
    assert (prompt(s).id, prompt(s).player, len(prompt(s).options)) == ("deplete", "left", 1)


def test_resampled_positions_look_the_same_to_everyone_but_the_owner():
    s = _attack(seat(hand=["warrior"], res=["mining"]))
    rng = Rng(seed=3)
    for viewer in [None, "you", "right"]:
        for _ in range(5):
            compare_states(GAME, s, GAME.resample(s, viewer, rng), viewer, "scenario")


def test_random_games_leak_nothing_through_windows_steps_or_the_log():
    # (every set and player count runs in tests/test_games_contract.py; this is the example)
    check_hidden_info(GAME, ["p0", "p1", "p2"], {"set": "base"}, 10000, every=2)
