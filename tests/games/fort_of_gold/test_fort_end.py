"""8 勝敗: win with 7 treasures at the end of a turn, score and complete win, loss when no action can
succeed at the start of a turn, and conceding."""
import pytest
from fort_helpers import P, act, gain, keys, prompt, scenario, welcome

from games.fort_of_gold import GAME
from games.kit import IllegalAction

SIX = [("RRR", []), ("GGG", []), ("BBB", []), ("RRG", []), ("BGG", []), ("BRB", [])]


def six_on_the_altar(mana_size: int):
    return scenario(altar=SIX, tasks=["RGB"], stand=[["RGB"], [], []], inner=["B--", "-B-", "G--"],
                    mana_size=mana_size)


def test_the_seventh_treasure_wins_and_scores_the_mana_pile():
    s, events = act(six_on_the_altar(5), gain("RGB", 1))
    assert s.result == "won" and GAME.prompts(s) == []
    out = GAME.outcome(s)
    assert out.winners == [P] and out.ranking == [[P]]
    assert out.scores == {P: 5.0}                   # the 3 sanctum cards do not count
    assert out.detail["result"] == "complete_win" and "Complete victory" in out.summary.en
    assert "完全勝利" in out.summary.ja and events[-1].kind == "won"


def test_four_left_is_a_win_but_not_a_complete_one():
    s, _ = act(six_on_the_altar(4), gain("RGB", 1))
    out = GAME.outcome(s)
    assert out.winners == [P] and out.scores == {P: 4.0} and out.detail["result"] == "win"
    assert "complete victory needs 5" in out.summary.en


def test_nothing_happens_after_the_win():
    s, _ = act(six_on_the_altar(5), gain("RGB", 1))
    with pytest.raises(IllegalAction) as e:
        act(s, welcome("B--", 2))
    assert e.value.code == "game_over"
    assert len(s.altar) == 7


def test_the_game_runs_on_while_fewer_than_seven():
    s = scenario(altar=SIX[:5], tasks=["RGB"], stand=[["RGB"], [], []], inner=["B--", "-B-", "G--"])
    s, _ = act(s, gain("RGB", 1))
    assert s.result is None and GAME.outcome(s) is None and prompt(s).id == "turn"


def test_no_action_at_the_start_of_a_turn_loses():
    # The last sanctum card can only go to column 2 or 3; afterwards nothing can succeed:
    # the sanctum and pile are empty, no task can glow with the tops, and the altar is empty.
    s = scenario(inner=["R--"], mana_size=0, stand=[["-R-"], [], []], tasks=["GGG"])
    assert keys(s) == [welcome("R--", 2), welcome("R--", 3), "concede"]
    s, events = act(s, welcome("R--", 2))
    assert s.result == "lost" and GAME.prompts(s) == [] and events[-1].kind == "lost"
    out = GAME.outcome(s)
    assert out.winners == [] and out.ranking == [[P]] and out.scores == {P: 0.0}
    assert out.detail["result"] == "lost" and "turn 2" in out.summary.en and "敗北" in out.summary.ja


def test_concede_is_offered_every_turn_and_is_not_a_pass():
    s = GAME.setup([P], {}, 3)
    option = prompt(s).option("concede")
    assert option is not None and option.passes is False
    s, events = act(s, "concede")
    out = GAME.outcome(s)
    assert s.result == "conceded" and out.winners == [] and out.detail["result"] == "conceded"
    assert events[0].kind == "concede" and GAME.prompts(s) == []


def test_concede_can_be_switched_off():
    s = GAME.setup([P], {"allow_concede": False}, 3)
    assert "concede" not in keys(s)
    with pytest.raises(IllegalAction):
        act(s, "concede")


def test_no_option_is_a_pass():
    s = GAME.setup([P], {}, 3)
    assert not any(o.passes for o in prompt(s).options)
