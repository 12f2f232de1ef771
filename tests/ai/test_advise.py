"""`ai.advise`, the hint's search: the strong player's own answer (what `ai.choose` gives for
the same seed), a legal answer to the decision owed now, from the seat's information set only,
with figures that read as a reason; and `guide.explain`, every decision of every game in the
rules summary's own sentences."""
from __future__ import annotations

from itertools import islice

import pytest
from test_agents import _swap_two_hidden_sutosute_cards
from test_determinize import CONFIGS, states

from games import registry
from games.kit import IllegalAction, Rng, ai, random_choice
from games.kit.agents import hooks
from games.kit.guide import LIMIT, explain, sentences


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=lambda x: str(x))
def test_a_hint_is_the_strong_answer_a_legal_option_of_the_decision_with_its_figures(key, options, players):
    checked = 0
    for game, state, seat in islice(states(key, options, players, 1, every=23), 4):
        advice = ai.advise(game, state, seat, seed=11, iterations=40)
        prompt = next(p for p in game.prompts(state) if p.player == seat and p.id == advice.prompt_id)
        assert set(advice.choice) <= {o.key for o in prompt.options}
        game.apply(state, seat, advice.prompt_id, advice.choice)  # legal, or IllegalAction
        assert (advice.prompt_id, advice.choice) == ai.choose(game, state, seat, level="strong", seed=11, iterations=40)
        if advice.simulations:  # something to weigh: a share of the playouts and a chance to win
            assert 0 < advice.share <= 1 and 0 <= advice.win <= 1
        else:
            assert advice.share == 1 and advice.win is None and advice.only == (len(prompt.options) == 1)
        checked += 1
    assert checked


def test_swapping_hidden_cards_gives_the_same_hint_for_a_fixed_seed():
    """Two real states that differ only in cards the seat cannot see (and the future dice):
    the same hint, figures and all. The hint uses the seat's information set only."""
    checked = 0
    for key, options, players in CONFIGS:
        for game, state, seat in islice(states(key, options, players, 1, every=31), 3):
            worlds = [hooks(game).determinize(state, seat, Rng(seed=99))]
            if key == "sutosute" and (swapped := _swap_two_hidden_sutosute_cards(state, seat)) is not None:
                worlds.append(swapped)
            for other in worlds:
                assert ai.advise(game, other, seat, seed=2, iterations=25) == ai.advise(game, state, seat, seed=2,
                                                                                        iterations=25)
                checked += 1
    assert checked > 10


def test_nothing_owed_is_refused():
    game = registry.get("sutosute")
    state = game.setup(["u1", "u2"], None, seed=1)
    with pytest.raises(IllegalAction):
        ai.advise(game, state, "nobody")


@pytest.mark.parametrize("key", ["sutosute", "fort-of-gold", "ganymede", "guns-and-steel"])
def test_every_decision_is_explained_in_the_rules_summarys_own_sentences(key):
    """Along random games, each decision owed gets one or two sentences of the game's rules
    summary (as `/game rules` shows it), short enough for a phone, in both languages; the
    decisions the game names get their own sentences (not the fallback)."""
    game = registry.get(key)
    names = [f"p{i}" for i in range(game.min_players)]
    seen: set[str] = set()
    for seed in range(2):
        state = game.setup(names, None, seed=seed)
        rng = Rng(seed=seed)
        for _ in range(300):
            prompts = game.prompts(state)
            if not prompts:
                break
            for prompt in prompts:
                base = prompt.id.split(":")[0]
                if base in seen:
                    continue
                seen.add(base)
                for lang in ("en", "ja"):
                    text = explain(game, prompt, lang)
                    pool = sentences(game, lang)
                    assert text and len(text) <= LIMIT, (prompt.id, lang, text)
                    assert any(s in text or text.rstrip("…") in s for s in pool), (prompt.id, lang, text)
                named = next((words for start, words in game.guide_words.items() if prompt.id.startswith(start)), None)
                if named:
                    en, ja = named[0]
                    assert en in explain(game, prompt, "en") and ja in explain(game, prompt, "ja"), prompt.id
            p = rng.choice(prompts)
            state, _ = game.apply(state, p.player, p.id, random_choice(p, rng))
    assert seen


def test_every_named_decision_finds_its_sentence_in_both_languages():
    """A rules summary reworded so that a guide word no longer finds its sentence fails here."""
    for key in ("sutosute", "fort-of-gold", "ganymede", "guns-and-steel"):
        game = registry.get(key)
        for start, words in game.guide_words.items():
            for en, ja in words:
                assert any(en in s for s in sentences(game, "en")), (key, start, en)
                assert any(ja in s for s in sentences(game, "ja")), (key, start, ja)
