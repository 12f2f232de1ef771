"""Fast text and PNG output (caches stay within a few tens of MB: 4,096 text masks here, 256
card tiles, 256 player strips, 64 pyramids). A board redraws mostly the same words (card names, numbers),
so each rendered string is kept as a mask and pasted; the PNG is written unfiltered at zlib
level 1, which is several times faster than Pillow's adaptive filtering for flat pictures,
and from strips that can be compressed once and reused (Band)."""
from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from pictures import fonts


def length(text: str, size: int, bold: bool = False) -> float:
    return fonts.text_width(text, size, bold)


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image | None, int, int]:
    """The text drawn once in white on black (with the shared per-character font fallback) and
    where its top-left sits relative to the anchor point."""
    width = math.ceil(fonts.text_width(text, size, bold))
    if width <= 0:
        return None, 0, 0
    with fonts._FREETYPE:          # renders may run in worker threads; FreeType calls take turns (pictures/fonts.py)
        ascent, descent = fonts.font(size, bold).getmetrics()
    pad = max(2, size // 4)
    mask = Image.new("L", (width + 2 * pad, ascent + descent + 2 * pad), 0)
    fonts.draw_text(ImageDraw.Draw(mask), (pad, pad + ascent), text, size, fill=255, bold=bold, anchor="ls")
    horizontal, vertical = anchor[0], anchor[1] if len(anchor) > 1 else "a"
    left = {"l": 0, "m": -width / 2, "r": -width}[horizontal] - pad
    baseline = {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent, "b": -descent}[vertical]
    return mask, round(left), round(baseline - ascent - pad)


def text(img: Image.Image, xy: tuple[float, float], s: str, size: int, fill: tuple[int, int, int],
         bold: bool = False, anchor: str = "la") -> float:
    """Draw `s` at `xy` (Pillow anchors); returns its advance width."""
    mask, left, top = _mask(s, size, bold, anchor)
    if mask is not None:
        img.paste(fill, (int(round(xy[0])) + left, int(round(xy[1])) + top), mask)
    return length(s, size, bold)


class Band(NamedTuple):
    """A horizontal strip of a picture, already filtered and deflated. Strips compressed apart
    (no back-reference crosses a strip) join into one valid PNG, so a strip that did not change
    since the last picture is reused as bytes."""

    width: int
    height: int
    deflate: bytes          # raw deflate blocks, ending on a byte boundary, not final
    adler: int              # Adler-32 of the uncompressed rows
    length: int             # uncompressed length


def band(img: Image.Image) -> Band:
    """One strip: each row prefixed by filter 0 (none), deflated at level 1."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    raw = img.tobytes()
    stride = 3 * w
    view = memoryview(raw)
    rows = b"".join(part for i in range(0, stride * h, stride) for part in (b"\x00", view[i:i + stride]))
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)
    return Band(w, h, packer.compress(rows) + packer.flush(zlib.Z_FULL_FLUSH), zlib.adler32(rows), len(rows))


def shrink(img: Image.Image, width: int) -> Image.Image:
    """A strip drawn at design width scaled to the picture's width (the box filter averages
    the larger drawing, which keeps small type smooth)."""
    if img.width == width:
        return img
    return img.resize((width, max(1, round(img.height * width / img.width))), Image.Resampling.BOX)


def _adler_combine(a1: int, a2: int, len2: int) -> int:
    """Adler-32 of A+B from those of A and B (zlib's adler32_combine, which Python lacks)."""
    base = 65521
    rem = len2 % base
    sum1 = a1 & 0xFFFF
    sum2 = (rem * sum1) % base
    sum1 = (sum1 + (a2 & 0xFFFF) + base - 1) % base
    sum2 = (sum2 + ((a1 >> 16) & 0xFFFF) + ((a2 >> 16) & 0xFFFF) + base - rem) % base
    return sum1 | (sum2 << 16)


def png_bands(bands: list[Band]) -> bytes:
    """Strips of one width, top to bottom, as one RGB PNG."""
    width = bands[0].width
    if any(b.width != width for b in bands):
        raise ValueError("every strip of a picture has the same width")
    adler = 1
    for b in bands:
        adler = _adler_combine(adler, b.adler, b.length)
    final = zlib.compressobj(1, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)       # an empty final block
    stream = b"\x78\x01" + b"".join(b.deflate for b in bands) + final + struct.pack(">I", adler)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, sum(b.height for b in bands), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream) + chunk(b"IEND", b"")


def png(img: Image.Image) -> bytes:
    """An RGB image as PNG bytes (filter 0 on every row, zlib level 1)."""
    return png_bands([band(img)])
