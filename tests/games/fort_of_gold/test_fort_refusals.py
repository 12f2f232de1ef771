"""An action that is not offered is refused with the reason it would fail, in both languages,
and the state is unchanged (rule 7: only actions known to succeed may be taken)."""
import pytest
from fort_helpers import P, act, scenario, sp, tr

from games.fort_of_gold import GAME
from games.kit import IllegalAction

INNER = ["B--", "-B-", "G--"]


def table():
    return scenario(inner=INNER, tasks=["RRG", "GGG"], stand=[["R--"], ["-G-"], []],
                    altar=[("RRR", ["--R"]), ("BBB", ["B--", "-B-", "--B", "BR-", "-BR"])])


@pytest.mark.parametrize("key,en,ja", [
    (f"welcome:{sp('RGB')}:1", "not in the sanctum", "内陣にありません"),
    (f"welcome:{sp('G--')}:2", "same name (Green)", "同じ名前のカード（緑）"),
    (f"gain:{tr('BBB')}:1", "not among the tasks", "課題にありません"),
    (f"gain:{tr('RRG')}:3", "stand columns that hold cards", "カードのある台の列"),
    (f"gain:{tr('RRG')}:1+2", "Glow of Life", "命の輝き"),
    (f"rotate:3:{tr('RRR')}", "column 3 is empty", "台の列3は空です"),
    (f"rotate:2:{tr('RRR')}", "Glow of Power", "力の輝き"),
    (f"rotate:1:{tr('GGG')}", "treasure on the altar", "祭壇の宝物"),
    (f"foresee:1:{tr('RRR')}", "it would be card 2", "2枚目"),
])
def test_refusals_give_the_reason(key, en, ja):
    s = table()
    before = s.model_dump_json()
    with pytest.raises(IllegalAction) as e:
        act(s, key)
    assert e.value.code == "would_fail"
    assert e.value.text.en.startswith("That action would not succeed: ") and en in e.value.text.en
    assert ja in e.value.text.ja
    assert s.model_dump_json() == before
    with pytest.raises(IllegalAction) as in_place:  # the table service and search apply in place
        GAME.step(s, P, "turn", [key])
    assert in_place.value.code == "would_fail" and in_place.value.text == e.value.text
    assert s.model_dump_json() == before


def test_a_full_column_is_named_as_the_reason():
    s = scenario(inner=INNER, stand=[["RGB"], [], []], altar=[("RRR", ["R--", "-R-", "--R", "RG-", "R-G", "RB-"])])
    with pytest.raises(IllegalAction) as e:
        act(s, f"rotate:1:{tr('RRR')}")
    assert "already holds 6 cards" in e.value.text.en


@pytest.mark.parametrize("key", ["welcome:S01", "gain:T01:1+x", "rotate:9:T01", "nonsense", "welcome:S01:7"])
def test_malformed_keys_are_simply_not_offered(key):
    with pytest.raises(IllegalAction) as e:
        act(table(), key)
    assert e.value.code in ("not_offered", "would_fail") and e.value.text.en and e.value.text.ja
