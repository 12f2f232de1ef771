"""Random games of every set and player count keep every kit property
(checks.check_random_game: every offered option applies and leads on, anything else is
refused without change, apply is pure and deterministic, views hide hands, the fronts of
other players' resources and research piles, JSON round trips, replay, the game ends) plus
Guns & Steel's own invariants at every step.

CI plays a fixed-seed subset; `PROPERTY_GAMES=1000` plays 1,000 games per set and count.
"""
import pytest
from property_runs import property_games

from games.guns_and_steel import GAME
from games.guns_and_steel.field import military
from games.kit import Rng, random_action
from games.kit.checks import check_random_game

SETS = ("base", "renaissance", "mixed")
COUNTS = (2, 3, 4)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("set_", SETS)
def test_random_games_keep_every_property(set_, count):
    players = [f"p{i}" for i in range(count)]
    for n in range(property_games(4)):
        seed = 1000 * count + n
        state, actions = check_random_game(GAME, players, {"set": set_}, seed, deep=False)
        assert GAME.outcome(state) is not None and actions


def check_invariants(state) -> None:
    """Every card instance is in exactly one place; energy is never negative; an attack is
    only open while tasks remain; the turn limit holds."""
    places = []
    for seat in state.seats.values():
        places += seat.hand + [f.id for f in seat.field]
    for row in state.pyramid.values():
        places += [c for c in row if c]
    for pile in state.piles.values():
        places += pile
    assert sorted(places) == sorted(state.cards), "a card is lost or in two places"
    owned_wonders = [w for seat in state.seats.values() for w in seat.wonders]
    assert len(set(owned_wonders + state.table_wonders)) == len(owned_wonders) + len(state.table_wonders)
    assert all(v >= 0 for v in state.energy.values())
    assert state.attack is None or state.tasks
    limit = state.options.max_rounds
    assert limit is None or state.turn <= limit * len(state.players)
    assert all(military(state, p) >= 0 for p in state.players)


@pytest.mark.parametrize("set_", SETS)
def test_cards_are_conserved_at_every_step(set_):
    for n in range(property_games(3)):
        players = ["a", "b", "c", "d"][: 2 + (n + SETS.index(set_)) % 3]
        state = GAME.setup(players, {"set": set_}, 50 + n)
        rng = Rng(seed=n).fork(3)
        for _ in range(20000):
            check_invariants(state)
            action = random_action(GAME, state, rng)
            if action is None:
                break
            state, _ = GAME.apply(state, action.player, action.prompt_id, action.choice)
        assert GAME.outcome(state) is not None

