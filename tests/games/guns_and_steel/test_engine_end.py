"""End of game (seed-B ゲームの終了), scoring and tie-break, the turn-limit safeguard, what each
viewer sees, and refusals of bad input."""
import pytest
from gs_scenario import act, field_of, position, prompt, seat

from games.guns_and_steel import GAME
from games.guns_and_steel.scoring import score
from games.kit import IllegalAction

P = ["you", "rival"]


def test_buying_the_last_space_card_ends_the_game_at_once():
    s = position(P, {"you": seat(hand=["warrior"], res=["agriculture"]), "rival": seat(hand=["mining", "barter"])},
                 pyramid={"space": ["stock"]}, energy={"space": 2})
    # (a scenario: Stock stands in a space slot; the rule looks at the space row)
    s, events = act(s, "purchase", "stock")
    assert s.finished and s.end_reason == "space" and GAME.prompts(s) == []
    assert "stock" in field_of(s, "you")[0]                         # no end phase: nothing was recollected
    end = next(e for e in events if e.kind == "game_end")
    assert end.text.en == "The game ends: the last space-era card was bought." and "最後の宇宙時代カードの購入" in end.text.ja
    out = GAME.outcome(s)
    assert "(the last space-era card was bought)" in out.summary.en and "（最後の宇宙時代カードの購入）" in out.summary.ja
    assert GAME.render(GAME.view(s, None), "en").endswith("**Game over**: the last space-era card was bought.")


def test_taking_the_last_wonder_ends_the_game_at_once():
    s = position(P, {"you": seat(hand=["barter"], res=["agriculture", "mining", "reinforcement"]),
                     "rival": seat(hand=["mining", "barter"])}, wonders=["great_pyramids"])
    assert s.finished and s.end_reason == "wonders"
    assert s.seats["you"].wonders == ["great_pyramids"]
    # 3 food resources (Barter played as a resource is the third): the wonder is taken before recollection
    assert field_of(s, "you")[1] == ["agriculture", "mining", "reinforcement", "barter"]


def test_a_wonder_is_taken_automatically_when_only_one_qualifies_and_play_goes_on():
    s = position(P, {"you": seat(hand=["barter"], res=["agriculture", "reinforcement"]),
                     "rival": seat(hand=["mining", "barter"])}, wonders=["great_pyramids", "himeji"])
    assert s.seats["you"].wonders == ["great_pyramids"] and s.table_wonders == ["himeji"] and not s.finished


def test_no_wonder_with_two_or_more_cards_in_hand():
    s = position(P, {"you": seat(hand=["barter", "mining", "warrior", "agriculture"], res=["agriculture", "reinforcement"]),
                     "rival": seat(hand=["mining", "barter"])}, wonders=["great_pyramids", "himeji"])
    s, _ = act(s, "resource", "barter")                              # the third food resource
    s, _ = act(s, "progress", "mining")
    s, _ = act(s, "effect", "skip")
    assert s.seats["you"].wonders == [] and s.active == "rival"     # 2 cards left in hand: no end-phase steps


def test_score_counts_card_vp_in_hand_and_field_plus_wonders():
    s = position(P, {"you": seat(hand=["cannon"], res=["tank"], up=["computer"], wonders=["himeji"]),
                     "rival": seat(hand=["mining", "barter"])})
    assert score(s, "you") == 2 + 3 + 4 + 5                          # oil 2, earth 3, space 4, Himeji 5


def _finished(you, rival, reason="space"):
    s = position(P, {"you": you, "rival": rival})
    s.finished, s.end_reason, s.tasks = True, reason, []
    return s


def test_the_most_vp_wins():
    s = _finished(seat(hand=["tank"]), seat(hand=["cannon", "stock"]))
    out = GAME.outcome(s)
    assert out.winners == ["rival"] and out.ranking == [["rival"], ["you"]] and out.scores == {"you": 3.0, "rival": 5.0}


