"""A picture as full-width strips stacked top to bottom, each drawn, filtered and deflated once
and reused as bytes by any later picture that shows the same thing (a side's panel that did not
change, the supply, the rules' hints). A renderer names each part by what it shows:

    s = Strips()
    y = s.add(("header", lang, view.step, ...), lambda c, y: header(c, view, y, lang))
    ...
    png = s.png()

`draw(canvas, y)` draws the part from y on a canvas of its own and returns the y below it, as
when every part shared one canvas; the key must hold everything the part draws (a test draws
real positions warm and cold and requires the same bytes). A part is drawn at y's offset from
an even row, so every coordinate rounds as it did on one canvas: the pictures are pixel for
pixel those of one canvas (but for a shape at a coordinate that floating-point sums put on
the other side of a pixel's edge), as long as the last part's bottom margin holds all it draws."""
from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image

from .bands import Band, png_bands, reused_band
from .draw import MAX_BYTES, WIDTH, Canvas, P, png_bytes

CAPACITY = 1024          # strips kept (a strip is 5-40 KB compressed: at most a few tens of MB)
_KEPT: OrderedDict[Hashable, tuple[Band, float]] = OrderedDict()
_LOCK = threading.Lock()


def clear() -> None:
    """Forget every kept strip and piece (bench/render.py's cold pictures, tests)."""
    with _LOCK:
        _KEPT.clear()
        _PIECES.clear()


clear.cache_clear = clear  # type: ignore[attr-defined]  # emptied with the lru_caches (bench/render.py)


PIECES = 64              # pieces kept (a panel's pixels, a few hundred KB each: at most tens of MB)
_PIECES: OrderedDict[Hashable, Image.Image] = OrderedDict()


def piece(canvas: Canvas, key: Hashable, box: tuple[int, int, int, int], draw: Callable[[Canvas], object]) -> None:
    """Draw one of the parts a strip shows side by side (a player's panel beside the other's), or
    paste its pixels as kept: a move that changes one panel draws only that one (the strip is
    still encoded whole). `draw(canvas)` draws only inside `box` (left, top, right, bottom, whole
    pixels) on a canvas like this one; the key must hold everything it draws and where (the
    part's y offset). Where something is already drawn inside the box (what the part above drew
    past its end, pasted in the canvas's top OVERHANG rows: looked at), the piece is drawn on it,
    as on one canvas, and not kept; the part draws nothing else inside the box before its piece."""
    left, top, right, bottom = box
    under = min(bottom, OVERHANG)
    if key is None or (under > top and canvas.image.crop((left, top, right, under)).tobytes()
                       != _blank(right - left, under - top, canvas.bg)):
        draw(canvas)
        return
    full = (key, canvas.width, canvas.height, canvas.bg, box)
    with _LOCK:
        kept = _PIECES.get(full)
        if kept is not None:
            _PIECES.move_to_end(full)
    if kept is None:
        draw(canvas)                  # on a box still blank: its pixels are the piece's
        kept = canvas.image.crop(box)
        with _LOCK:
            _PIECES[full] = kept
            while len(_PIECES) > PIECES:
                _PIECES.popitem(last=False)
        return
    canvas.image.paste(kept, box[:2])


_BLANKS: dict[tuple[int, int, str], bytes] = {}


def _blank(width: int, height: int, bg: str) -> bytes:
    """The bytes of a box of background."""
    data = _BLANKS.get((width, height, bg))
    if data is None:
        if len(_BLANKS) > 64:
            _BLANKS.clear()
        data = _BLANKS[(width, height, bg)] = Image.new("RGB", (width, height), bg).tobytes()
    return data


OVERHANG = 40            # rows below a part's end looked at for what it drew past it


class Strips:
    """The parts of one picture, top to bottom."""

    def __init__(self, width: int = WIDTH, bg: str = P.BG) -> None:
        self.width, self.bg = width, bg
        self.y = 0.0            # where the next part starts, as on one canvas
        self.base = 0           # the picture row the next strip starts at: an even row <= y
        self.bands: list[Band] = []
        self.overhang: Image.Image | None = None   # what the last part drew below its strip
        self._blank: bytes | None = None

    def add(self, key: Hashable | None, draw: Callable[[Canvas, float], float], height: int = 1000,
            last: bool = False) -> float:
        """Draw a part (or reuse it: key None never does) and return the y below it. Its strip
        ends at the last even row above that y, the `last` part's at that y itself. What a part
        draws below its strip (a line of text past its panel) is the top of the next part's
        canvas, drawn under it, as on one canvas."""
        offset = self.y - self.base
        below = None if self.overhang is None else hash(self.overhang.tobytes())
        full = None if key is None else (key, self.width, self.bg, offset, last, below)
        kept = None
        if full is not None:
            with _LOCK:
                kept = _KEPT.get(full)
                if kept is not None:
                    _KEPT.move_to_end(full)
        if kept is None:
            while True:
                canvas = Canvas(height, self.width, self.bg)
                if self.overhang is not None:
                    canvas.image.paste(self.overhang, (0, 0))
                end = draw(canvas, offset)
                rows = int(end) if last else 2 * math.floor(end / 2)
                if rows + OVERHANG <= height:     # room below, for anything drawn just past the end
                    break
                height = 2 * rows + 2 * OVERHANG  # taller than guessed: drawn again on a taller canvas
            kept = (reused_band(canvas.image, rows), end, None if last else self._below(canvas.image, rows))
            if full is not None:
                with _LOCK:
                    _KEPT[full] = kept
                    while len(_KEPT) > CAPACITY:
                        _KEPT.popitem(last=False)
        strip, end, self.overhang = kept
        self.bands.append(strip)
        self.y = self.base + end          # the canvas's row 0 is the picture's row `base`
        self.base += strip.height
        return self.y

    def _below(self, image: Image.Image, rows: int) -> Image.Image | None:
        """The rows under a strip that its part drew on, if any (None: only background)."""
        if self._blank is None:
            self._blank = Image.new("RGB", (self.width, OVERHANG), self.bg).tobytes()
        below = image.crop((0, rows, self.width, rows + OVERHANG))
        data = below.tobytes()
        return None if data == self._blank else below

    def png(self) -> bytes:
        """The picture: its strips as one RGB PNG (<= 1 MB, else a smaller palette picture)."""
        data = png_bands(self.bands)
        if len(data) <= MAX_BYTES:
            return data
        return png_bytes(Image.open(io.BytesIO(data)).convert("RGB"))
