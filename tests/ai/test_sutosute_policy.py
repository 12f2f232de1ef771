"""Sutosute's computer players play like a person who looks at the dice: the rollout policy
places the card that wins at these dice, declares Revolution well, extends combos, and the
search counts cards by kind (what the other player's unseen card id means differs between
determinizations)."""
from __future__ import annotations

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
