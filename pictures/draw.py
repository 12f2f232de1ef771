"""The shared drawing kit: a palette made for Discord's dark theme, a Canvas that returns small PNG
bytes, rounded boxes and cards, text wrapping, and vector icons (resources, suits, colours, dice)
so no picture depends on an image file.

Pictures are drawn at WIDTH = 800 px; Discord shows them ~400 px wide on a phone, so body text is
at least 22 px here (11 px there) and labels that matter are bigger.
"""
from __future__ import annotations

import io
import math
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from games.kit.words import fill

from .fonts import clean, draw_text, text_width

WIDTH = 800
MAX_BYTES = 1_000_000
Box = tuple[float, float, float, float]


class P:
    """The palette (Discord dark theme surfaces, readable accents)."""

    BG = "#313338"          # the chat background: pictures blend in
    PANEL = "#2b2d31"
    PANEL_2 = "#232428"
    DEEP = "#1e1f22"
    LINE = "#4e5058"
    TEXT = "#f2f3f5"
    MUTED = "#b5bac1"
    DIM = "#80848e"
    ACCENT = "#5865f2"      # Discord blurple: "you", whose turn
    GOOD = "#3ba55d"
    BAD = "#ed4245"
    WARN = "#faa61a"
    GOLD = "#f0c24b"
    PAPER = "#f6f1e7"       # a card's face
    INK = "#1f2023"         # text on a card's face
    INK_MUTED = "#5c5f66"


COLOURS = {  # game colours (factions, suits, card colours)
    "red": "#e5484d", "green": "#3fb950", "purple": "#a371f7", "black": "#2c2f33",
    "blue": "#4493f8", "yellow": "#f0c24b", "white": "#f2f3f5", "orange": "#f0883e",
    "grey": "#8b949e", "gold": "#f0c24b", "brown": "#a8713a",
}

ICON_COLOURS = {  # resources and symbols drawn by icon()
    "food": "#7cc36b", "iron": "#9aa4b1", "horse": "#c08a4e", "gunpowder": "#5b5f66", "oil": "#121316",
    "earth": "#3fa6d9", "space": "#8b6cf0", "any": "#e8e8e8", "military": "#e5484d", "vp": "#f0c24b",
    "hp": "#ed4245", "power": "#faa61a", "coin": "#f0c24b", "honour": "#d9a8ff",
    "spade": "#1f2023", "club": "#1f2023", "heart": "#e5484d", "diamond": "#e5484d",
}


def rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(a: str, b: str, t: float) -> str:
    """Blend colour a toward b by t (0..1)."""
    ra, rb = rgb(a), rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ra, rb, strict=True))


def on(colour: str) -> str:
    """Readable text colour on a background colour."""
    r, g, b = rgb(colour)
    return P.INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else P.TEXT


# ---------------------------------------------------------------- words

def label(labels: dict[str, tuple[str, str]], key: str, lang: str, **values: object) -> str:
    """A renderer's (English, Japanese) label in `lang`, with its {placeholders} filled."""
    en, ja = labels[key]
    return fill(ja if lang == "ja" else en, **values)   # "{n:# card|# cards}" agrees with n


def listed(items: list[str], lang: str) -> str:
    """Names in a row: 、 between them in Japanese, commas in English."""
    return ("、" if lang == "ja" else ", ").join(items)


_FULL_WIDTH = str.maketrans({"(": "（", ")": "）", "?": "？", "!": "！"})
_COLON = re.compile(r"(?<!\d):(?!\d) ?|(?<=\d):(?!\d) ?|(?<!\d):(?=\d)")  # any colon but 12:30's


def japanese(text: str) -> str:
    """A game data text as a Japanese picture draws it: full-width brackets, colon, ? and ! (a time
    like 12:30 keeps its colon). The games' data and texts are full-width at the source now
    (tests/test_japanese_lint.py), so this is only a safety net for a text that slips through."""
    return _COLON.sub("：", text).translate(_FULL_WIDTH)


def in_lang(pair, lang: str) -> str:
    """The English or Japanese side of a data text (`.en`/`.ja`), Japanese with full-width marks."""
    return japanese(pair.ja) if lang == "ja" else pair.en


