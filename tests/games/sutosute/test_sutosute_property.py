"""Random games in every rule mode keep every kit property (checks.check_random_game), and setup is reproducible."""
import pytest
from conftest import property_games

from games.kit import random_playout
from games.kit.checks import check_random_game
from games.sutosute import GAME

CLASSIC_V2 = {"revolution": False, "draw_rule": "v2", "draw_catchup_point": False, "draw_reset_after": 0,
              "reshuffle_rule": "v2_discard4", "public_info": False}
MODES = {
    "standard": {},
    "classic_v2": CLASSIC_V2,
    "beginner": {**CLASSIC_V2, "combos": False},
    "civilizations": {"civilizations": True},
    "civs_random_ring": {"civilizations": True, "civ_assignment": "random", "combo_graph": "ring",
                         "winner_reroll": "up_to_2", "public_info": False, "draw_rule": "v2"},
    "seed_only_v2_reshuffle": {"combo_graph": "seed_only", "reshuffle_rule": "v2_discard4", "draw_reset_after": 2},
}


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_keep_every_property(mode):
    for seed in range(property_games(8)):
        state, actions = check_random_game(GAME, ["p1", "p2"], MODES[mode], seed)
        out = GAME.outcome(state)
        assert out.scores == {p: float(state.scores[p]) for p in state.players}
        if out.winners:
            assert out.ranking[0] == out.winners and state.scores[out.winners[0]] > min(state.scores.values())
        if state.end_reason == "target":
            top = out.winners[0]
            assert state.scores[top] >= state.options.target()
            assert state.scores[top] - min(state.scores.values()) >= 6


def test_cards_are_conserved_through_random_games():
    for seed in range(property_games(8)):
        state, _ = random_playout(GAME, ["p1", "p2"], {"civilizations": seed % 2 == 0}, seed)
        where = state.deck + [e.card for e in state.discard] + sum(state.hands.values(), []) + list(state.placed.values())
        assert sorted(where) == sorted(state.cards)


def test_setup_is_reproducible_from_the_seed():
    a = GAME.setup(["p1", "p2"], {}, 99)
    assert GAME.setup(["p1", "p2"], {}, 99) == a
    assert a.hands == GAME.setup(["p1", "p2"], {}, 99).hands and a.dice == GAME.setup(["p1", "p2"], {}, 99).dice
    others = [GAME.setup(["p1", "p2"], {}, s) for s in range(100, 105)]
    assert any(o.hands != a.hands for o in others)


def test_a_whole_random_game_replays_from_its_log():
    state, record = random_playout(GAME, ["p1", "p2"], {"civilizations": True}, 7)
    assert record.finished
    again = GAME.setup(["p1", "p2"], {"civilizations": True}, 7)
    for a in record.actions:
        again, _ = GAME.apply(again, a.player, a.prompt_id, a.choice)
    assert again == state
