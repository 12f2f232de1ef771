"""Random games in every mode keep every kit property (checks.check_random_game) and the game's own
invariants: cards are conserved, HP only falls by the damage dealt, the end matches the HP.

CI plays a fixed-seed subset; `PROPERTY_GAMES=1000 python -m pytest -q tests/games/ganymede` the full run.
"""
import pytest
from property_runs import property_games

from games.ganymede import GAME
from games.kit import random_playout
from games.kit.checks import check_random_game

MODES = {"duel": ["p1", "p2"], "coop": ["p1", "p2"], "three": ["p1", "p2", "p3"]}


@pytest.mark.parametrize("mode", list(MODES))
def test_random_games_keep_every_property(mode):
    for seed in range(property_games(12)):
        state, actions = check_random_game(GAME, MODES[mode], {"mode": mode}, seed)
        out = GAME.outcome(state)
        sides = state.sides
        assert state.end_reason == "ko" or state.round == state.options.round_limit
        if state.end_reason == "ko":
            if mode == "duel":
                fallen = [c for c in ("red", "green") if sides[c].hp <= 0]
                assert fallen and (state.winners == [state.marker] if len(fallen) == 2 else state.winners[0] not in fallen)
            elif state.winners == ["purple"]:
                assert sides["purple"].hp > 0 and any(sides[c].hp <= 0 for c in ("red", "green"))
            else:
                assert sides["purple"].hp <= 0
        assert set(out.scores) == {s.player for s in sides.values() if s.player}
        assert sorted(p for group in out.ranking for p in group) == sorted(state.players)


@pytest.mark.parametrize("mode", list(MODES))
def test_cards_are_conserved_and_hp_falls_exactly_by_the_damage_dealt(mode):
    for seed in range(property_games(12)):
        state = GAME.setup(MODES[mode], {"mode": mode}, seed)
        rng_seed = seed + 1000
        final, record = random_playout(GAME, MODES[mode], {"mode": mode}, seed, agent_seed=rng_seed)
        assert record.finished
        every = list(final.supply)
        for side in final.sides.values():
            every += side.deck + side.used + side.removed + side.play
        assert sorted(every) == sorted(state.cards)
        # Replaying and summing the damage events gives the HP lost.
        lost = {c: 0 for c in final.sides}
        again = state
        for a in record.actions:
            again, events = GAME.apply(again, a.player, a.prompt_id, a.choice)
            for e in events:
                if e.kind == "damage":
                    x, y = e.data["sides"]
                    lost[y] += e.data["dealt"][x]
                    lost[x] += e.data["dealt"][y]
        assert again == final
        start = final.options.hp()
        assert {c: start - s.hp for c, s in final.sides.items()} == lost
        # Purple never removes a card; removals never exceed the rounds played.
        if "purple" in final.sides:
            assert final.sides["purple"].removed == []
        assert all(len(s.removed) <= final.round for s in final.sides.values())


def test_every_host_option_plays_to_the_end():
    for options in ({"colour_deck": "alt_1_11"}, {"colour_deck": "alt_5_9", "draw_check_ace": 11},
                    {"mode": "coop", "coop_loss": "either", "start_hp": 5}, {"mode": "three", "round_limit": 2}):
        players = MODES[options.get("mode", "duel")]
        for seed in range(property_games(3)):
            state, _ = check_random_game(GAME, players, options, seed, deep=False)
            assert state.finished


def test_setup_is_reproducible_from_the_seed():
    a = GAME.setup(["p1", "p2"], {"mode": "coop"}, 99)
    assert GAME.setup(["p1", "p2"], {"mode": "coop"}, 99) == a
    final_a, _ = random_playout(GAME, ["p1", "p2"], {}, 5)
    final_b, _ = random_playout(GAME, ["p1", "p2"], {}, 5)
    assert final_a == final_b
