"""The lines a front end says beside a board come from the game (`Game.status_lines`,
`Game.notes`), worked out from one viewer's view: a game without any says nothing, and what one
player is told never counts another player's hidden hand."""
from __future__ import annotations

import pytest

from games import registry
from games.kit import Text
from tests.every_game import case_id, every_mode


@pytest.mark.parametrize(("key", "options", "low"), every_mode(), ids=[case_id(k, o) for k, o, _ in every_mode()])
def test_every_game_answers_both_hooks_with_texts_in_both_languages(key, options, low):
    game = registry.get(key)
    state = game.setup([f"P{i}" for i in range(1, low + 1)], options, 5)
    for viewer in [None, *state.players]:
        view = game.view(state, viewer)
        for line in [*game.status_lines(view, viewer), *game.notes(view, viewer)]:
            assert isinstance(line, Text) and line.en and line.ja and line.en != line.ja


def test_a_game_without_status_says_nothing():
    game = registry.get("sutosute")
    state = game.setup(["P1", "P2"], None, 1)
    assert game.status_lines(game.view(state, "P1"), "P1") == [] and game.notes(game.view(state, "P1"), "P1") == []


def test_guns_and_steel_counts_your_own_hand_and_only_the_size_of_others():
    game = registry.get("guns-and-steel")
    state = game.setup(["P1", "P2", "P3"], None, 3)
    (line,) = game.status_lines(game.view(state, "P1"), "P1")
    assert line.en.startswith("VP so far: P1 ") and "P1 0 (" not in line.en
    assert "P2 0 (+ " in line.en and " cards in hand)" in line.en
    assert line.ja.startswith("現在の勝利点：P1 ") and "＋手札" in line.ja
    (public,) = game.status_lines(game.view(state, None), None)
    assert public.en.count("in hand)") == 3


def test_ganymede_tells_your_side_only_to_you():
    game = registry.get("ganymede")
    state = game.setup(["P1", "P2"], game.Options(mode="coop"), 3)
    (mine,) = game.notes(game.view(state, "P1"), "P1")
    assert "you and P2 together" in mine.en and "P2と協力して" in mine.ja
    assert game.notes(game.view(state, None), None) == []
