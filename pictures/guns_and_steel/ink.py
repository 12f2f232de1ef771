"""Fast text and PNG output. A board redraws mostly the same words (card names, numbers),
so each rendered string is kept as a mask and pasted; the PNG is written unfiltered at zlib
level 1, which is several times faster than Pillow's adaptive filtering for flat pictures."""
from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache

from PIL import Image, ImageDraw

from pictures import fonts


def length(text: str, size: int, bold: bool = False) -> float:
    return fonts.text_width(text, size, bold)


@lru_cache(maxsize=8192)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image | None, int, int]:
    """The text drawn once in white on black (with the shared per-character font fallback) and
    where its top-left sits relative to the anchor point."""
    width = math.ceil(fonts.text_width(text, size, bold))
    if width <= 0:
        return None, 0, 0
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


def png(img: Image.Image) -> bytes:
    """An RGB image as PNG bytes (filter 0 on every row, zlib level 1)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    w, h = img.size
    raw = img.tobytes()
    stride = 3 * w
    view = memoryview(raw)
    rows = b"".join(part for i in range(0, stride * h, stride) for part in (b"\x00", view[i:i + stride]))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b"")
