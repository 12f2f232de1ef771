"""Every game declares the computer players' hooks on its `Game` (kit/game.py): the evaluation,
the rollout policy and the action key. A game that forgets one is refused loudly the first time
a computer would play it, not played with a made-up default; and searching any game skips no
iteration for anything but a refused move (ismcts.failures)."""
from __future__ import annotations

from itertools import islice

import pytest
from test_determinize import CONFIGS, states
from toy_dice import DiceGame

from games import registry
from games.kit import Game, Rng, ai, ismcts
from games.kit.agents import hooks
from games.kit.game import MissingHook


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_every_game_declares_its_hooks_and_they_answer_in_range(key, options, players):
    game = registry.get(key)
    hooks(game)  # raises MissingHook for a hook the game never declared
    for game, state, seat in islice(states(key, options, players, 1, every=11), 6):
        assert 0.0 <= game.evaluate(state, seat) <= 1.0
        for prompt in game.prompts(state):
            answer = game.rollout_choice(state, prompt, Rng(seed=1))
            if answer is not None:  # None: a random answer; anything else must be offered
                game.apply(state, prompt.player, prompt.id, answer)
            key_of = game.action_key(state, prompt.id, (prompt.options[0].key,))
            assert isinstance(key_of, tuple) and key_of


@pytest.mark.parametrize("missing", ["evaluate", "rollout_choice", "action_key"])
def test_a_game_that_forgets_a_hook_is_refused_by_name(missing):
    # the toy game minus one hook: the Game base's default stands in for it
    Forgetful = type("Forgetful", (DiceGame,), {"key": f"forgets-{missing}", missing: getattr(Game, missing)})
    game = Forgetful()
    state = game.setup(["a", "b"], None, seed=1)
    for level in ("greedy", "strong"):
        with pytest.raises(MissingHook, match=f"forgets-{missing} declares no {missing}"):
            ai.choose(game, state, "a", level=level, seed=0, iterations=5)
    with pytest.raises(MissingHook):
        getattr(game, missing)(*{"evaluate": (state, "a"), "rollout_choice": (state, game.prompts(state)[0], Rng(seed=0)),
                                 "action_key": (state, "bet", ("high",))}[missing])


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_search_skips_no_iteration_but_for_a_refused_move(key, options, players):
    before = dict(ismcts.failures)
    for game, state, seat in islice(states(key, options, players, 1, every=13), 4):
        for level in ("greedy", "strong"):
            ai.choose(game, state, seat, level=level, seed=2, iterations=12)
    new = {k: v - before.get(k, 0) for k, v in ismcts.failures.items() if v != before.get(k, 0)}
    assert set(new) <= {"IllegalAction"}, new
