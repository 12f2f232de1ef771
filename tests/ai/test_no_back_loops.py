"""Computer players never answer "Back" (an answer that only returns to an earlier question of
the same move): rated as the unchanged position, it looked better than any move that lets the
others reply, and a Guns & Steel game of greedy players looped card, Back, card, Back... for
ever (the bench's 3-player games hit their 5,000-move cap)."""
from __future__ import annotations

from games import registry
from games.kit import Rng, ai
from games.kit.agents import answers, forward
from games.kit.playout import random_choice


def _first_prompt_with_back(game, seed: int):
    """A Guns & Steel position whose open prompt offers Back (a purchase's payment)."""
    state = game.setup(["p0", "p1", "p2"], {}, seed=seed)
    rng = Rng(seed=seed)
    for _ in range(3000):
        prompts = game.prompts(state)
        with_back = [p for p in prompts if any(o.goes_back for o in p.options)]
        if with_back:
            return state, with_back[0]
        prompt = prompts[0]
        game.step(state, prompt.player, prompt.id, random_choice(prompt, rng))
    raise AssertionError("no payment with Back in a random game")


def test_guns_and_steel_back_is_marked_and_agents_leave_it_out():
    game = registry.get("guns-and-steel")
    state, prompt = _first_prompt_with_back(game, seed=5)
    back = [o.key for o in prompt.options if o.goes_back]
    assert back == ["back"]                                   # people still see and may use it
    assert "back" not in [o.key for o in forward(prompt).options]
    assert all("back" not in a for a in answers(prompt, Rng(seed=0)))
    for level in ("greedy", "strong"):
        for seed in range(3):
            pid, choice = ai.choose(game, state, prompt.player, level=level, seed=seed, iterations=20)
            assert choice != ["back"], (level, seed)


def test_three_greedy_players_finish_a_guns_and_steel_game():
    """The bench's game 4 of three greedy players (seed 10004) looped for 5,000 moves; a
    3-player game takes about 400-650 moves."""
    game = registry.get("guns-and-steel")
    players = ["p0", "p1", "p2"]
    state = game.setup(players, {}, seed=10_004)
    moves = 0
    while game.prompts(state) and moves < 1500:
        player = game.prompts(state)[0].player
        pid, choice = ai.choose(game, state, player, level="greedy", seed=4)
        game.step(state, player, pid, choice)
        moves += 1
    outcome = game.outcome(state)
    assert outcome is not None, f"no end after {moves} moves"
    assert outcome.winners
