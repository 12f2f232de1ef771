"""`ai.choose` at every level: a legal answer for every game and prompt shape, the same
answer for the same seed, and no use of anything the seat may not know."""
from __future__ import annotations

from itertools import islice

import pytest
from property_runs import property_games
from test_determinize import CONFIGS, states
from toy_dice import GAME as DICE
from toy_dice import TOKENS

from games import registry
from games.kit import IllegalAction, Rng, ai
from games.kit.agents import hooks

LEVELS = ("random", "greedy", "strong")


def legal(game, state, player, answer) -> bool:
    pid, choice = answer
    game.apply(state, player, pid, choice)  # raises IllegalAction otherwise
    return True


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_every_level_answers_legally(key, options, players):
    for game, state, seat in islice(states(key, options, players, property_games(1), every=29),
                                    property_games(6)):
        for level in LEVELS:
            answer = ai.choose(game, state, seat, level=level, seed=3, iterations=8)
            assert legal(game, state, seat, answer)


def test_the_acceptance_shape_works_with_a_time_budget():
    game = registry.get("sutosute")
    state = game.setup(["u1", "u2"], None, seed=42)
    pid, choice = ai.choose(game, state, "u2", level="strong", seed=0, budget_s=0.2)
    assert legal(game, state, "u2", (pid, choice))


def test_same_seed_same_answer_and_seeds_matter():
    game = registry.get("ganymede")
    picks = set()
    for game_, state, seat in islice(states("ganymede", {"mode": "duel"}, 2, 1, every=5), 3):
        a = ai.choose(game_, state, seat, level="strong", seed=7, iterations=60)
        assert ai.choose(game_, state, seat, level="strong", seed=7, iterations=60) == a
        assert ai.choose(game_, state, seat, level="greedy", seed=7) == ai.choose(game_, state, seat, level="greedy", seed=7)
        picks.add(ai.choose(game_, state, seat, level="random", seed=1) != ai.choose(game_, state, seat, level="random", seed=2))
    assert game.key == "ganymede" and True in picks


def test_unknown_level_and_nothing_owed_are_refused():
    game = registry.get("sutosute")
    state = game.setup(["u1", "u2"], None, seed=1)
    with pytest.raises(ValueError, match="unknown level"):
        ai.choose(game, state, "u1", level="genius")
    with pytest.raises(IllegalAction):
        ai.choose(game, state, "nobody")


def test_agents_handle_several_open_prompts_simultaneous_ones_subsets_orders_and_chance():
    """The toy game opens two prompts per player at once for both players, a 0–2 subset,
    an ordered pick and a die roll; every level finishes it with legal answers, and the
    strong agent takes two high tokens and puts the heaviest letter first."""
    for level in LEVELS:
        state = DICE.setup(["a", "b"], None, seed=4)
        seen = set()
        for _ in range(40):
            prompts = DICE.prompts(state)
            if not prompts:
                break
            seen.add(len(prompts))
            player = prompts[-1].player
            pid, choice = ai.choose(DICE, state, player, level=level, seed=1, iterations=200)
            if level == "strong" and pid == "tokens":
                assert sum(TOKENS[k] for k in choice) >= 6
            if level == "strong" and pid == "order":
                assert choice[0] == "c"
            state, _ = DICE.apply(state, player, pid, choice)
        assert DICE.outcome(state) is not None
        assert max(seen) == 4  # both players' two prompts were open together


# ---- no cheating ---------------------------------------------------------------------------

def _swap_two_hidden_sutosute_cards(state, seat):
    """The real state with two cards the seat cannot see exchanged (different kinds)."""
    hidden = sorted(registry.get("sutosute").hidden_ids(state, seat))
    for i, a in enumerate(hidden):
        for b in hidden[i + 1:]:
            if state.cards[a] != state.cards[b]:
                other = state.model_copy(deep=True)
                other.cards[a], other.cards[b] = state.cards[b], state.cards[a]
                return other
    return None


def test_swapping_hidden_cards_of_the_real_state_changes_no_decision():
    """For a fixed seed, every level decides the same in two real states that differ only in
    cards the seat cannot see (and in the future dice): the agent uses only the seat's view."""
    checked = 0
    for key, options, players in CONFIGS:
        for game, state, seat in islice(states(key, options, players, 1, every=37), 3):
            worlds = [hooks(game).determinize(state, seat, Rng(seed=1234))]
            if key == "sutosute":
                swapped = _swap_two_hidden_sutosute_cards(state, seat)
                if swapped is not None:
                    worlds.append(swapped)
            for other in worlds:
                for level in LEVELS:
                    assert (ai.choose(game, other, seat, level=level, seed=5, iterations=15)
                            == ai.choose(game, state, seat, level=level, seed=5, iterations=15))
                checked += 1
    assert checked > 15


def test_the_agent_gets_only_determinizations_of_the_seat_view():
    """Every state the search looks at comes from `determinize` of the real state for the seat
    (never the real state itself), and it looks at many different deals."""
    game = registry.get("sutosute")
    state = game.setup(["u1", "u2"], None, seed=8)
    real = hooks(game).determinize
    calls = []

    def spy(s, seat, rng):
        calls.append(seat)
        out = real(s, seat, rng)
        assert out is not s
        return out

    info = ai.info_set(game, state, "u1")
    info.sample = lambda rng: spy(state, "u1", rng)
    samples = [info.sample(Rng(seed=i)) for i in range(6)]
    opponent_hands = {tuple(sorted(s.cards[c] for c in s.hands["u2"])) for s in samples}
    assert len(opponent_hands) > 1 and set(calls) == {"u1"}
    ai.decide(info, "strong", Rng(seed=1), iterations=40)
    assert len(calls) > 40
