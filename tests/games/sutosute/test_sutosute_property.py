"""Random games under every preset and revision keep every kit property (checks.check_random_game:
each offered option applies, anything else is refused without change, apply is pure, views hide
what they must, JSON round trips, replay) plus Sutosute's own invariants at every step."""
import pytest
from property_runs import property_games

from games.kit import Rng, random_playout, replay
from games.kit.checks import check_random_game
from games.sutosute import GAME, Options
from games.sutosute.options import PRESETS

MODES = {
    **{name: dict(values) for name, values in PRESETS.items()},
    "civs_random_deal": {"civilizations": True, "civ_assignment": "random"},
    "civs_classic_v2": {**PRESETS["classic_v2"], "civilizations": True, "revolution": True},
    "civs_ring_up_to_2": {"civilizations": True, "combo_graph": "ring", "winner_reroll": "up_to_2",
                          "public_info": False, "draw_rule": "v2"},
    "seed_only_v2_reshuffle": {"combo_graph": "seed_only", "reshuffle_rule": "v2_discard4", "draw_reset_after": 2},
}


def random_options(seed: int) -> dict:
    """Any mix of the host options (each field drawn independently), for combinations no preset has."""
    rng = Rng(seed=seed).fork(31)
    values = {}
    for name, field in Options.model_fields.items():
        if field.annotation is bool:
            values[name] = rng.below(2) == 1
        elif hasattr(field.annotation, "__args__"):          # Literal[...]
            values[name] = rng.choice(field.annotation.__args__)
    values["draw_reset_after"] = rng.choice([0, 1, 2, 3])
    values["target_lead"] = rng.choice([1, 6, 10])
    values["target_points"] = rng.choice([0, 0, 12, 30])
    values["round_limit"] = rng.choice([0, 0, 0, 5, 40])
    return values


def check_invariants(state) -> None:
    """Every physical card is in exactly one place; hands are full when cards are placed;
    shown and combo cards are where the rules keep them."""
    if state.step == "civ":
        assert not state.deck and not any(state.hands.values())   # nothing is dealt before the choice
        return
    places = state.deck + [e.card for e in state.discard] + sum(state.hands.values(), []) + list(state.placed.values())
    assert sorted(places) == sorted(state.cards), "a card was lost or doubled"
    if state.step == "place":
        for p in state.players:
            assert len(state.hands[p]) + (p in state.placed) == 4, f"{p} does not hold 4 cards when placing"
    assert set(state.public) <= set(sum(state.hands.values(), [])), "a shown card is not in a hand"
    if state.chain:
        usable = set(state.hands[state.winner]) | {e.card for e in state.discard if e.face_up}
        assert set(state.chain) <= usable and len(state.chain) <= 3
    assert set(state.dice) == {"red", "black", "white"} and all(1 <= v <= 6 for v in state.dice.values())


def play_and_check(options: dict, seed: int):
    state, actions = check_random_game(GAME, ["p1", "p2"], options, seed)
    walk = GAME.setup(["p1", "p2"], options, seed)
    scores = dict(walk.scores)
    for a in actions:
        check_invariants(walk)
        walk, _ = GAME.apply(walk, a.player, a.prompt_id, a.choice)
        assert all(walk.scores[p] >= scores[p] for p in scores), "a score went down"
        scores = dict(walk.scores)
    check_invariants(walk)
    out = GAME.outcome(state)
    assert out.scores == {p: float(state.scores[p]) for p in state.players}
    if state.end_reason == "target":
        top = out.winners[0]
        assert state.scores[top] >= state.options.target()
        assert state.scores[top] - min(state.scores.values()) >= state.options.target_lead
    elif out.winners:
        assert out.ranking[0] == out.winners and state.scores[out.winners[0]] > min(state.scores.values())
    else:
        assert state.end_reason == "round_limit" and len(set(state.scores.values())) == 1
    return state


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_keep_every_property(mode):
    for seed in range(property_games(5)):
        play_and_check(MODES[mode], seed)


def test_random_option_mixes_keep_every_property():
    for seed in range(property_games(8)):
        play_and_check(random_options(seed), 10_000 + seed)


def test_every_civilization_is_played_and_wins_somewhere():
    winners = set()
    for seed in range(60):
        state, _ = random_playout(GAME, ["p1", "p2"], {"civilizations": True, "civ_assignment": "random"}, seed)
        winners |= {state.civs[w] for w in GAME.outcome(state).winners}
    assert winners == {"rome", "greece", "egypt", "carthage", "persia", "india", "china"}


def test_setup_is_reproducible_from_the_seed():
    a = GAME.setup(["p1", "p2"], {}, 99)
    assert GAME.setup(["p1", "p2"], {}, 99) == a
    others = [GAME.setup(["p1", "p2"], {}, s) for s in range(100, 105)]
    assert any(o.hands != a.hands for o in others) and any(o.dice != a.dice for o in others)


def test_a_whole_random_game_replays_from_its_log():
    state, record = random_playout(GAME, ["p1", "p2"], {"civilizations": True}, 7)
    assert record.finished and record.actions
    assert replay(GAME, ["p1", "p2"], {"civilizations": True}, 7, record.actions) == state
