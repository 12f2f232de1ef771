"""Fonts for the pictures: the shipped Noto Sans CJK JP subsets (pictures/fonts/), then Pillow's
bundled font, then a visible '?' — so any text, including a player's name in any script, draws
without tofu boxes.

    font(size, bold=False)                 the main font (cached)
    text_width(text, size, bold=False)     advance width in pixels, with the per-character fallback
    draw_text(draw, xy, text, size, ...)   draws with the per-character fallback
    has_glyph(ch, bold=False)              whether the shipped font draws `ch` itself
    clean(text)                            what is actually drawn: controls dropped, emoji -> '?'
"""
from __future__ import annotations

import struct
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).with_name("fonts")
FILES = {False: FONT_DIR / "NotoSansCJKjp-Regular-subset.otf", True: FONT_DIR / "NotoSansCJKjp-Bold-subset.otf"}
PLACEHOLDER = "?"

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    # BASIC layout: no complex shaping is needed for Latin and Japanese, and it is 2-3x faster than Raqm
    return ImageFont.truetype(str(FILES[bool(bold)]), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=32)
def _fallback(size: int) -> Font:
    return ImageFont.load_default(size=size)  # type: ignore[return-value]


def cmap_of(data: bytes) -> frozenset[int]:
    """The code points a TrueType/OpenType font maps (cmap formats 4 and 12), read without fonttools."""
    num_tables = struct.unpack_from(">H", data, 4)[0]
    cmap_at = None
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_at = offset
    if cmap_at is None:
        return frozenset()
    points: set[int] = set()
    count = struct.unpack_from(">H", data, cmap_at + 2)[0]
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_at + 4 + 8 * i)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4), (0, 6)):
            continue
        at = cmap_at + offset
        fmt = struct.unpack_from(">H", data, at)[0]
        if fmt == 12:
            groups = struct.unpack_from(">I", data, at + 12)[0]
            for g in range(groups):
                start, end, _ = struct.unpack_from(">III", data, at + 16 + 12 * g)
                points.update(range(start, end + 1))
        elif fmt == 4:
            segs = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segs}H", data, at + 14)
            starts = struct.unpack_from(f">{segs}H", data, at + 16 + 2 * segs)
            deltas = struct.unpack_from(f">{segs}h", data, at + 16 + 4 * segs)
            range_at = at + 16 + 6 * segs
            offsets = struct.unpack_from(f">{segs}H", data, range_at)
            for s, (start, end) in enumerate(zip(starts, ends, strict=True)):
                for cp in range(start, end + 1):
                    if cp == 0xFFFF:
                        continue
                    if offsets[s] == 0:
                        glyph = (cp + deltas[s]) & 0xFFFF
                    else:
                        glyph_at = range_at + 2 * s + offsets[s] + 2 * (cp - start)
                        glyph = struct.unpack_from(">H", data, glyph_at)[0]
                        glyph = (glyph + deltas[s]) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(cp)
    return frozenset(points)


_COVERAGE: dict[bool, frozenset[int]] = {}


def coverage(bold: bool = False) -> frozenset[int]:
    """The code points the shipped font draws (read once per weight)."""
    bold = bool(bold)
    if bold not in _COVERAGE:
        _COVERAGE[bold] = cmap_of(FILES[bold].read_bytes())
    return _COVERAGE[bold]


@lru_cache(maxsize=1)
def fallback_coverage() -> frozenset[int]:
    data = getattr(_fallback(16), "font_bytes", None)
    return cmap_of(data) if data else frozenset()


def has_glyph(ch: str, bold: bool = False) -> bool:
    return ord(ch) in coverage(bold)


_INVISIBLE = {"Cc", "Cf", "Mn", "Me", "Zl", "Zp"}


_CHARS: dict[str, str | None] = {}  # character -> what is drawn for it ('' dropped), None: a missing symbol


def _char(ch: str) -> str | None:
    """What `clean` draws for one character: itself, ' ', '' (an invisible mark), '?' (neither
    font has it) or None (a missing symbol: '?', once for an emoji sequence)."""
    done = _CHARS.get(ch, False)
    if done is not False:
        return done  # type: ignore[return-value]
    cp = ord(ch)
    if ch.isspace():
        out: str | None = " "
    elif unicodedata.category(ch) in _INVISIBLE and cp not in coverage():
        out = ""
    elif cp in coverage() or cp in fallback_coverage():
        out = ch
    elif unicodedata.category(ch) == "So":
        out = None
    else:
        out = PLACEHOLDER
    _CHARS[ch] = out
    return out


@lru_cache(maxsize=16384)
def clean(text: str) -> str:
    """What gets drawn: whitespace -> space, invisible marks (joiners, variation selectors) dropped,
    a character neither font has -> '?' (emoji, rare scripts), never a tofu box. Each character
    is looked at once per process (`_char`)."""
    if text.isascii() and text.isprintable() and _ascii_drawn():
        return text
    out: list[str] = []
    for ch in text:
        drawn = _char(ch)
        if drawn is None:  # one '?' for an emoji sequence
            if not (out and out[-1] == PLACEHOLDER):
                out.append(PLACEHOLDER)
        elif drawn:
            out.append(drawn)
    return "".join(out)


@lru_cache(maxsize=1)
def _ascii_drawn() -> bool:
    """Whether the shipped fonts draw every printable ASCII character themselves (then ASCII text
    is drawn as it is, in one run of the main font)."""
    return all(cp in coverage(False) and cp in coverage(True) for cp in range(32, 127))


