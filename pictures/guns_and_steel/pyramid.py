"""The pyramid band of the board: five rows by era (space on top) with each card's cost and
the extra cost of the cards still connected below, connector lines between connected cards,
bought slots, and the research piles of the mixed sets.

The pyramid changes only when a card is bought, so the band is keyed by what it shows and
kept compressed (ink.Band): most boards of a game reuse it without drawing or compressing."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS
from games.guns_and_steel.view import GunsView

from . import icons, ink, labels, parts
from .style import BG, BODY, FAINT, MARGIN, MUTED, SMALL, TEXT

M = 4                  # the pyramid uses the whole width: seven cards side by side at a readable size
ERA_W = 24             # the era icons left of the rows
CARD_H = 104
ROW_GAP = 10
CARD_GAP = 4
PILE_HEAD = 34         # the research piles' heading
PILE_COUNT = 28        # a pile's count under it

Slots = tuple[tuple[tuple[str | None, int], ...], ...]        # per era: (card key or None, extra)
Piles = tuple[tuple[str | None, int, int], ...] | None         # per era: (top card, count, extra)


def key_of(view: GunsView) -> tuple[Slots, Piles]:
    """Everything the band shows, and nothing else (instance ids do not matter)."""
    slots = tuple(tuple((s.card.card if s.card else None, s.extra) for s in view.pyramid.get(era, [])) for era in ERAS)
    piles = None
    if view.piles:
        piles = tuple((p.top.card if p.top else None, p.count, p.extra) if (p := view.piles.get(era)) else (None, 0, 0)
                      for era in ERAS)
    return slots, piles


def _height(piles: Piles) -> int:
    return len(ERAS) * (CARD_H + ROW_GAP) + (PILE_HEAD + CARD_H + PILE_COUNT if piles else 0)


def height(view: GunsView) -> int:
    return _height(key_of(view)[1])


def band(view: GunsView, width: int, lang: str) -> ink.Band:
    """The strip, `width` wide."""
    slots, piles = key_of(view)
    return _band(slots, piles, width, lang)


@lru_cache(maxsize=64)
def _band(slots: Slots, piles: Piles, width: int, lang: str) -> ink.Band:
    img = Image.new("RGB", (width, _height(piles)), BG)
    d = ImageDraw.Draw(img)
    cw = _draw(img, d, slots, width, lang)
    if piles:
        _piles(img, d, piles, width, len(ERAS) * (CARD_H + ROW_GAP), cw, lang)
    return ink.band(img)


def card_width(widest: int, width: int) -> int:
    """The cards' width: the widest row (7 cards with 3-4 players) fills the picture."""
    return min(125, int((width - 2 * M - ERA_W - (widest - 1) * CARD_GAP) / widest))


def _draw(img: Image.Image, d: ImageDraw.ImageDraw, slots: Slots, width: int, lang: str) -> int:
    widest = max(len(row) for row in slots)
    cw = card_width(widest, width)
    avail = width - 2 * M - ERA_W
    x0 = M + ERA_W + (avail - widest * cw - (widest - 1) * CARD_GAP) / 2
    step = cw + CARD_GAP

    def row_y(r: int) -> int:
        return (len(ERAS) - 1 - r) * (CARD_H + ROW_GAP)

    def slot_x(r: int, i: int) -> float:
        return x0 + (i + (widest - len(slots[r])) / 2) * step

    # connectors first, so the tiles sit on top of them
    for r in range(1, len(ERAS)):
        for i, (key, _) in enumerate(slots[r]):
            if key is None:
                continue
            for j in (i, i + 1):
                if j < len(slots[r - 1]) and slots[r - 1][j][0] is not None:
                    lx = (slot_x(r, i) + slot_x(r - 1, j)) / 2 + cw / 2
                    y = row_y(r)
                    d.line([(lx, y + CARD_H - 3), (lx, y + CARD_H + ROW_GAP + 3)], fill=(150, 155, 165), width=3)
    for r, era in enumerate(ERAS):
        y = row_y(r)
        parts.paste(img, icons.energy(era, 20), M, y + (CARD_H - 20) / 2)
        for i, (key, extra) in enumerate(slots[r]):
            if key is None:
                parts.empty_tile(img, d, slot_x(r, i), y, cw, CARD_H, lang)
            else:
                parts.card_tile(img, d, slot_x(r, i), y, cw, CARD_H, key, extra, lang)
    return cw


def _piles(img: Image.Image, d: ImageDraw.ImageDraw, piles: Piles, width: int, top: int, cw: int, lang: str) -> None:
    """The research piles of the mixed sets, one per era left to right, each with its top card face
    up (its price counts the cards left in the era below) and how many cards it holds."""
    ink.text(img, (MARGIN, top + PILE_HEAD / 2 - 2), labels.word("pile", lang), BODY, MUTED, True, "lm")
    slot = (width - 2 * M) / len(piles)
    for n, pile in enumerate(piles):
        x = M + n * slot + (slot - cw) / 2
        _pile(img, d, pile, x, top + PILE_HEAD, cw, lang)


def _pile(img: Image.Image, d: ImageDraw.ImageDraw, pile: tuple[str | None, int, int], x: float, y: float, cw: int,
          lang: str) -> None:
    """A research pile: its face-up top card on a stack, and how many cards it holds."""
    top, count, extra = pile
    if top is None:
        d.rounded_rectangle([x + 3, y + 3, x + cw - 3, y + CARD_H - 3], radius=6, outline=FAINT, width=1)
        ink.text(img, (x + cw / 2, y + CARD_H / 2), labels.word("pile_empty", lang), SMALL, FAINT, False, "mm")
        return
    for k in (2, 1):
        if count > k:
            d.rounded_rectangle([x + 3 * k, y - 3 * k, x + cw + 3 * k - 3, y + CARD_H - 3 * k], radius=6,
                                fill=(60, 62, 68), outline=(110, 114, 122), width=1)
    parts.card_tile(img, d, x, y, cw - 3, CARD_H, top, extra, lang)
    ink.text(img, (x + cw / 2, y + CARD_H + PILE_COUNT / 2 + 1), labels.word("pile_count", lang, n=count), SMALL,
             TEXT, True, "mm")