def joined(parts: list[str], lang: str) -> str:
    """Parts of a heading ("Ganymede · Duel · Round 3"): ・ in Japanese, a spaced · in English."""
    return ("・" if lang == "ja" else " · ").join(parts)


def aside(text: str, lang: str) -> str:
    """A remark after a word: full-width brackets in Japanese ("（バースト）"), " (bust)" in English."""
    return f"（{text}）" if lang == "ja" else f" ({text})"


def colon(lang: str) -> str:
    """A label's colon: full-width in Japanese, ": " in English."""
    return "：" if lang == "ja" else ": "


# ---------------------------------------------------------------- text layout

_NO_LINE_START = set("、。,.)」』】〕〉》!?ー・:;ぁぃぅぇぉっゃゅょァィゥェォッャュョ%,.!?:;)]］）｝〗〙〟’”")


# a counter or unit after a number: 「３枚」「12点」 stay on one line (never ３ / 枚)
COUNTERS = set("枚点個人回戦勝手番目度日時間分秒本つ％%")


def _tokens(line: str) -> list[str]:
    """Unbreakable pieces: a Latin word with its trailing spaces, or one wide (CJK) character; closing
    punctuation sticks to the piece before it so no line starts with 、。) and the like, and a
    number keeps its digits and its counter together (「１２枚」)."""
    tokens: list[str] = []
    for ch in line:
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        if tokens and (ch.isdigit() or ch in COUNTERS) and tokens[-1][-1].isdigit():
            tokens[-1] += ch
        elif tokens and ch in _NO_LINE_START:
            tokens[-1] += ch
        elif tokens and ch == " ":
            tokens[-1] += ch
        elif tokens and not wide and not tokens[-1].endswith((" ", "-", "/")) and \
                unicodedata.east_asian_width(tokens[-1][-1]) not in ("W", "F"):
            tokens[-1] += ch
        else:
            tokens.append(ch)
    return tokens


def wrap(text: str, size: int, width: float, bold: bool = False, max_lines: int | None = None) -> list[str]:
    """Break text into lines no wider than `width`: at spaces for Latin text, between any two
    characters for Japanese (never starting a line with 、。) and the like). Explicit newlines kept.
    With max_lines, the last kept line ends with '…'. Kept per text, size and width: pictures
    wrap the same card texts, rules and moves as the pictures before them."""
    return list(_wrapped(text, size, width, bold, max_lines))


@lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, width: float, bold: bool, max_lines: int | None) -> tuple[str, ...]:
    lines: list[str] = []
    for para in clean_lines(text):
        line = ""
        for token in _tokens(para):
            if text_width((line + token).rstrip(), size, bold) <= width:
                line += token
                continue
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            while text_width(token.rstrip(), size, bold) > width and len(token) > 1:  # a word wider than a line
                cut = len(token) - 1
                while cut > 1 and text_width(token[:cut], size, bold) > width:
                    cut -= 1
                lines.append(token[:cut])
                token = token[cut:]
            line = token
        lines.append(line.rstrip())
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit(lines[-1] + "…", size, width, bold)
    return tuple(lines)


def clean_lines(text: str) -> list[str]:
    return [clean(line) for line in text.split("\n")]


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """The text, cut with '…' if it is wider than `width`."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_size(text: str, size: int, width: float, bold: bool = False, smallest: int = 14) -> int:
    """The largest size <= `size` at which the text fits in `width` (at least `smallest`)."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


# ---------------------------------------------------------------- the canvas

