"""The Fort of Gold's computer player: the quick rollout player wins most deals on its own, and
the strong level (flat Monte Carlo over its games) takes a winning treasure, answers every
prompt legally and within its time."""
from __future__ import annotations

import time

from fort_helpers import P, scenario, tr

from games.fort_of_gold import GAME, policy
from games.kit import ai


def test_the_quick_player_wins_most_deals():
    """Random play never wins; the rollout player wins about 9 deals in 10 (0.90 over 1,000)."""
    won = sum(policy.rollout(GAME.setup([P], {}, seed)).result == "won" for seed in range(200))
    assert won >= 160, won


def test_strong_takes_the_seventh_treasure():
    altar = [(t, ["---"]) for t in ("GGG", "BBB", "RGB", "RRG", "BGG", "BRB")]
    state = scenario(inner=["RG-", "GB-", "BR-"], tasks=["RRR"], stand=[["R--"], ["-R-"], ["--R"]], altar=altar)
    pid, choice = ai.choose(GAME, state, P, level="strong", seed=0, iterations=200)
    assert (pid, choice) == ("turn", [f"gain:{tr('RRR')}:1+2+3"])
    after, _ = GAME.apply(state, P, pid, choice)
    assert GAME.outcome(after).winners == [P]


def test_strong_never_concedes_and_keeps_to_its_time():
    state = GAME.setup([P], {}, seed=3)
    assert any(o.key == "concede" for o in GAME.prompts(state)[0].options)
    start = time.perf_counter()
    pid, choice = ai.choose(GAME, state, P, level="strong", seed=0, budget_s=0.3)
    assert time.perf_counter() - start < 3.0  # generous: the bench measures the real p95
    assert choice != ["concede"]
    GAME.apply(state, P, pid, choice)  # legal


def test_strong_answers_the_follow_up_prompts():
    """Returning a task and putting foreseen cards back go through the planner too."""
    seen = set()
    for seed in range(40):
        state = GAME.setup([P], {"allow_concede": False}, seed)
        while GAME.prompts(state) and len(seen) < 3:
            prompt = GAME.prompts(state)[0]
            level = "strong" if prompt.id != "turn" else "random"
            if level == "strong":
                seen.add(prompt.id)
            pid, choice = ai.choose(GAME, state, P, level=level, seed=seed, iterations=30)
            GAME.step(state, P, pid, choice)
        if seen >= {"return", "foresee"}:
            break
    assert seen >= {"return", "foresee"}
