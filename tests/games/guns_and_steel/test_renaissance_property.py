"""Random Renaissance and mixed games keep the token invariants at every step (the kit's
properties for these sets run in test_property.py):

* each player's five honor tokens are in their supply or on wonders still on the table;
* VP tokens never go negative; 15+ tokens always means the game ends with this turn;
* research piles only shrink from the top and never hold a card of another era;
* the game ends by one of the rulebook's conditions (or the turn-limit safeguard), and the
  score is cards + wonders + tokens.

CI plays a fixed-seed subset; `PROPERTY_GAMES=1000` plays 1,000 games per set and count.
"""
import pytest
from property_runs import property_games

from games.guns_and_steel import GAME
from games.guns_and_steel.cards import card, wonder
from games.guns_and_steel.field import cards_owned
from games.guns_and_steel.renaissance import HONOR_TOKENS_PER_PLAYER, VP_TOKENS_TO_END
from games.kit import Rng, random_action


def check_tokens(state) -> None:
    ren = state.ren
    assert ren is not None
    for p in state.players:
        on = sum(by.get(p, 0) for by in ren.honor.values())
        assert ren.honor_supply[p] >= 0 and ren.honor_supply[p] + on == HONOR_TOKENS_PER_PLAYER, p
        assert ren.vp_tokens[p] >= 0
        if ren.vp_tokens[p] >= VP_TOKENS_TO_END:
            assert state.end_pending or state.finished
    assert set(ren.honor) <= set(state.table_wonders), "tokens on a wonder that left the table"
    for w, by in ren.honor.items():
        assert all(n < wonder(w).honor_needed.value for n in by.values()), "a complete wonder was not taken"
    for era, pile in state.piles.items():
        assert all(card(state.cards[c]).era.value == era for c in pile)


@pytest.mark.parametrize("count", (2, 3, 4))
@pytest.mark.parametrize("set_", ("renaissance", "mixed"))
def test_token_invariants_hold_in_random_games(set_, count):
    players = [f"p{i}" for i in range(count)]
    for n in range(property_games(2)):
        state = GAME.setup(players, {"set": set_}, 7000 + 10 * count + n)
        pile_sizes = {era: len(p) for era, p in state.piles.items()}
        rng = Rng(seed=n).fork(11)
        for _ in range(20000):
            check_tokens(state)
            for era, pile in state.piles.items():
                assert len(pile) <= pile_sizes[era]
                pile_sizes[era] = len(pile)
            action = random_action(GAME, state, rng)
            if action is None:
                break
            state, _ = GAME.apply(state, action.player, action.prompt_id, action.choice)
        out = GAME.outcome(state)
        assert out is not None and state.end_reason in ("space", "wonders", "tokens", "round_limit")
        for p in players:
            printed = sum(card(state.cards[c]).vp.value for c in cards_owned(state, p))
            wonders = sum(wonder(w).vp.value for w in state.seats[p].wonders)
            assert out.scores[p] == printed + wonders + state.ren.vp_tokens[p]