class Draw(ImageDraw.ImageDraw):
    """Pillow's drawing, with rounded boxes pasted from masks kept per shape: a picture draws
    dozens of the same cards, pills and badges, and Pillow draws each from a dozen pie slices
    and rectangles in Python. The same pixels: the mask is Pillow's own box, drawn at the box's
    offset from an even pixel (Pillow rounds half to even, so that offset rounds alike)."""

    def rounded_rectangle(self, xy, radius: float = 0, fill=None, outline=None, width: int = 1, *,  # type: ignore[override]
                          corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        if isinstance(xy[0], (list, tuple)):
            (x0, y0), (x1, y1) = xy
        else:
            x0, y0, x1, y1 = xy
        if (fill is None and outline is None) or x1 < x0 or y1 < y0 or (x1 - x0) * (y1 - y0) > BIG_BOX:
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        ox, oy = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        inside, edge = _box_masks((x0 - ox, y0 - oy, x1 - ox, y1 - oy), radius, width, fill is not None,
                                  outline is not None, corners)
        if inside is not None:
            self.bitmap((ox, oy), inside, fill)
        if edge is not None:
            self.bitmap((ox, oy), edge, outline)


BIG_BOX = 12_000     # px: a larger box (a panel) is drawn by Pillow, faster than pasting a mask that big
_INSIDE = [0, 255] + [0] * 254
_EDGE = [0, 0, 255] + [0] * 253


@lru_cache(maxsize=512)       # at most 512 shapes of <= 12,000 px: a few MB
def _box_masks(box: Box, radius: float, width: int, filled: bool, outlined: bool,
               corners: tuple[bool, bool, bool, bool] | None) -> tuple[Image.Image | None, Image.Image | None]:
    """A rounded box's fill and outline pixels as two masks (None when it has none)."""
    shape = Image.new("L", (math.ceil(box[2]) + 2, math.ceil(box[3]) + 2), 0)
    ImageDraw.Draw(shape).rounded_rectangle(box, radius, fill=1 if filled else None, outline=2 if outlined else None,
                                            width=width, corners=corners)
    inside, edge = shape.point(_INSIDE), shape.point(_EDGE)
    return (inside if inside.getbbox() else None), (edge if edge.getbbox() else None)


class Canvas:
    """An RGB picture with the kit's drawing helpers; `png()` returns bytes <= 1 MB."""

    def __init__(self, height: int, width: int = WIDTH, bg: str = P.BG) -> None:
        self.width, self.height, self.bg = width, height, bg
        self.image = Image.new("RGB", (width, height), bg)
        self.draw = Draw(self.image)

    def text(self, xy: tuple[float, float], text: str, size: int, fill: str = P.TEXT, bold: bool = False,
             anchor: str = "la", max_width: float | None = None) -> float:
        if max_width is not None:
            text = fit(clean(text), size, max_width, bold)
        return draw_text(self.draw, xy, text, size, fill=fill, bold=bold, anchor=anchor)

    def paragraph(self, xy: tuple[float, float], text: str, size: int, width: float, fill: str = P.TEXT,
                  bold: bool = False, line_gap: float = 1.3, max_lines: int | None = None,
                  align: str = "l") -> float:
        """Wrapped text from the top-left xy; returns the y below the last line."""
        x, y = xy
        step = round(size * line_gap)
        for line in wrap(text, size, width, bold, max_lines):
            draw_text(self.draw, (x + (width / 2 if align == "m" else 0), y), line, size, fill=fill, bold=bold,
                      anchor=align + "t")
            y += step
        return y

    def box(self, box: Box, fill: str | None = P.PANEL, outline: str | None = None, radius: int = 12,
            width: int = 2) -> None:
        rounded(self.draw, box, fill=fill, outline=outline, radius=radius, width=width)

    def grow(self, height: int) -> None:
        """Make the canvas at least `height` tall (for pictures whose height depends on content)."""
        if height > self.height:
            bigger = Image.new("RGB", (self.width, height), self.bg)
            bigger.paste(self.image, (0, 0))
            self.image, self.height = bigger, height
            self.draw = Draw(self.image)

    def crop(self, height: int) -> None:
        self.image = self.image.crop((0, 0, self.width, max(1, int(height))))
        self.height = self.image.height
        self.draw = Draw(self.image)

    def png(self) -> bytes:
        return png_bytes(self.image)


PALETTE_SAMPLE = 4  # the palette is chosen from every 4th pixel of every 4th row (bench/render.py)
COMPRESS_LEVEL = 1  # zlib's fastest level: ~10 % more bytes than level 3 for ~1 ms less per picture


def png_bytes(image: Image.Image, max_bytes: int = MAX_BYTES) -> bytes:
    """PNG bytes of a 256-colour palette version (flat UI colours and anti-aliased text survive it;
    the file is about half the size of an RGB one and, with zlib's work on a third of the bytes,
    no slower to make); halved until <= max_bytes. The palette is chosen from a sixteenth of the
    pixels (every flat colour of the kit fills far more than that), then every pixel takes its
    nearest colour: a mean error under half a level, as from a quarter of the pixels, for ~2 ms
    less per picture. Measured alternatives (bench/render.py, docs/pictures.md): RGB PNG
    unfiltered at level 1 (Guns & Steel's strips) twice the bytes for the same CPU; WebP,
    lossless or not, slower."""
    sample = image.resize((max(1, image.width // PALETTE_SAMPLE), max(1, image.height // PALETTE_SAMPLE)),
                          Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    quantized = image.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    quantized.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    if buf.tell() <= max_bytes:
        return buf.getvalue()
    half = image.resize((max(1, image.width // 2), max(1, image.height // 2)), Image.Resampling.LANCZOS)
    return png_bytes(half, max_bytes)


# ---------------------------------------------------------------- boxes and cards

def rounded(draw: ImageDraw.ImageDraw, box: Box, fill: str | None = P.PANEL, outline: str | None = None,
            radius: int = 12, width: int = 2) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=radius, fill=fill, outline=outline,
                           width=width if outline else 0)


def card(draw: ImageDraw.ImageDraw, box: Box, fill: str = P.PAPER, edge: str | None = None, radius: int = 10,
         shadow: bool = True, highlight: str | None = None) -> None:
    """A playing card's face: paper, an optional coloured edge, a soft shadow; `highlight` rings it."""
    x0, y0, x1, y1 = box
    if shadow:
        draw.rounded_rectangle((x0 + 3, y0 + 4, x1 + 3, y1 + 4), radius=radius, fill=P.DEEP)
    if highlight:
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=radius + 4, fill=highlight)
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=edge or mix(fill, "#000000", 0.25),
                           width=4 if edge else 2)


def card_back(draw: ImageDraw.ImageDraw, box: Box, colour: str = "#3b4a8a", radius: int = 10,
              shadow: bool = True) -> None:
    """A face-down card: a coloured back with a diamond lattice, so it never reads as a blank face.
    Pasted from a copy kept per shape (a board shows rows of them, each two dozen lines): the
    same pixels, drawn at the box's offset from an even pixel, as the rounded boxes are."""
    x0, y0, x1, y1 = box
    ox, oy = 2 * math.floor(x0 / 2) - 2, 2 * math.floor(y0 / 2) - 2
    pixels, mask = _card_back_kept((x0 - ox, y0 - oy, x1 - ox, y1 - oy), colour, radius, shadow)
    draw.im.paste(pixels.im, (ox, oy, ox + pixels.width, oy + pixels.height), mask.im)


@lru_cache(maxsize=256)       # card backs of a few sizes at a few sub-pixel offsets: ~20 KB each
def _card_back_kept(box: Box, colour: str, radius: int, shadow: bool) -> tuple[Image.Image, Image.Image]:
    """A card back drawn alone: its pixels and the mask of the pixels it drew."""
    size = (math.ceil(box[2]) + 6, math.ceil(box[3]) + 6)
    pixels = Image.new("RGB", size, "#000000")
    mask = Image.new("L", size, 0)
    draw_card_back(Draw(pixels), box, colour, radius, shadow)
    draw_card_back(Draw(mask), box, "#ffffff", radius, shadow, ink=255)
    return pixels, mask


def draw_card_back(draw: ImageDraw.ImageDraw, box: Box, colour: str = "#3b4a8a", radius: int = 10,
                   shadow: bool = True, ink: int | None = None) -> None:
    """The card back's lines and boxes (`ink`: every one in that one value, for its mask)."""
    x0, y0, x1, y1 = box
    if shadow:
        draw.rounded_rectangle((x0 + 3, y0 + 4, x1 + 3, y1 + 4), radius=radius, fill=ink if ink is not None else P.DEEP)
    draw.rounded_rectangle(box, radius=radius, fill=ink if ink is not None else colour,
                           outline=ink if ink is not None else mix(colour, "#ffffff", 0.5), width=3)
    inset = 8
    ix0, iy0, ix1, iy1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    draw.rounded_rectangle((ix0, iy0, ix1, iy1), radius=max(2, radius - 4),
                           outline=ink if ink is not None else mix(colour, "#ffffff", 0.35), width=2)
    line = ink if ink is not None else mix(colour, "#ffffff", 0.18)
    step = 14
    w, h = ix1 - ix0, iy1 - iy0
    for k in range(-int(h), int(w), step):
        a = (ix0 + max(k, 0), iy0 + max(-k, 0))
        b = (ix0 + min(k + h, w), iy0 + min(h, w - k))
        draw.line([a, b], fill=line, width=1)
        a2 = (ix1 - max(k, 0), iy0 + max(-k, 0))
        b2 = (ix1 - min(k + h, w), iy0 + min(h, w - k))
        draw.line([a2, b2], fill=line, width=1)


def pill(canvas: Canvas, xy: tuple[float, float], text: str, size: int = 22, fill: str = P.LINE,
         fg: str | None = None, bold: bool = True, anchor: str = "l", pad: int = 10) -> Box:
    """A rounded label (a badge: "Your turn", "×3", "HP 12"); xy is its left (or centre, anchor 'm')
    and vertical middle. Returns its box."""
    x, y = xy
    w = text_width(clean(text), size, bold) + 2 * pad
    h = size + pad
    if anchor == "m":
        x -= w / 2
    elif anchor == "r":
        x -= w
    box = (x, y - h / 2, x + w, y + h / 2)
    canvas.draw.rounded_rectangle(box, radius=h / 2, fill=fill)
    draw_text(canvas.draw, (x + w / 2, y), text, size, fill=fg or on(fill), bold=bold, anchor="mm")
    return box


def bar(draw: ImageDraw.ImageDraw, box: Box, value: float, maximum: float, colour: str = P.GOOD,
        back: str = P.DEEP) -> None:
    """A horizontal gauge (HP, progress toward a target)."""
    x0, y0, x1, y1 = box
    r = (y1 - y0) / 2
    draw.rounded_rectangle(box, radius=r, fill=back)
    frac = max(0.0, min(1.0, value / maximum)) if maximum else 0.0
    if frac > 0:
        draw.rounded_rectangle((x0, y0, max(x0 + 2 * r, x0 + (x1 - x0) * frac), y1), radius=r, fill=colour)


def die(draw: ImageDraw.ImageDraw, box: Box, value: int, fill: str = P.PAPER, pip: str = P.INK) -> None:
    """A die face with pips (1-6); other values are drawn as a number by the caller."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    draw.rounded_rectangle(box, radius=s * 0.18, fill=fill, outline=mix(fill, "#000000", 0.3), width=2)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    r = s * 0.09
    for cx, cy in spots.get(value, []):
        px, py = x0 + s * (0.25 + 0.25 * cx), y0 + s * (0.25 + 0.25 * cy)
        colour = P.BAD if value == 1 else pip
        draw.ellipse((px - r, py - r, px + r, py + r), fill=colour)


# ---------------------------------------------------------------- icons

def _poly(cx: float, cy: float, points: Iterable[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    return [(cx + x * s, cy + y * s) for x, y in points]


def _star(cx: float, cy: float, r: float, n: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: str) -> None:
    r = s * 0.27
    draw.ellipse((cx - 2 * r, cy - 1.6 * r, cx, cy + 0.4 * r), fill=fill)
    draw.ellipse((cx, cy - 1.6 * r, cx + 2 * r, cy + 0.4 * r), fill=fill)
    draw.polygon([(cx - 1.93 * r, cy - 0.2 * r), (cx + 1.93 * r, cy - 0.2 * r), (cx, cy + 1.85 * r)], fill=fill)


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: str) -> None:
    r = s * 0.25
    draw.ellipse((cx - 2 * r, cy - 0.5 * r, cx, cy + 1.3 * r), fill=fill)
    draw.ellipse((cx, cy - 0.5 * r, cx + 2 * r, cy + 1.3 * r), fill=fill)
    draw.polygon([(cx - 1.95 * r, cy + 0.35 * r), (cx + 1.95 * r, cy + 0.35 * r), (cx, cy - 1.9 * r)], fill=fill)
    draw.polygon([(cx, cy + 0.6 * r), (cx - 0.8 * r, cy + 1.9 * r), (cx + 0.8 * r, cy + 1.9 * r)], fill=fill)


def club(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill: str) -> None:
    r = s * 0.2
    for dx, dy in ((0, -1.1), (-1.1, 0.5), (1.1, 0.5)):
        draw.ellipse((cx + (dx - 1) * r, cy + (dy - 1) * r, cx + (dx + 1) * r, cy + (dy + 1) * r), fill=fill)
    draw.polygon([(cx, cy), (cx - 0.9 * r, cy + 2.3 * r), (cx + 0.9 * r, cy + 2.3 * r)], fill=fill)


def icon(draw: ImageDraw.ImageDraw, kind: str, center: tuple[float, float], size: float,
         colour: str | None = None) -> None:
    """A small vector symbol centred on `center`, `size` px across. Kinds: the resources (food, iron,
    horse, gunpowder, oil, earth, space, any), military, vp, hp, power, coin, honour, star, the four
    suits, a colour dot ("dot"), and any name in COLOURS (a dot of that colour)."""
    cx, cy = center
    s = size / 2
    fill = colour or ICON_COLOURS.get(kind) or COLOURS.get(kind) or P.TEXT
    edge = mix(fill, "#000000", 0.45) if fill != P.INK else P.TEXT
    if kind in ("heart", "hp"):
        heart(draw, cx, cy, size, fill)
    elif kind == "spade":
        spade(draw, cx, cy, size, fill)
    elif kind == "club":
        club(draw, cx, cy, size, fill)
    elif kind == "diamond":
        draw.polygon(_poly(cx, cy, [(0, -1), (0.72, 0), (0, 1), (-0.72, 0)], s), fill=fill)
    elif kind in ("vp", "star"):
        draw.polygon(_star(cx, cy, s), fill=fill, outline=edge)
    elif kind == "food":  # a wheat ear: stalk and grains
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=edge, width=2)
        g = mix(fill, "#ffffff", 0.7)
        draw.line([(cx, cy + 0.7 * s), (cx, cy - 0.7 * s)], fill=g, width=max(2, int(s * 0.15)))
        for k in (-0.45, 0.0, 0.45):
            for side in (-1, 1):
                gx, gy = cx + side * 0.28 * s, cy + k * s
                draw.ellipse((gx - 0.17 * s, gy - 0.22 * s, gx + 0.17 * s, gy + 0.22 * s), fill=g)
    elif kind == "iron":  # an ingot
        draw.polygon(_poly(cx, cy, [(-1, 0.55), (-0.6, -0.55), (0.6, -0.55), (1, 0.55)], s), fill=fill, outline=edge)
        draw.line(_poly(cx, cy, [(-0.6, -0.55), (-0.45, 0.55)], s), fill=mix(fill, "#ffffff", 0.5), width=2)
    elif kind == "horse":  # a horseshoe
        w = max(3, int(s * 0.45))
        draw.arc((cx - 0.9 * s, cy - 0.95 * s, cx + 0.9 * s, cy + 0.85 * s), 160, 380, fill=fill, width=w)
        draw.line([(cx - 0.85 * s, cy + 0.2 * s), (cx - 0.75 * s, cy + 0.95 * s)], fill=fill, width=w)
        draw.line([(cx + 0.85 * s, cy + 0.2 * s), (cx + 0.75 * s, cy + 0.95 * s)], fill=fill, width=w)
    elif kind == "gunpowder":  # a bomb with a spark
        draw.ellipse((cx - 0.8 * s, cy - 0.6 * s, cx + 0.8 * s, cy + s), fill=fill, outline="#c9ccd1", width=2)
        draw.line([(cx + 0.4 * s, cy - 0.45 * s), (cx + 0.75 * s, cy - 0.85 * s)], fill="#c9ccd1", width=2)
        draw.polygon(_star(cx + 0.8 * s, cy - 0.9 * s, 0.32 * s, 4, 0.4), fill=P.WARN)
    elif kind == "oil":  # a black drop with a light rim and a shine
        rim = "#d0d3d8"
        drop = [(cx - 0.72 * s, cy + 0.35 * s), (cx, cy - s), (cx + 0.72 * s, cy + 0.35 * s)]
        draw.ellipse((cx - 0.78 * s, cy - 0.22 * s, cx + 0.78 * s, cy + s), fill=rim)
        draw.polygon([(cx - 0.78 * s, cy + 0.35 * s), (cx, cy - 1.12 * s), (cx + 0.78 * s, cy + 0.35 * s)], fill=rim)
        draw.ellipse((cx - 0.66 * s, cy - 0.1 * s, cx + 0.66 * s, cy + 0.88 * s), fill=fill)
        draw.polygon(drop, fill=fill)
        draw.ellipse((cx - 0.4 * s, cy + 0.05 * s, cx - 0.15 * s, cy + 0.4 * s), fill="#6b7280")
    elif kind == "earth":  # a globe
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=edge, width=2)
        land = "#3fb950"
        draw.ellipse((cx - 0.6 * s, cy - 0.55 * s, cx + 0.05 * s, cy + 0.2 * s), fill=land)
        draw.ellipse((cx + 0.05 * s, cy, cx + 0.6 * s, cy + 0.6 * s), fill=land)
    elif kind == "space":  # a ringed planet
        draw.ellipse((cx - 0.62 * s, cy - 0.62 * s, cx + 0.62 * s, cy + 0.62 * s), fill=fill)
        draw.arc((cx - s, cy - 0.35 * s, cx + s, cy + 0.35 * s), -20, 200, fill=P.GOLD, width=max(2, int(s * 0.14)))
    elif kind == "any":  # a white circle with a question mark
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=P.DIM, width=2)
        draw_text(draw, (cx, cy), "?", int(size * 0.8), fill=P.INK, bold=True, anchor="mm")
    elif kind == "military":  # a shield with a cross
        draw.polygon(_poly(cx, cy, [(-0.85, -0.9), (0.85, -0.9), (0.85, 0.05), (0, 1), (-0.85, 0.05)], s),
                     fill=fill, outline=edge)
        draw.line(_poly(cx, cy, [(0, -0.65), (0, 0.6)], s), fill="#ffffff", width=max(2, int(s * 0.18)))
        draw.line(_poly(cx, cy, [(-0.5, -0.2), (0.5, -0.2)], s), fill="#ffffff", width=max(2, int(s * 0.18)))
    elif kind == "power":  # a lightning bolt
        draw.polygon(_poly(cx, cy, [(0.15, -1), (-0.6, 0.15), (-0.05, 0.15), (-0.2, 1), (0.6, -0.2), (0.05, -0.2)],
                           s), fill=fill, outline=edge)
    elif kind in ("coin", "gold"):
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=mix(fill, "#000000", 0.35), width=2)
        draw.ellipse((cx - 0.62 * s, cy - 0.62 * s, cx + 0.62 * s, cy + 0.62 * s), outline=mix(fill, "#ffffff", 0.5),
                     width=2)
    elif kind == "honour":  # a laurel-like medal
        draw.polygon(_poly(cx, cy, [(-0.5, -1), (0, -0.2), (0.5, -1)], s), fill=P.ACCENT)
        draw.ellipse((cx - 0.62 * s, cy - 0.35 * s, cx + 0.62 * s, cy + 0.9 * s), fill=fill, outline=edge, width=2)
    else:  # a colour dot
        draw.ellipse((cx - s, cy - s, cx + s, cy + s), fill=fill, outline=mix(fill, "#ffffff", 0.4), width=2)

