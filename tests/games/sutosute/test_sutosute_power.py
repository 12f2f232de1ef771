"""ver.2 権力計算, one test per card, checked through real rounds (dice: red food, black production, white money)."""
import pytest
from sutosute_helpers import A, B, play, scenario

from games.sutosute.power import base_power

DICE = {"red": 2, "black": 5, "white": 4}  # food 2, production 5, money 4


@pytest.mark.parametrize("me,opp,expected", [
    ("explore", "research", 3),        # 探索:最も少ない資源+1 = min(2,5,4)+1
    ("trade", "grow", 6),              # 交易 vs 成長: 食料+金銭
    ("trade", "build", 9),             # 交易 vs 建設: 生産+金銭
    ("trade", "explore", 0),           # それ以外なら0
    ("grow", "research", 2),           # 成長: 食料
    ("grow", "build", 7),              # 相手が建設なら+生産
    ("build", "research", 5),          # 建設: 生産
    ("build", "explore", 8),           # 相手が探索なら+3
    ("research", "grow", 4),           # 研究: 金銭
    ("conquer", "grow", 4),            # 征服 vs 成長: 食料×2
    ("conquer", "research", 8),        # 征服 vs 研究: 金銭×2
    ("conquer", "build", 0),           # それ以外なら0
])
def test_power_formulas(me, opp, expected):
    assert base_power(me, opp, DICE) == expected


def test_higher_power_wins_and_gains_the_difference():
    state = scenario({A: ["build", "grow", "trade", "research"], B: ["explore", "grow", "trade", "research"]}, dice=(2, 5, 4))
    state, events = play(state, "build", "explore")
    # 建設 5+3 = 8 vs 探索 min+1 = 3
    assert state.last.powers == {A: 8, B: 3}
    assert state.last.winner == A and state.scores == {A: 5, B: 0}
    assert any(e.kind == "win" for e in events)


def test_equal_power_is_a_draw():
    state = scenario({A: ["research", "grow", "trade", "build"], B: ["research", "grow", "trade", "build"]}, dice=(2, 5, 4))
    state, events = play(state, "research", "research")
    assert state.last.winner is None and state.scores == {A: 0, B: 0}
    assert any(e.kind == "tie" for e in events)
