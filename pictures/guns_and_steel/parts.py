"""Pieces both pictures share: a pyramid-style card tile, cost icons, icon-and-number marks,
chips for face-up cards and wonders."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ENERGIES, card, wonder

from . import icons, labels
from .ink import length, text
from .style import EXTRA, FAINT, GOLD, MUTED, TEXT, TILE, TYPE_COLOURS


def paste(img: Image.Image, icon: Image.Image, x: float, y: float) -> None:
    img.paste(icon, (int(x), int(y)), icon)


def fit_text(s: str, size: int, width: float, bold: bool = True, smallest: int = 14) -> int:
    """The largest size up to `size` at which `s` fits in `width` on one line."""
    while size > smallest and length(s, size, bold) > width:
        size -= 1
    return size


def fit_line(s: str, size: int, width: float, smallest: int = 18) -> tuple[str, int]:
    """`s` at the largest size down to `smallest` that fits `width`, cut with "…" if even that
    does not (a long player name)."""
    size = fit_text(s, size, width, smallest=smallest)
    while len(s) > 1 and length(s, size, True) > width:
        s = s[:-2] + "…"
    return s, size


def mark(img: Image.Image, x: float, y: float, icon: Image.Image, s: str, size: int,
         fill: tuple[int, int, int] = TEXT, bold: bool = True) -> float:
    """An icon followed by a number or word, vertically centred on y; returns the x after it."""
    paste(img, icon, x, y - icon.height / 2)
    x += icon.width + 3
    return x + text(img, (x, y), s, size, fill, bold, "lm")


def stat_row(img: Image.Image, right: float, y: float, stats: list[tuple[Image.Image, str]], size: int,
             gap: int = 22) -> float:
    """Icon-and-number pairs right-aligned at `right` (a player's hand, military, VP, tokens)."""
    for icon, s in reversed(stats):
        right -= length(s, size, True)
        text(img, (right, y), s, size, TEXT, True, "lm")
        right -= icon.width + 4
        paste(img, icon, right, y - icon.height / 2)
        right -= gap
    return right


def cost_icons(img: Image.Image, x: float, y: float, cost: dict[str, int], extra: int, size: int) -> float:
    """The printed cost as one token per energy (era order), then "+N" for the cards connected below."""
    for kind in ENERGIES:
        for _ in range(cost.get(kind, 0)):
            paste(img, icons.energy(kind, size), x, y - size / 2)
            x += size + 2
    if extra:
        x += 3 + text(img, (x + 3, y), f"+{extra}", int(size * .95), EXTRA, True, "lm")
    return x


def stats(img: Image.Image, right: float, y: float, key: str, size: int = 19) -> float:
    """Military, VP and the counter mark, right-aligned at `right`; returns the left edge."""
    c = card(key)
    vp = str(c.vp.value)
    right -= length(vp, size, True)
    text(img, (right, y), vp, size, TEXT, True, "lm")
    right -= size + 2
    paste(img, icons.star(size), right, y - size / 2)
    if c.military.value:
        mil = str(c.military.value)
        right -= 8 + length(mil, size, True)
        text(img, (right, y), mil, size, TEXT, True, "lm")
        right -= size + 3
        paste(img, icons.sword(size + 2), right, y - size / 2 - 1)
    if c.counter.value:
        right -= size + 8
        paste(img, icons.shield(size + 2), right, y - size / 2 - 1)
    return right


def card_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, key: str, extra: int,
              lang: str) -> None:
    """A pyramid card: name, type, military, VP, counter mark, cost and the extra cost. A board
    shows the same tiles turn after turn, so each is drawn once and pasted."""
    img.paste(_tile(key, extra, int(w), int(h), lang), (int(x), int(y)), _tile_mask(int(w), int(h)))


@lru_cache(maxsize=64)
def _tile_mask(w: int, h: int) -> Image.Image:
    mask = Image.new("L", (w + 1, h + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, w, h], radius=10, fill=255)
    return mask


@lru_cache(maxsize=256)
def _tile(key: str, extra: int, w: int, h: int, lang: str) -> Image.Image:
    img = Image.new("RGB", (w + 1, h + 1), TILE)
    _draw_tile(img, ImageDraw.Draw(img), 0, 0, w, h, key, extra, lang)
    return img


