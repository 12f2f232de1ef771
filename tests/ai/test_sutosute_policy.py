"""Sutosute's computer players play like a person who looks at the dice: the rollout policy
places the card that wins at these dice, declares Revolution well, extends combos, and the
search counts cards by kind (what the other player's unseen card id means differs between
determinizations)."""
from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

from games import registry
from games.kit import Rng, ai
from games.sutosute import evaluate as ev
from games.sutosute.prompts import _combo_prompt, _hand, _hand_prompt


def _round_start(dice: dict[str, int], hand_a: list[str], hand_b: list[str]):
    """A first round with chosen dice and hands (kinds), the rest of the cards in the deck."""
    game = registry.get("sutosute")
    state = game.setup(["a", "b"], None, seed=3)
    by_kind: dict[str, list[str]] = {}
    for cid, kind in sorted(state.cards.items()):
        by_kind.setdefault(kind, []).append(cid)
    state.hands = {"a": [by_kind[k].pop() for k in hand_a], "b": [by_kind[k].pop() for k in hand_b]}
    state.public = []
    rest = [c for cs in by_kind.values() for c in cs]
    state.deck, state.discard = rest[1:], []
    state.dice = dice
    return game, state


def _kind_of(state, answer) -> str:
    return state.cards[answer[1][0]]


def test_rollouts_place_the_card_that_wins_at_these_dice():
    # food 6, production 1, money 1: Growth scores 6 against anything but Conquest, Build 1, Research 1
    game, state = _round_start({"red": 6, "black": 1, "white": 1}, ["grow", "build", "research", "explore"],
                               ["trade", "build", "research", "explore"])
    prompt = next(p for p in game.prompts(state) if p.player == "a")
    assert {state.cards[c] for c in _policy_picks(state, prompt)} == {"grow"}


def _policy_picks(state, prompt) -> set[str]:
    picks = (ev.rollout_choice(state, prompt, Rng(seed=s)) for s in range(60))
    return {p[0] for p in picks if p is not None}


def test_rollouts_extend_a_combo_and_discard_the_weakest_card():
    game, state = _round_start({"red": 6, "black": 1, "white": 1}, ["grow", "build", "research", "explore"],
                               ["trade", "build", "research", "explore"])
    hand = _hand(state, "a")
    build = next(c for c, k in hand if k == "build")
    assert _policy_picks(state, _combo_prompt("a", 1, None, ((build, "build", False),))) == {build}
    weakest = min(hand, key=lambda ck: ev.card_edge(ck[1], ("build", "explore", "research", "trade"), (6, 1, 1)))
    assert weakest[1] != "grow"
    assert _policy_picks(state, _hand_prompt("discard", "a", hand)) == {weakest[0]}


def test_the_strong_player_plays_the_winning_card_and_names_a_real_card():
    game, state = _round_start({"red": 6, "black": 1, "white": 1}, ["grow", "build", "research", "explore"],
                               ["trade", "build", "research", "explore"])
    pid, choice = ai.choose(game, state, "a", level="strong", seed=1, iterations=120)
    assert pid == "place" and choice[0] in state.hands["a"]
    assert state.cards[choice[0]] == "grow"


def test_search_keys_cards_by_kind():
    game, state = _round_start({"red": 3, "black": 3, "white": 3}, ["grow", "build", "research", "explore"],
                               ["grow", "build", "research", "explore"])
    a_grow = next(c for c in state.hands["a"] if state.cards[c] == "grow")
    b_grow = next(c for c in state.hands["b"] if state.cards[c] == "grow")
    assert ev.action_key(state, "place", (a_grow,)) == ev.action_key(state, "place", (b_grow,)) == ("grow",)
    assert ev.action_key(state, "reroll", ("red", "black")) == ("red", "black")


# ---- the evaluation ----------------------------------------------------------------------

def _positions(games: int = 3):
    """Positions of a few games between greedy players, at every decision."""
    game = registry.get("sutosute")
    for n in range(games):
        state = game.setup(["a", "b"], None, seed=40 + n)
        for _ in range(400):
            prompts = game.prompts(state)
            if not prompts:
                break
            yield state
            player = prompts[0].player
            pid, choice = ai.choose(game, state, player, level="greedy", seed=n)
            game.step(state, player, pid, choice)


def test_the_two_seats_estimates_add_up_to_one():
    seen = 0
    for state in _positions():
        assert abs(ev.evaluate(state, "a") + ev.evaluate(state, "b") - 1.0) < 1e-9
        seen += 1
    assert seen > 30


def test_a_lead_near_the_target_is_worth_more_than_the_same_lead_early():
    game, state = _round_start({"red": 3, "black": 3, "white": 3}, ["grow", "build", "research", "explore"],
                               ["grow", "build", "research", "explore"])
    state.scores = {"a": 0, "b": 0}
    even = ev.evaluate(state, "a")
    assert abs(even - 0.5) < 1e-9  # the same hands, no points: a coin toss
    state.scores = {"a": 6, "b": 0}
    early = ev.evaluate(state, "a")
    state.scores = {"a": 19, "b": 13}
    late = ev.evaluate(state, "a")
    assert 0.5 < early < late < 1.0
    state.scores = {"a": 13, "b": 19}
    assert abs(ev.evaluate(state, "a") - (1 - late)) < 1e-9


def test_a_hand_that_wins_at_these_dice_is_worth_more():
    # food 6: Growth wins the next round against this hand; a's other hand holds no card that does
    game, state = _round_start({"red": 6, "black": 1, "white": 1}, ["grow", "build", "research", "explore"],
                               ["trade", "build", "research", "explore"])
    with_growth = ev.evaluate(state, "a")
    game, state = _round_start({"red": 6, "black": 1, "white": 1}, ["trade", "build", "research", "explore"],
                               ["grow", "build", "research", "explore"])
    assert with_growth > 0.5 > ev.evaluate(state, "a")


def test_the_weights_file_weighs_the_features_the_evaluation_computes():
    data = json.loads(ev.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert list(data["weights"]) == list(ev.FEATURES)
    assert ev.weights() == tuple(data["weights"][name] for name in ev.FEATURES)
    assert data["weights"]["lead_near"] > 0 and data["weights"]["prospects"] > 0
    assert data["held_out_log_loss"] < 0.65  # the fit predicts results better than a coin (0.693)


def test_the_fit_recovers_the_weights_that_made_the_results():
    fit_script = _load_fit_script()
    chance = random.Random(5)
    truth = [0.8, -1.5, 0.3]
    rows = []
    for _ in range(4000):
        x = tuple(chance.uniform(-2, 2) for _ in truth)
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        rows.append((x, int(chance.random() < p)))
    fitted = fit_script.fit(rows)
    assert all(abs(f - t) < 0.15 for f, t in zip(fitted, truth, strict=True))
    assert fit_script.log_loss(rows, fitted) < fit_script.log_loss(rows, [0.0, 0.0, 0.0])


def _load_fit_script():
    path = Path(__file__).resolve().parents[2] / "bench" / "fit_sutosute_eval.py"
    spec = importlib.util.spec_from_file_location("fit_sutosute_eval", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
