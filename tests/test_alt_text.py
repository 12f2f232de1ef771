"""Alt text on the pictures: every board and hand has one, in the reader's language,
within what Discord takes, saying whose turn it is; the public one tells nothing the picture
may not (it does not change when the hidden cards are dealt again)."""
from __future__ import annotations

import pytest

from games import registry
from games.kit.alt import ALT_LIMIT, board_alt, hand_alt
from games.kit.playout import random_choice
from games.kit.rng import Rng
from tests.every_game import case_id, every_mode

CASES = every_mode()


def _states(key: str, options: dict, players: int, seed: int, steps: int = 80):
    """Positions of a random game, every few moves."""
    game = registry.get(key)
    state = game.setup([f"p{i}" for i in range(players)], options, seed)
    rng = Rng(seed=seed)
    for n in range(steps):
        prompts = game.prompts(state)
        if not prompts:
            break
        if n % 5 == 0:
            yield state
        prompt = prompts[rng.below(len(prompts))]
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))
    yield state


@pytest.mark.parametrize(("key", "options", "players"), CASES, ids=[case_id(k, o) for k, o, _ in CASES])
def test_public_alt_text_does_not_change_when_hidden_cards_are_dealt_again(key, options, players):
    game = registry.get(key)
    checked = 0
    for seed in range(3):
        for state in _states(key, options, max(players, 2) if game.max_players > 1 else players, seed):
            for lang in ("en", "ja"):
                public = board_alt(game, state, lang)
                again = game.resample(state, None, Rng(seed=seed + 99))
                if again is not None:
                    assert board_alt(game, again, lang) == public, (key, lang)
                    checked += 1
                viewer = state.players[0]
                mine = hand_alt(game, state, viewer, lang)
                theirs = game.resample(state, viewer, Rng(seed=seed + 7))
                if theirs is not None:
                    assert hand_alt(game, theirs, viewer, lang) == mine, (key, lang)
    assert checked or not game.hidden_ids(game.setup(state.players, options, 0), None)


@pytest.mark.parametrize(("key", "options", "players"), CASES, ids=[case_id(k, o) for k, o, _ in CASES])
def test_alt_text_says_whose_turn_in_each_language_within_the_limit(key, options, players):
    game = registry.get(key)
    for state in _states(key, options, players, seed=5):
        for lang in ("en", "ja"):
            board = board_alt(game, state, lang)
            hand = hand_alt(game, state, state.players[0], lang)
            for text in (board, hand):
                assert "**" not in text and "`" not in text          # no Markdown read aloud
                assert len(text) <= ALT_LIMIT
            waiting = game.current_players(state)
            if game.outcome(state) is None and waiting:
                assert all(p in board.split("\n", 1)[0] for p in waiting)
            else:
                assert ("ゲーム終了" if lang == "ja" else "game is over") in board.split("\n", 1)[0]
            if lang == "ja":
                assert "Waiting for" not in board and "your hand" not in hand


def test_a_hand_says_what_its_player_must_decide():
    game = registry.get("sutosute")
    state = game.setup(["p0", "p1"], {}, 3)
    prompt = game.prompts(state)[0]
    text = hand_alt(game, state, prompt.player, "en")
    assert "You must decide: " + prompt.text.get("en") in text
    assert prompt.text.get("ja") in hand_alt(game, state, prompt.player, "ja")
    other = next(p for p in state.players if p != prompt.player)
    assert "You must decide" not in hand_alt(game, state, other, "en") or any(
        p.player == other for p in game.prompts(state))


def test_a_four_player_guns_and_steel_board_is_summarised_within_the_limit():
    game = registry.get("guns-and-steel")
    longest = max(len(board_alt(game, s, lang)) for seed in range(3)
                  for s in _states("guns-and-steel", {}, 4, seed, steps=200) for lang in ("en", "ja"))
    assert longest <= ALT_LIMIT - 200   # room for names and the last move
