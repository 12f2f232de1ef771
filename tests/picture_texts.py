"""Every text the pictures actually draw, with its size, for the tests that read them as a player
would (tests/pictures/test_picture_text.py: nothing smaller than 19 px; tests/test_japanese_lint.py:
natural Japanese). All drawing goes through pictures.fonts.draw_text (the kit imports it by name),
so recording it, with every picture cache emptied first, sees each string once per picture."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pictures
from games import registry
from pictures import draw, fonts
from pictures.samples import sample_state

# every game and mode a renderer draws (Guns & Steel: each set at 2 and 4 players)
TABLES: list[tuple[str, dict, int]] = [
    ("guns-and-steel", {"set": s}, n) for s in ("base", "renaissance", "mixed") for n in (2, 4)
] + [("ganymede", {"mode": m}, n) for m, n in (("duel", 2), ("coop", 2), ("three", 3))] + [
    ("sutosute", {}, 2), ("sutosute", {"civilizations": True}, 2), ("fort-of-gold", {}, 1)]
DEPTHS = (0, 9, 30, 400)          # random moves into a sample game (400: usually its end)


def _empty_picture_caches() -> None:
    for name, module in list(sys.modules.items()):
        if name == "pictures" or name.startswith("pictures."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@contextmanager
def recording() -> Iterator[list[tuple[str, int]]]:
    """Within the block, every (text, size) drawn is appended to the yielded list."""
    drawn: list[tuple[str, int]] = []
    original = fonts.draw_text

    def draw_text(d, xy, text, size, *args, **kwargs):
        drawn.append((text, size))
        return original(d, xy, text, size, *args, **kwargs)

    _empty_picture_caches()
    fonts.draw_text, draw.draw_text = draw_text, draw_text
    try:
        yield drawn
    finally:
        fonts.draw_text, draw.draw_text = original, original
        _empty_picture_caches()


def pictures_of(game_key: str, options: dict, players: int, lang: str, depths=DEPTHS, seed: int = 1
                ) -> Iterator[tuple[str, Callable[[], bytes]]]:
    """("board" or "hand", a renderer call) for a sample table at several depths: the public board
    and each player's hand."""
    game = registry.get(game_key)
    for moves in depths:
        state = sample_state(game_key, options, players, moves=moves, seed=seed, lang=lang)
        yield "board", lambda s=state: pictures.board_png(game_key, game.view(s, None), lang)
        for player in state.players:
            yield "hand", lambda s=state, p=player: pictures.hand_png(game_key, game.view(s, p), lang)


def drawn_texts(game_key: str, options: dict, players: int, lang: str, depths=DEPTHS
                ) -> Iterator[tuple[str, str, float]]:
    """(picture kind, text, size in pixels) for every text drawn in the sample pictures (every
    picture is drawn at the width it is sent at, pictures.draw.WIDTH)."""
    for kind, render in pictures_of(game_key, options, players, lang, depths):
        with recording() as drawn:
            render()
        for text, size in drawn:
            yield kind, text, size



