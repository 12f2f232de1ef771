"""PNG pictures from horizontal strips compressed apart: each strip's rows are filtered (none)
and deflated at zlib level 1 on their own, ending on a byte boundary, so strips join into one
valid PNG and a strip that a later picture shows again is reused as bytes (strips.py, Guns &
Steel's board). RGB, unfiltered: several times faster than Pillow's adaptive filters on flat
pictures, and no palette pass.

The rows are deflated by zlib-ng (`zlib-ng`, level 1: its quick deflate, fixed Huffman codes)
where it is installed: 3 times faster than zlib's level 1 on these pictures for about 15 % more
bytes, and deflating was half of a redrawn strip's time. zlib serves where it is not; both write
the same format. Both write the same bytes for the same rows whenever they deflate them, which a
piece kept as bytes relies on: a picture drawn warm is the picture drawn afresh, byte for byte
(tests/pictures/test_picture_strips.py). ISA-L's level 1, used before, did not: its output for the
same rows depended on the memory its work buffer was given (a different Huffman table now and
then), so a warm picture could differ in bytes, never in pixels, from a fresh one."""
from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from typing import Any, NamedTuple

from PIL import Image

try:
    from zlib_ng import zlib_ng as _deflate_lib
except ImportError:  # pragma: no cover - a platform without zlib-ng's wheel
    _deflate_lib = zlib
DEFLATE: Any = _deflate_lib
CHECKSUMS: Any = _deflate_lib  # crc32 and adler32 (zlib-ng's: vectorised)


class Band(NamedTuple):
    """A horizontal strip of a picture, already filtered and deflated (no back-reference
    crosses a strip)."""

    width: int
    height: int
    deflate: bytes          # raw deflate blocks, ending on a byte boundary, not final
    adler: int              # Adler-32 of the uncompressed rows
    length: int             # uncompressed length


CHUNK = 16              # rows of a piece reused by its pixels (reused_band)
PIECES = 4096           # pieces kept (1-5 KB each compressed)
_PIECES: OrderedDict[tuple[int, int, int], Band] = OrderedDict()
_PIECES_LOCK = threading.Lock()


def clear() -> None:
    """Forget every kept piece (bench/render.py's cold pictures, tests)."""
    with _PIECES_LOCK:
        _PIECES.clear()


clear.cache_clear = clear  # type: ignore[attr-defined]  # emptied with the lru_caches (bench/render.py)


def reused_band(img: Image.Image, rows: int) -> Band:
    """The first `rows` rows of an RGB image as one strip, in pieces of CHUNK rows: a piece
    whose pixels some earlier strip of the same width had, byte for byte, is reused compressed;
    only the others get their filter bytes and are deflated. A piece is known by its rows'
    CRC-32 and Adler-32 together with their length (zlib-ng computes both at memory speed, 5
    times faster than Python's hash of the bytes, which was a tenth of a redrawn strip's time).
    The rows are contiguous in the pixels, so a reused piece is never copied."""
    width = img.width
    if rows <= 0:
        return Band(width, 0, b"", 1, 0)
    line = 3 * width
    pixels = memoryview((img if rows == img.height else img.crop((0, 0, width, rows))).tobytes())
    parts: list[bytes] = []
    adler, length = 1, 0
    for top in range(0, rows, CHUNK):
        piece = pixels[top * line:min(rows, top + CHUNK) * line]
        key = (CHECKSUMS.crc32(piece), CHECKSUMS.adler32(piece), len(piece))
        with _PIECES_LOCK:
            kept = _PIECES.get(key)
            if kept is not None:
                _PIECES.move_to_end(key)
        if kept is None:
            height = len(piece) // line
            filtered = b"\0" + b"\0".join([piece[i:i + line] for i in range(0, line * height, line)])
            kept = _deflated(filtered, width, height)
            with _PIECES_LOCK:
                _PIECES[key] = kept
                while len(_PIECES) > PIECES:
                    _PIECES.popitem(last=False)
        parts.append(kept.deflate)
        adler = _adler_combine(adler, kept.adler, kept.length)
        length += kept.length
    return Band(width, rows, b"".join(parts), adler, length)


def _deflated(rows: bytes, width: int, height: int) -> Band:
    """Filtered rows deflated at level 1 up to a byte boundary. zlib's own stream is used for the
    Adler-32 it keeps while compressing (one pass over the rows): its 2-byte header is dropped, and
    so is what finishing adds (an empty final block and the checksum, which is read)."""
    packer = DEFLATE.compressobj(1, DEFLATE.DEFLATED, 15)
    body = packer.compress(rows) + packer.flush(DEFLATE.Z_FULL_FLUSH)
    adler = int.from_bytes(packer.flush(DEFLATE.Z_FINISH)[-4:], "big")
    return Band(width, height, body[2:], adler, len(rows))


def band(img: Image.Image) -> Band:
    """A whole image as one strip (its pieces reused: reused_band)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    return reused_band(img, img.height)


def _adler_combine(a1: int, a2: int, len2: int) -> int:
    """Adler-32 of A+B from those of A and B (zlib's adler32_combine, which Python lacks)."""
    base = 65521
    rem = len2 % base
    sum1 = a1 & 0xFFFF
    sum2 = (rem * sum1) % base
    sum1 = (sum1 + (a2 & 0xFFFF) + base - 1) % base
    sum2 = (sum2 + ((a1 >> 16) & 0xFFFF) + ((a2 >> 16) & 0xFFFF) + base - rem) % base
    return sum1 | (sum2 << 16)


_FINAL = zlib.compressobj(1, zlib.DEFLATED, -15).flush(zlib.Z_FINISH)       # an empty final block


def png_bands(bands: list[Band]) -> bytes:
    """Strips of one width, top to bottom, as one RGB PNG."""
    width = bands[0].width
    if any(b.width != width for b in bands):
        raise ValueError("every strip of a picture has the same width")
    adler = 1
    for b in bands:
        adler = _adler_combine(adler, b.adler, b.length)
    stream = b"\x78\x01" + b"".join(b.deflate for b in bands if b.height) + _FINAL + struct.pack(">I", adler)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", CHECKSUMS.crc32(data, CHECKSUMS.crc32(kind)))

    header = struct.pack(">IIBBBBB", width, sum(b.height for b in bands), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", stream) + chunk(b"IEND", b"")


def png(img: Image.Image) -> bytes:
    """An RGB image as PNG bytes (filter 0 on every row, zlib level 1)."""
    return png_bands([band(img)])
