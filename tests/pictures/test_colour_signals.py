"""Colour is never the only signal: what the pictures tell apart by colour also has
its own shape, one a colour-blind player can tell apart with the colours taken away."""
from __future__ import annotations

import io

from PIL import Image, ImageChops

from games import registry
from games.ganymede.data import COLOUR_NAMES
from pictures import board_png, ganymede, strips
from pictures.draw import Canvas
from pictures.guns_and_steel import icons
from pictures.guns_and_steel.style import TYPE_COLOURS
from pictures.samples import sample_state


def _silhouette(img: Image.Image) -> bytes:
    return img.getchannel("A").point(lambda a: 255 if a > 128 else 0).tobytes()


def test_guns_and_steel_card_types_differ_by_shape_not_only_colour():
    shapes = {kind: _silhouette(icons.card_type(kind, 40)) for kind in TYPE_COLOURS}
    assert len(set(shapes.values())) == len(TYPE_COLOURS)


def test_every_ganymede_side_colour_has_its_own_shape():
    sides = set(COLOUR_NAMES) - {"black"}
    assert set(ganymede.SIDE_SHAPES) == sides
    assert len(set(ganymede.SIDE_SHAPES.values())) == len(sides)
    drawn = {}
    for colour in sides:  # where each one draws, whatever its colours: only the shape
        c = Canvas(40, 60, bg="#000000")
        ganymede.side_shape(c, 30, 20, 12, colour)
        drawn[colour] = c.image.convert("L").point(lambda v: 255 if v > 0 else 0).tobytes()  # where it drew
    assert len(set(drawn.values())) == len(sides)


def test_ganymede_cards_in_play_carry_the_shape():
    game = registry.get("ganymede")
    state = sample_state("ganymede", {}, 2, moves=12, seed=1, lang="en")
    plain = Image.open(io.BytesIO(board_png("ganymede", game.view(state, None), "en")))
    saved = dict(ganymede.SIDE_SHAPES)
    try:
        ganymede.SIDE_SHAPES.clear()
        strips.clear()  # the kept strips show the shapes: draw them again without
        without = Image.open(io.BytesIO(board_png("ganymede", game.view(state, None), "en")))
    finally:
        ganymede.SIDE_SHAPES.update(saved)
        strips.clear()
    assert ImageChops.difference(plain.convert("RGB"), without.convert("RGB")).getbbox() is not None
