"""Vector icons drawn with Pillow (no image files): the seven energies, "any", and the marks
for military, VP, hand size, counter, VP tokens and honor tokens. Each is drawn four times
larger and scaled down once (smooth edges), then cached per size."""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .style import ENERGIES_ORDER, ENERGY_COLOURS, TYPE_COLOURS

SS = 4  # supersampling factor


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), s


def _done(img: Image.Image, size: int) -> Image.Image:
    return img.resize((size, size), Image.LANCZOS)


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int, turn: float = -90) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _lighter(c: tuple[int, int, int], k: float = 0.45) -> tuple[int, int, int]:
    return tuple(int(v + (255 - v) * k) for v in c)  # type: ignore[return-value]


GLYPH = (255, 255, 255, 235)


def _glyph(d: ImageDraw.ImageDraw, kind: str, s: int) -> None:
    def p(x: float, y: float) -> tuple[float, float]:
        return (x * s, y * s)

    if kind == "food":          # an ear of wheat
        d.line([p(.5, .84), p(.5, .2)], fill=GLYPH, width=max(2, s // 16))
        for y in (.36, .5, .64):
            for side in (-1, 1):
                d.polygon([p(.5, y + .07), p(.5 + side * .2, y - .03), p(.5 + side * .07, y - .13)], fill=GLYPH)
        d.ellipse([p(.43, .12), p(.57, .32)], fill=GLYPH)
    elif kind == "iron":        # an ingot
        d.polygon([p(.27, .42), p(.73, .42), p(.84, .68), p(.16, .68)], fill=GLYPH)
        d.polygon([p(.33, .3), p(.67, .3), p(.73, .42), p(.27, .42)], fill=(255, 255, 255, 150))
    elif kind == "horse":       # a horseshoe
        d.arc([p(.24, .2), p(.76, .76)], start=140, end=40, fill=GLYPH, width=int(s * .13))
        for x in (.3, .7):
            d.rectangle([p(x - .07, .62), p(x + .07, .74)], fill=GLYPH)
    elif kind == "gunpowder":   # a blast
        d.polygon(_star_points(s / 2, s / 2, s * .34, s * .16, 8), fill=GLYPH)
    elif kind == "oil":         # a drop
        d.ellipse([p(.31, .43), p(.69, .81)], fill=GLYPH)
        d.polygon([p(.5, .16), p(.325, .58), p(.675, .58)], fill=GLYPH)
    elif kind == "earth":       # a globe
        w = max(2, s // 14)
        d.ellipse([p(.22, .22), p(.78, .78)], outline=GLYPH, width=w)
        d.ellipse([p(.38, .22), p(.62, .78)], outline=GLYPH, width=w)
        d.line([p(.22, .5), p(.78, .5)], fill=GLYPH, width=w)
    elif kind == "space":       # a star
        d.polygon(_star_points(s / 2, s * .53, s * .34, s * .14, 5), fill=GLYPH)


@lru_cache(maxsize=256)
def energy(kind: str, size: int) -> Image.Image:
    """A round token in the energy's colour with its glyph; "any" is a wheel of all seven."""
    img, d, s = _canvas(size)
    if kind == "any":
        step = 360 / len(ENERGIES_ORDER)
        for i, k in enumerate(ENERGIES_ORDER):
            d.pieslice([0, 0, s - 1, s - 1], start=-90 + i * step, end=-90 + (i + 1) * step, fill=ENERGY_COLOURS[k])
        d.ellipse([s * .3, s * .3, s * .7, s * .7], fill=(30, 31, 34))
        return _done(img, size)
    colour = ENERGY_COLOURS[kind]
    d.ellipse([0, 0, s - 1, s - 1], fill=colour)
    ring = (200, 200, 205) if kind == "oil" else _lighter(colour, .35)
    d.ellipse([0, 0, s - 1, s - 1], outline=ring, width=max(2, s // 14))
    _glyph(d, kind, s)
    return _done(img, size)


@lru_cache(maxsize=64)
def sword(size: int, colour: tuple[int, int, int] = (215, 220, 228)) -> Image.Image:
    """Military."""
    img, d, s = _canvas(size)
    d.polygon([(s * .4, s * .64), (s * .4, s * .18), (s * .5, s * .02), (s * .6, s * .18), (s * .6, s * .64)], fill=colour)
    d.line([(s * .5, s * .16), (s * .5, s * .6)], fill=(150, 155, 165), width=max(1, s // 24))
    d.rounded_rectangle([s * .18, s * .6, s * .82, s * .71], radius=s * .05, fill=(230, 190, 90))
    d.rectangle([s * .44, s * .71, s * .56, s * .88], fill=(160, 110, 60))
    d.ellipse([s * .39, s * .84, s * .61, s * 1.0 - 1], fill=(230, 190, 90))
    return _done(img, size)


@lru_cache(maxsize=64)
def star(size: int, colour: tuple[int, int, int] = (240, 195, 60)) -> Image.Image:
    """Victory points."""
    img, d, s = _canvas(size)
    d.polygon(_star_points(s / 2, s * .54, s * .5, s * .22, 5), fill=colour)
    return _done(img, size)


@lru_cache(maxsize=32)
def cards(size: int) -> Image.Image:
    """Cards in hand (a fan of two card backs)."""
    img, d, s = _canvas(size)
    d.rounded_rectangle([s * .12, s * .14, s * .62, s * .86], radius=s * .08, fill=(90, 100, 130), outline=(200, 205, 220), width=s // 18)
    d.rounded_rectangle([s * .38, s * .1, s * .88, s * .82], radius=s * .08, fill=(110, 122, 160), outline=(220, 225, 240), width=s // 18)
    return _done(img, size)


@lru_cache(maxsize=32)
def shield(size: int) -> Image.Image:
    """The counter icon: the card may be played from hand when defending."""
    img, d, s = _canvas(size)
    d.polygon([(s * .5, s * .05), (s * .9, s * .2), (s * .82, s * .62), (s * .5, s * .95), (s * .18, s * .62), (s * .1, s * .2)],
              fill=(90, 180, 230))
    d.polygon([(s * .5, s * .2), (s * .74, s * .3), (s * .68, s * .58), (s * .5, s * .78)], fill=(200, 235, 255))
    return _done(img, size)


@lru_cache(maxsize=32)
def coin(size: int) -> Image.Image:
    """A Renaissance VP token."""
    img, d, s = _canvas(size)
    d.ellipse([0, 0, s - 1, s - 1], fill=(205, 150, 40))
    d.ellipse([s * .14, s * .14, s * .86, s * .86], fill=(245, 200, 80))
    d.polygon(_star_points(s / 2, s * .53, s * .27, s * .11, 5), fill=(190, 130, 30))
    return _done(img, size)


@lru_cache(maxsize=64)
def honor(size: int, colour: tuple[int, int, int]) -> Image.Image:
    """A Renaissance honor token in a seat's colour."""
    img, d, s = _canvas(size)
    d.ellipse([0, 0, s - 1, s - 1], fill=(250, 250, 250))
    d.ellipse([s * .14, s * .14, s * .86, s * .86], fill=colour)
    return _done(img, size)


@lru_cache(maxsize=16)
def empty_slot(size: int) -> Image.Image:
    """A free place for an honor token."""
    img, d, s = _canvas(size)
    d.ellipse([s * .06, s * .06, s * .94, s * .94], outline=(120, 125, 135), width=s // 9)
    return _done(img, size)


@lru_cache(maxsize=32)
def card_type(kind: str, size: int) -> Image.Image:
    """A card type's mark, so the type never rests on colour alone (issue 31): tech a circle,
    tactic a diamond, unit a triangle, each in its frame colour with a dark rim."""
    img, d, s = _canvas(size)
    rim, colour = (24, 26, 30), TYPE_COLOURS[kind]
    width = max(SS, s // 9)
    if kind == "tech":
        d.ellipse([s * .1, s * .1, s * .9, s * .9], fill=colour, outline=rim, width=width)
    elif kind == "tactic":
        d.polygon([(s * .5, s * .02), (s * .98, s * .5), (s * .5, s * .98), (s * .02, s * .5)], fill=colour,
                  outline=rim, width=width)
    else:
        d.polygon([(s * .5, s * .06), (s * .97, s * .92), (s * .03, s * .92)], fill=colour, outline=rim, width=width)
    return _done(img, size)
