"""The rulebook's 補足 (Q&A), one test each."""
import pytest
from fort_helpers import act, foresee, keys, rotate, scenario

from games.fort_of_gold.rules import power_glow, slot_majorities
from games.kit import IllegalAction

INNER = ["B--", "-B-", "G--"]


def test_qa1_power_can_be_gained_again_on_a_treasure_that_has_it():
    # Q: すでに力の輝きを持っている宝物にマナをつけて、繰り返し力の輝きを得ることができるか？ → できる。
    s = scenario(altar=[("RRR", ["R--", "-R-"])], stand=[["--R"], ["R-G"], []], inner=INNER)
    assert power_glow(s.altar[0].treasure, s.altar[0].column)
    s, _ = act(s, rotate(1, "RRR"))
    assert s.turn == 2 and rotate(2, "RRR") in keys(s, group="rotate")
    s, _ = act(s, rotate(2, "RRR"))
    assert len(s.altar[0].column) == 4 and s.turn == 3


def test_qa2_the_new_card_need_not_carry_a_required_symbol():
    # Q: 新しく置いたカードには、要求シンボルが一つでも含まれなければいけないのか？ → その必要はない。
    # RRR holds R-- and -R-: adding 空 (---) or --G (no red at all) keeps 2 majorities; G-- breaks the left one.
    s = scenario(altar=[("RRR", ["R--", "-R-"])], stand=[["---"], ["--G"], ["G--"]], inner=INNER)
    assert keys(s, group="rotate") == [rotate(1, "RRR"), rotate(2, "RRR")]


def test_qa3_mana_never_goes_onto_a_treasure_without_an_action_succeeding():
    # Q: いかなる行動にもつながらないようなやり方で、マナを宝物につけることができるか？ → できない。
    s = scenario(altar=[("RRR", ["R--", "-R-"])], stand=[["G--"], [], []], inner=INNER)
    assert keys(s, group="rotate") == [] and keys(s, group="foresee") == []
    before = s.model_dump_json()
    for key, why in ((rotate(1, "RRR"), "Glow of Power"), (foresee(1, "RRR"), "Glow of Wisdom")):
        with pytest.raises(IllegalAction) as e:
            act(s, key)
        assert e.value.code == "would_fail" and why in e.value.text.en
    assert s.model_dump_json() == before


def test_qa4_wisdom_may_cost_the_glow_of_power():
    # Q: 知の輝きを得るにあたって、宝物が力の輝きを失うことは許されるか？ → 許される。
    five = ["R--", "-R-", "---", "--B", "--G"]
    s = scenario(altar=[("RRR", five)], stand=[["GB-"], [], []], inner=INNER)
    assert power_glow(s.altar[0].treasure, s.altar[0].column)
    assert keys(s, group="foresee") == [foresee(1, "RRR")] and keys(s, group="rotate") == []
    s, _ = act(s, foresee(1, "RRR"))
    column = s.altar[0].column
    assert len(column) == 6 and slot_majorities(s.altar[0].treasure, column) == [False, False, False]
    assert s.step == "foresee"