def test_a_tie_goes_to_the_most_cards_wonders_included():
    s = _finished(seat(hand=["cannon", "mining"], wonders=["taj_mahal"]), seat(hand=["cannon", "agriculture"], up=["stock"],
                                                                               res=["trade"]))
    assert score(s, "you") == score(s, "rival") == 7
    assert GAME.outcome(s).winners == ["rival"]                      # 4 cards against 3 (the wonder counts)


def test_a_full_tie_shares_the_place():
    s = _finished(seat(hand=["cannon", "mining"]), seat(hand=["trade", "barter"]))
    out = GAME.outcome(s)
    assert out.winners == ["you", "rival"] and out.ranking == [["you", "rival"]]


def test_the_turn_limit_safeguard_ends_and_scores_the_game():
    s = GAME.setup(P, {"set": "base", "max_rounds": 5}, 3)
    from games.kit import Rng, random_action
    rng = Rng(seed=1)
    while GAME.prompts(s):
        a = random_action(GAME, s, rng)
        s, _ = GAME.apply(s, a.player, a.prompt_id, a.choice)
    assert s.turn <= 10 and GAME.outcome(s) is not None
    assert s.end_reason in ("round_limit", "space", "wonders")


def test_by_default_no_round_limit_cuts_a_long_game_short():
    """The rulebooks have no round limit: a slow game (here past round 500, the cap's maximum) goes on."""
    assert GAME.Options().max_rounds is None
    s = position(P, {"you": seat(hand=["warrior", "mining", "barter", "agriculture"]),
                     "rival": seat(hand=["mining", "barter"])})
    s.turn = 2 * 500
    s, _ = act(s, "resource", "warrior")
    s, _ = act(s, "progress", "mining")
    s, events = act(s, "effect", "skip")
    assert not s.finished and s.active == "rival" and s.turn == 2 * 500 + 1
    assert not any(e.kind == "game_end" for e in events)


def test_views_hide_hands_and_the_fronts_of_other_players_resources():
    s = position(["you", "rival", "third"], {"you": seat(hand=["cannon", "mining", "barter"], res=["tank"]),
                                            "rival": seat(hand=["trade", "barter"], res=["computer"], up=["knight"])})
    mine = GAME.view(s, "you")
    me, rival = mine.seats[0], mine.seats[1]
    assert [c.card for c in me.hand] == ["cannon", "mining", "barter"] and me.resources[0].card == "tank"
    assert rival.hand is None and rival.hand_count == 2
    assert rival.resources[0].card is None and rival.resources[0].id is None
    assert (rival.resources[0].resource, rival.resources[0].vp) == ("space", 4)   # the back shows its resource and VP
    assert [c.card for c in rival.face_up] == ["knight"] and rival.military == 2
    public = GAME.view(s, None)
    assert all(seat_.hand is None for seat_ in public.seats)
    assert {"computer", "trade"} <= GAME.hidden_ids(s, "you") and "tank" not in GAME.hidden_ids(s, "you")
    assert {"tank", "cannon", "computer"} <= GAME.hidden_ids(s, None) and "knight" not in GAME.hidden_ids(s, None)
    text = GAME.render(public, "en")
    assert "Cannon" not in text and "Knight" in text
    assert "騎士" in GAME.render(public, "ja")


def test_illegal_choices_are_refused_in_both_languages_and_change_nothing():
    s = position(P, {"you": seat(hand=["barter", "mining", "warrior"]), "rival": seat(hand=["mining", "barter"])})
    before = s.model_dump_json()
    for player, pid, choice in (("you", "resource", ["nope"]), ("rival", "resource", ["mining"]),
                                ("you", "purchase", ["none"]), ("you", "resource", ["barter", "mining"])):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, player, pid, choice)
        assert e.value.text.en and e.value.text.ja and e.value.text.en != e.value.text.ja
    assert s.model_dump_json() == before
    assert prompt(s).id == "resource"