@lru_cache(maxsize=16384)
def _runs(text: str, size: int, bold: bool) -> tuple[tuple[str, bool], ...]:
    """Split cleaned text into runs of one font each: (run, uses the fallback font). Kept: a
    picture draws the same labels, names and numbers as the pictures before it."""
    if text.isascii() and text.isprintable() and _ascii_drawn():
        return ((text, False),) if text else ()
    cover = coverage(bold)
    runs: list[tuple[str, bool]] = []
    for ch in clean(text):
        fallback = ord(ch) not in cover
        if runs and runs[-1][1] == fallback:
            runs[-1] = (runs[-1][0] + ch, fallback)
        else:
            runs.append((ch, fallback))
    return tuple(runs)


@lru_cache(maxsize=256)
def _metrics(size: int, bold: bool) -> tuple[int, int]:
    with _FREETYPE:
        return font(size, bold).getmetrics()


def _font_for(size: int, bold: bool, fallback: bool) -> Font:
    return _fallback(size) if fallback else font(size, bold)


# One FreeType face is shared by every picture; renders may run in worker threads, so the (rare,
# cached) calls into FreeType take turns.
_FREETYPE = threading.Lock()


_ADVANCES: dict[tuple[int, bool], dict[str, float]] = {}  # (size, bold) -> character -> advance


@lru_cache(maxsize=8192)
def _run_width(run: str, size: int, bold: bool, fallback: bool) -> float:
    """A run's advance width. In the main font it is the sum of its characters' advances (BASIC
    layout applies no kerning to this OpenType font: the sums equal FreeType's own, exactly, as
    multiples of 1/64 px), so a new string costs no call into FreeType; text layout (`wrap`)
    measures many new strings."""
    if fallback:
        with _FREETYPE:
            return _font_for(size, bold, fallback).getlength(run)
    advances = _ADVANCES.setdefault((size, bold), {})
    total = 0.0
    for ch in run:
        advance = advances.get(ch)
        if advance is None:
            with _FREETYPE:
                advance = advances[ch] = font(size, bold).getlength(ch)
        total += advance
    return total


@lru_cache(maxsize=16384)
def _mask(run: str, size: int, bold: bool, fallback: bool, vertical: str) -> tuple[Image.Image, int, int] | None:
    """The run as an alpha mask, with its offset from the anchor point, kept: boards redraw the same
    names, labels and numbers every version. A new run in the main font is put together from its
    characters' masks (`_glyph`), each rasterised once: rasterising CFF outlines is the slow part,
    and the moves, logs and headings of every picture bring new runs."""
    if not fallback:
        composed = _composed(run, size, bold, vertical)
        if composed is not False:
            return composed
    f = _font_for(size, bold, fallback)
    with _FREETYPE:  # one call lays the run out and renders it (the same mask as getbbox, then text)
        core, (left, top) = f.getmask2(run, "L", anchor="l" + vertical)
    if core.size[0] <= 0 or core.size[1] <= 0:
        return None
    return Image.Image()._new(core), left, top


Glyph = tuple[Image.Image, int, int] | None


@lru_cache(maxsize=8192)
def _glyph(ch: str, size: int, bold: bool, vertical: str) -> Glyph:
    """One character of the main font as FreeType renders it alone: its mask and offset from the pen."""
    with _FREETYPE:
        core, (left, top) = font(size, bold).getmask2(ch, "L", anchor="l" + vertical)
    if core.size[0] <= 0 or core.size[1] <= 0:
        return None
    return Image.Image()._new(core), left, top


def _composed(run: str, size: int, bold: bool, vertical: str) -> tuple[Image.Image, int, int] | None | bool:
    """The run's mask from its characters' masks, each at the pen position of the whole run (the
    sum of the advances before it), each laid over the others as coverage (a + b - ab/255, where
    neighbours overlap), as FreeType renders a run through Pillow: the same bytes (tests/pictures/test_picture_kit.py).
    False when an advance is not whole pixels (then the run is rendered as one)."""
    advances = _ADVANCES.setdefault((size, bold), {})
    placed: list[tuple[Image.Image, int, int]] = []
    pen = 0
    for ch in run:
        glyph = _glyph(ch, size, bold, vertical)
        if glyph is not None:
            placed.append((glyph[0], pen + glyph[1], glyph[2]))
        advance = advances.get(ch)
        if advance is None:
            with _FREETYPE:
                advance = advances[ch] = font(size, bold).getlength(ch)
        if not float(advance).is_integer():
            return False
        pen += int(advance)
    if not placed:
        return None
    left = min(0, *(x for _, x, _ in placed))       # the box spans the pen's whole path, spaces too
    top = min(y for _, _, y in placed)
    right = max(pen, *(x + m.width for m, x, _ in placed))
    bottom = max(y + m.height for m, _, y in placed)
    mask = Image.new("L", (right - left, bottom - top), 0)
    for m, x, y in placed:
        mask.paste(255, (x - left, y - top, x - left + m.width, y - top + m.height), m)
    return mask, left, top


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    return sum(_run_width(run, size, bold, fb) for run, fb in _runs(text, size, bold))


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: str = "#f2f3f5",
              bold: bool = False, anchor: str = "la") -> float:
    """Draw `text` at xy; anchor as Pillow's two letters (l/m/r, a/m/s/d/t/b). Returns the drawn width."""
    bold = bool(bold)
    runs = _runs(text, size, bold)
    width = sum(_run_width(run, size, bold, fb) for run, fb in runs)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    vertical = anchor[1] if len(anchor) > 1 else "a"
    if vertical in ("t", "b"):  # per-run t/b would misalign mixed fonts; use the main font's metrics
        ascent, descent = _metrics(size, bold)
        y += ascent if vertical == "t" else -descent
        vertical = "s"
    for run, fb in runs:
        cached = _mask(run, size, bold, fb, vertical)
        if cached is not None:
            mask, left, top = cached
            draw.bitmap((round(x + left), round(y + top)), mask, fill=fill)
        x += _run_width(run, size, bold, fb)
    return width