def _draw_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, key: str, extra: int,
               lang: str) -> None:
    c = card(key)
    colour = TYPE_COLOURS[c.kind]
    d.rounded_rectangle([x, y, x + w, y + h], radius=10, fill=TILE, outline=colour, width=3)
    d.rounded_rectangle([x + 3, y + 3, x + w - 3, y + 9], radius=3, fill=colour)
    name = labels.card_name(key, lang)
    size = fit_text(name, 24, w - 16)
    if size >= 19 or " " not in name:
        text(img, (x + 9, y + 29), name, size, TEXT, True, "lm")
    else:                                   # a long name: two lines
        first, _, second = name.rpartition(" ")
        text(img, (x + 9, y + 20), first, fit_text(first, 18, w - 16), TEXT, True, "lm")
        text(img, (x + 9, y + 39), second, fit_text(second, 18, w - 16), TEXT, True, "lm")
    left = stats(img, x + w - 8, y + 61, key, 21)
    kind = labels.type_name(c.kind, lang)
    size = fit_text(kind, 19, left - x - 14, smallest=15)
    if length(kind, size, True) <= left - x - 12:   # the frame colour says it too; drop the word if crowded
        text(img, (x + 9, y + 61), kind, size, colour, True, "lm")
    icons_n = sum(c.cost.value.values())
    room = w - 16 - (length(f"+{extra}", 26, True) + 6 if extra else 0)
    cost_icons(img, x + 8, y + h - 24, c.cost.value, extra, min(28, int(room / max(icons_n, 1)) - 2))


def empty_tile(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: int, h: int, lang: str) -> None:
    """A slot whose card was bought."""
    d.rounded_rectangle([x + 4, y + 4, x + w - 4, y + h - 4], radius=10, outline=FAINT, width=2)
    text(img, (x + w / 2, y + h / 2), labels.word("bought", lang), 22, FAINT, False, "mm")


def chip_width(s: str, size: int, military: int = 0) -> float:
    return 22 + length(s, size, True) + (size + 12 + length(str(military), size, True) if military else 0)


def card_chip(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, key: str, lang: str, size: int = 19) -> float:
    """A face-up card in a field: type colour, name and military. Returns its width."""
    c = card(key)
    name = labels.card_name(key, lang)
    w = chip_width(name, size, c.military.value)
    h = size + 16
    colour = TYPE_COLOURS[c.kind]
    d.rounded_rectangle([x, y, x + w, y + h], radius=7, fill=TILE, outline=colour, width=2)
    d.rectangle([x + 2, y + 4, x + 7, y + h - 4], fill=colour)
    text(img, (x + 13, y + h / 2), name, size, TEXT, True, "lm")
    if c.military.value:
        mark(img, x + 19 + length(name, size, True), y + h / 2, icons.sword(size + 2), str(c.military.value), size)
    return w


def wonder_chip_width(key: str, lang: str, size: int = 19) -> float:
    return 26 + length(labels.wonder_name(key, lang), size, True) + size + 6 + length(str(wonder(key).vp.value), size, True)


def wonder_chip(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, key: str, lang: str, size: int = 19) -> float:
    """A wonder someone owns: gold frame, name and its VP."""
    name = labels.wonder_name(key, lang)
    w = wonder_chip_width(key, lang, size)
    h = size + 16
    d.rounded_rectangle([x, y, x + w, y + h], radius=7, fill=(58, 50, 30), outline=GOLD, width=2)
    text(img, (x + 10, y + h / 2), name, size, TEXT, True, "lm")
    mark(img, x + 16 + length(name, size, True), y + h / 2, icons.star(size), str(wonder(key).vp.value), size)
    return w


def resource_width(vp: int, size: int) -> float:
    return size + 4 + (length(str(vp), int(size * .5), True) if vp else 0)


def resource_token(img: Image.Image, x: float, y: float, kind: str, vp: int, size: int) -> float:
    """A resource in a field: its energy token, with the card's VP beside it when it has any."""
    paste(img, icons.energy(kind, size), x, y)
    if vp:
        text(img, (x + size + 1, y + size), str(vp), int(size * .5), GOLD, True, "ls")
    return resource_width(vp, size)


def flow(items: list[tuple[float, object]], x0: float, width: float, gap: float = 8) -> list[tuple[float, int, object]]:
    """Place items of given widths left to right, wrapping: [(x, line, item)]."""
    out = []
    x, line = x0, 0
    for w, item in items:
        if x > x0 and x + w > x0 + width:
            x, line = x0, line + 1
        out.append((x, line, item))
        x += w + gap
    return out


def muted_label(img: Image.Image, x: float, y: float, s: str, size: int = 17) -> None:
    text(img, (x, y), s, size, MUTED, False, "lm")
