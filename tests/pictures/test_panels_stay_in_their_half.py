"""Sutosute's board keeps each player's panel as a piece of its strip (pictures/strips.py `piece`),
pasted back when that panel did not change: that is right only if a panel draws nothing outside
its half of the picture. Real positions of random games, both languages, names long enough to be
cut, in Latin and Japanese and with emoji, drawn alone on a blank canvas: nothing outside the half."""
from __future__ import annotations

import pytest

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from pictures import sutosute
from pictures.draw import WIDTH, Canvas

NAMES = [["Alice", "ボブ"], ["Bartholomew Maximilian von Habsburg-Lothringen", "アレクサンドリア・ウィルヘルミナ・ローゼンクランツ"],
         ["WWWWWWWWWWWWWWWWWWWWWWWWWW", "🐉🐉 dragon 🐉🐉🐉🐉🐉🐉🐉🐉"]]


def _views(names: list[str], options: dict, seed: int):
    game = registry.get("sutosute")
    state = game.setup(names, game.parse_options(options), seed)
    rng = Rng(seed=seed).fork(5)
    for step in range(300):
        if step % 2 == 0:
            yield game.view(state, None)
        prompts = game.prompts(state)
        if not prompts:
            yield game.view(state, None)
            return
        prompt = rng.choice(prompts)
        state, _ = game.apply(state, prompt.player, prompt.id, random_choice(prompt, rng))


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("options", [{}, {"civilizations": "true"}])
def test_a_player_panel_draws_only_in_its_half(names, options):
    seen = 0
    for seed, lang in ((1, "en"), (2, "ja")):
        for view in _views(names, options, seed):
            for i, pv in enumerate(view.players[:2]):
                canvas = Canvas(420)
                blank = canvas.image.copy()
                col_w = (WIDTH - 2 * sutosute.PAD - 12) / 2
                x0 = sutosute.PAD + i * (col_w + 12)
                sutosute.player_panel(canvas, view, pv, (x0, 40, x0 + col_w, 40 + 318), lang)
                left, right = (0, WIDTH // 2) if i == 0 else (WIDTH // 2, WIDTH)
                for outside in ((0, 0, left, 420), (right, 0, WIDTH, 420)):
                    if outside[2] > outside[0]:
                        drawn = canvas.image.crop(outside).tobytes() != blank.crop(outside).tobytes()
                        assert not drawn, f"panel {i} ({pv.player!r}, {lang}) drew outside its half"
                seen += 1
    assert seen > 40
