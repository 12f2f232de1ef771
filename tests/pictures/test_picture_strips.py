"""Pictures drawn as kept strips (pictures/strips.py) show exactly what a fresh draw shows: each
strip's key holds everything it draws, so a warm picture of a real position is byte for byte the
picture drawn with every strip forgotten. And runs of text put together from single characters
are the masks FreeType renders for the whole run."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from pictures import bands, board_png, fonts, hand_png, strips
from pictures.samples import PLAYERS

CASES = [("ganymede", {"mode": "duel"}, 2), ("ganymede", {"mode": "three"}, 3), ("ganymede", {"mode": "coop"}, 2),
         ("sutosute", {}, 2), ("sutosute", {"civilizations": "true"}, 2), ("fort-of-gold", {}, 1)]


def _positions(key: str, options: dict, players: int, seed: int):
    game = registry.get(key)
    state = game.setup(PLAYERS[:players], game.parse_options(options), seed)
    rng = Rng(seed=seed).fork(3)
    for step in range(400):
        prompts = game.prompts(state)
        viewer = prompts[0].player if prompts else state.players[0]
        if step % 3 == 0 or not prompts:
            yield game.view(state, None), game.view(state, viewer)
        if not prompts:
            return
        prompt = rng.choice(prompts)
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))


@pytest.mark.parametrize(("key", "options", "players"), CASES)
def test_warm_pictures_are_the_pictures_drawn_afresh(key, options, players):
    for seed in (0, 1):
        lang = "ja" if seed else "en"
        for public, own in _positions(key, options, players, seed):
            warm = board_png(key, public, lang), hand_png(key, own, lang)
            strips.clear()
            bands.clear()
            assert (board_png(key, public, lang), hand_png(key, own, lang)) == warm


@pytest.mark.parametrize("text", ["Barter", "starting card", "  vs  ", "Alice（赤） ", "金の砦・手番7・祭壇 0/7",
                                  "per card it used, +1 at exactly 21; equal strengths hurt both.", "fi Te AV Wa", "?"])
@pytest.mark.parametrize("size", [19, 23, 31])
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("vertical", ["a", "s", "m"])
def test_text_put_together_from_characters_is_freetypes_own(text, size, bold, vertical):
    core, offset = fonts.font(size, bold).getmask2(text, "L", anchor="l" + vertical)
    composed = fonts._composed(text, size, bold, vertical)
    assert composed not in (None, False)
    mask, left, top = composed
    assert (left, top) == offset
    assert mask.size == core.size
    assert ImageChops.difference(mask, Image.Image()._new(core)).getbbox() is None
