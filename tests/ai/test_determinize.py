"""Every game's `determinize`: the seat's own view is unchanged, exactly the unseen cards are
resampled (as a multiset), and the result depends on nothing the seat cannot see. It is the
game's one redealer, `Game.resample` (the leak check's too), with fresh chance."""
from __future__ import annotations

from collections import Counter

import pytest
from property_runs import property_games

from games import registry
from games.kit import Rng, random_choice
from games.kit.agents import hooks

CONFIGS = [
    ("sutosute", {}, 2), ("sutosute", {"civilizations": True, "draw_rule": "v2", "public_info": False}, 2),
    ("ganymede", {"mode": "duel"}, 2), ("ganymede", {"mode": "coop"}, 2), ("ganymede", {"mode": "three"}, 3),
    ("guns-and-steel", {"set": "base"}, 3), ("guns-and-steel", {"set": "mixed"}, 2),
    ("guns-and-steel", {"set": "renaissance"}, 2),
    ("fort-of-gold", {"allow_concede": False}, 1),
]


def states(key: str, options: dict, players: int, games: int, every: int = 7):
    """States along random games (every `every`-th action), with the seat owing a decision."""
    game = registry.get(key)
    names = [f"p{i}" for i in range(players)]
    for seed in range(games):
        state = game.setup(names, options, seed=seed)
        rng = Rng(seed=seed).fork(5)
        for step in range(400):
            prompts = game.prompts(state)
            if not prompts:
                break
            if step % every == 0:
                yield game, state.model_copy(deep=True), prompts[0].player
            p = rng.choice(prompts)
            game.step(state, p.player, p.id, random_choice(p, rng), prompts)


def identities(game, state, ids):
    """What each id is: its kind / card (games with a card map) or the id itself (Fort of Gold)."""
    if hasattr(state, "cards"):
        return Counter(str(state.cards[c]) for c in ids)
    return Counter(ids)


def hidden_places(game, state, seat):
    """Where the unseen cards are: every id not in the seat's view (Fort of Gold: pile places)."""
    if game.key == "fort-of-gold":
        known = set(state.seen_mana) | set(state.seen_treasures)
        return ([c for c in state.mana_pile if c not in known], [c for c in state.treasure_pile if c not in known])
    return sorted(game.hidden_ids(state, seat))


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_determinize_keeps_the_view_and_resamples_exactly_the_unseen_cards(key, options, players):
    changed = 0
    for game, state, seat in states(key, options, players, property_games(2), every=9):
        det = hooks(game).determinize
        before = state.model_dump_json()
        new = det(state, seat, Rng(seed=11))
        assert state.model_dump_json() == before, "determinize must not touch the real state"
        assert game.view(new, seat) == game.view(state, seat)
        assert [p for p in game.prompts(new) if p.player == seat] == [p for p in game.prompts(state) if p.player == seat]
        old_places, new_places = hidden_places(game, state, seat), hidden_places(game, new, seat)
        if game.key == "fort-of-gold":
            assert [sorted(x) for x in old_places] == [sorted(x) for x in new_places]
            changed += old_places != new_places
        else:
            assert old_places == new_places
            assert identities(game, new, new_places) == identities(game, state, old_places)
            changed += any(new.cards[c] != state.cards[c] for c in new_places)
        assert (new.seed, new.rng) != (state.seed, state.rng), "future chance must be resampled too"
    assert changed > 0, "some determinization should differ from the real deal"


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_determinize_depends_only_on_what_the_seat_knows(key, options, players):
    """Two real states the seat cannot tell apart give the same determinization."""
    for game, state, seat in states(key, options, players, property_games(1), every=11):
        det = hooks(game).determinize
        other_world = det(state, seat, Rng(seed=99))  # same view, other hidden cards and dice
        assert det(other_world, seat, Rng(seed=5)).model_dump() == det(state, seat, Rng(seed=5)).model_dump()


def _place(state, card):
    """Where a card is: what its id holds (games with a card map) or its pile place (Fort of Gold)."""
    if hasattr(state, "cards"):
        return state.cards[card]
    return next((name, pile.index(card)) for name in ("mana_pile", "foresight", "treasure_pile")
                if card in (pile := getattr(state, name)))


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_the_ai_and_the_leak_check_deal_with_one_function(key, options, players):
    """`determinize` is the game's `resample` with a fresh RNG; `resample` itself keeps the RNG
    (the leak check plays the same dice in both worlds) and the cards in `keep` where they are."""
    kept_some = 0
    for game, state, seat in states(key, options, players, 1, every=13):
        drawn = hooks(game).determinize(state, seat, Rng(seed=7))
        redealt = game.resample(state, seat, Rng(seed=7))
        assert (redealt.seed, redealt.rng) == (state.seed, state.rng)
        assert drawn.model_dump(exclude={"seed", "rng"}) == redealt.model_dump(exclude={"seed", "rng"})
        hidden = sorted(game.hidden_ids(state, seat))
        keep = frozenset(hidden[::3])
        for n in range(3):
            kept = game.resample(state, seat, Rng(seed=n), keep=keep)
            assert all(_place(kept, c) == _place(state, c) for c in keep)
        kept_some += bool(keep)
    assert kept_some
