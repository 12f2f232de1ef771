"""The one way to apply a move and its fast path play the same game: over random games of every
game, mode and player count, `step` (with the caller's prompts, without them, and with the
prompts the last step handed back), `step` without events (what search and replays use: the
rules skip writing the texts), `play_offered` (the unchecked fast path of random playouts) and
the public `apply` (a copy) reach equal states, events and prompts at every step, the public
`apply` never mutates its input, and an illegal choice raises on the in-place path too and
leaves the state untouched.

CI plays a few fixed seeds per configuration; `PROPERTY_GAMES=N` plays N."""
from __future__ import annotations

import pytest
from property_runs import property_games

from games import registry
from games.kit import IllegalAction, Rng, random_choice

CONFIGS = [
    ("fort-of-gold", {}, 1), ("fort-of-gold", {"allow_concede": False}, 1),
    ("fort-of-gold", {"spirit_names": "positions", "allow_concede": False}, 1),
    ("ganymede", {"mode": "duel"}, 2), ("ganymede", {"mode": "coop"}, 2), ("ganymede", {"mode": "three"}, 3),
    ("sutosute", {}, 2), ("sutosute", {"civilizations": True}, 2),
    ("sutosute", {"revolution": False, "draw_rule": "v2", "reshuffle_rule": "v2_discard4", "public_info": False}, 2),
    *[("guns-and-steel", {"set": s}, n) for s in ("base", "renaissance", "mixed") for n in (2, 3, 4)],
]


def _play_in_lockstep(key: str, options: dict, count: int, seed: int) -> int:
    game = registry.get(key)
    players = [f"p{i}" for i in range(count)]
    public = game.setup(players, options, seed)
    fast = game.setup(players, options, seed)
    bare = game.setup(players, options, seed)  # in place, prompts computed by step itself
    stepped = game.setup(players, options, seed)  # `step`: the next prompts come back with the events
    quiet = game.setup(players, options, seed)  # `step(events=False)`
    offered = game.setup(players, options, seed)  # `play_offered`: random playouts' unchecked step
    rng = Rng(seed=seed).fork(5)
    steps = 0
    handed_on = game.prompts(stepped)
    while prompts := game.prompts(fast):
        assert prompts == game.prompts(public) == game.prompts(bare) == handed_on, f"step {steps}: prompts differ"
        prompt = rng.choice(prompts)
        choice = random_choice(prompt, rng)
        if steps % 5 == 0:  # a refusal on the in-place path changes nothing
            before = fast.model_dump_json()
            with pytest.raises(IllegalAction):
                game.step(fast, prompt.player, prompt.id, ["~not-an-option~"], prompts)
            with pytest.raises(IllegalAction):
                game.step(fast, prompt.player, "~no-such-prompt~", choice)
            assert fast.model_dump_json() == before
        old, before = public, public.model_dump_json()
        public, events = game.apply(old, prompt.player, prompt.id, choice)
        assert old.model_dump_json() == before, f"step {steps}: the public apply mutated its input"
        fast_events, _ = game.step(fast, prompt.player, prompt.id, choice, prompts)
        bare_events, bare_prompts = game.step(bare, prompt.player, prompt.id, choice)
        step_events, handed_on = game.step(stepped, prompt.player, prompt.id, choice, handed_on)
        assert bare_prompts == handed_on, f"step {steps}: step hands on other prompts"
        no_events, quiet_prompts = game.step(quiet, prompt.player, prompt.id, choice, prompts, events=False)
        assert no_events == [] and quiet_prompts == handed_on, f"step {steps}: the quiet step differs"
        assert game.play_offered(offered, prompt, choice) == handed_on, f"step {steps}: play_offered's prompts differ"
        assert fast_events == events == bare_events == step_events, f"step {steps}: events differ"
        assert (fast.model_dump_json() == public.model_dump_json() == bare.model_dump_json()
                == stepped.model_dump_json() == quiet.model_dump_json() == offered.model_dump_json()), \
            f"step {steps}: states differ"
        steps += 1
        assert steps < 20000, "the game did not end"
    assert game.outcome(fast) == game.outcome(public) is not None
    assert game.load_state(fast.model_dump_json()) == public
    return steps


@pytest.mark.parametrize(("key", "options", "count"), CONFIGS, ids=lambda v: str(v))
def test_in_place_and_public_apply_play_the_same_random_games(key: str, options: dict, count: int) -> None:
    games = property_games(2 if key != "guns-and-steel" else 1)
    for seed in range(games):
        assert _play_in_lockstep(key, options, count, 100 + seed) > 0


def test_public_apply_leaves_its_input_untouched_after_in_place_play() -> None:
    """A state played in place and then handed to the public apply is not changed by it."""
    game = registry.get("ganymede")
    state = game.setup(["a", "b"], {"mode": "duel"}, 4)
    for _ in range(10):
        p = game.prompts(state)[0]
        game.step(state, p.player, p.id, [p.options[0].key])
    snapshot = state.model_dump_json()
    p = game.prompts(state)[0]
    new, _ = game.apply(state, p.player, p.id, [p.options[0].key])
    assert state.model_dump_json() == snapshot and new.version == state.version + 1
