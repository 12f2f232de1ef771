"""Property tests of the pictures over random games, every game and mode: the public board (from
the view of viewer None) and each player's hand (from that player's view) render in English and
Japanese as valid PNGs of at most 1 MB, and the public board never changes with hidden cards."""
from __future__ import annotations

import io

import pytest
from PIL import Image
from property_runs import property_games

from games import registry
from games.kit.rng import Rng
from pictures import board_png, hand_png, renderer
from pictures.draw import MAX_BYTES, WIDTH
from pictures.hidden import assert_board_hides
from pictures.samples import VARIANTS, sample_state

CASES = [(key, options, players) for key, variants in VARIANTS.items() for options, players in variants]


def assert_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == WIDTH and 100 <= image.height <= 4000
    return image


def states(key: str, options: dict, players: int, games: int):
    """A few states per random game: the start, early, and late or (when reached) the end."""
    for g in range(games):
        for moves in (0, 9, 60 if g % 2 else 400):
            yield sample_state(key, options, players, moves=moves, seed=1000 * g + moves)


@pytest.mark.parametrize(("key", "options", "players"), CASES, ids=[f"{k}-{o.get('mode', p)}" for k, o, p in CASES])
def test_pictures_property(key: str, options: dict, players: int) -> None:
    game = registry.get(key)
    rng = Rng(seed=5)
    checked = 0
    for state in states(key, options, players, property_games(1)):
        for lang in ("en", "ja"):
            assert_png(board_png(key, game.view(state, None), lang))
            for p in state.players:
                assert_png(hand_png(key, game.view(state, p), lang))
        checked += assert_board_hides(key, state, rng)
    if renderer(key) is not None and key != "fort-of-gold":  # solo: the pile order is rarely known to anyone
        assert checked, "no state had a secret to swap: the hidden-information check checked nothing"


@pytest.mark.parametrize("key", list(VARIANTS))
def test_board_refuses_a_private_view(key: str) -> None:
    game = registry.get(key)
    state = sample_state(key, moves=3)
    with pytest.raises(ValueError, match="public view"):
        board_png(key, game.view(state, state.players[0]), "en")


def test_a_private_hand_differs_from_the_public_board() -> None:
    """The hand shows what only its owner knows (here: Ganymede's own used pile)."""
    game = registry.get("ganymede")
    state = sample_state("ganymede", {"mode": "duel"}, 2, moves=14)
    own = game.view(state, state.players[0])
    assert own.sides[0].used is not None
    assert hand_png("ganymede", own, "en") != board_png("ganymede", game.view(state, None), "en")


def test_the_hidden_check_catches_a_leak(monkeypatch) -> None:
    """A board drawn from a view that shows one player's secrets (a leak) fails the check."""
    import pictures.ganymede as drawn
    from pictures import hidden

    game = registry.get("ganymede")
    state = sample_state("ganymede", {"mode": "duel"}, 2, moves=14)
    real_view = type(game).view

    def leaky_view(self, state, viewer):  # the first player's secrets, labelled as the public view
        return real_view(self, state, state.players[0]).model_copy(update={"viewer": None})

    monkeypatch.setattr(type(game), "view", leaky_view)
    monkeypatch.setattr(drawn, "board", drawn.hand)  # draws the piles such a view carries
    with pytest.raises(AssertionError, match="changes with hidden cards"):
        for seed in range(20):
            hidden.assert_board_hides("ganymede", state, Rng(seed=seed))
