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
from .style import BG, FAINT, MARGIN, MUTED, TEXT

M = MARGIN
LABEL_W = 90           # the era column left of the pyramid
CARD_H = 122
ROW_GAP = 18
CARD_GAP = 10
PILE_EXTRA = 50        # the gap before the research piles and their counts
PILE_HEAD = 34         # room for the research piles' heading

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


def height(view: GunsView) -> int:
    return (PILE_HEAD if view.piles else 0) + len(ERAS) * (CARD_H + ROW_GAP)


def band(view: GunsView, width: int, out: int, lang: str) -> ink.Band:
    """The strip drawn `width` wide and delivered `out` wide."""
    slots, piles = key_of(view)
    return _band(slots, piles, width, out, lang)


@lru_cache(maxsize=64)
def _band(slots: Slots, piles: Piles, width: int, out: int, lang: str) -> ink.Band:
    img = Image.new("RGB", (width, (PILE_HEAD if piles else 0) + len(ERAS) * (CARD_H + ROW_GAP)), BG)
    _draw(img, ImageDraw.Draw(img), slots, piles, width, PILE_HEAD if piles else 0, lang)
    return ink.band(ink.shrink(img, out))


def _draw(img: Image.Image, d: ImageDraw.ImageDraw, slots: Slots, piles: Piles, width: int, top: int,
          lang: str) -> None:
    widest = max(len(row) for row in slots)
    cols = widest + (1 if piles else 0)
    avail = width - 2 * M - LABEL_W - (PILE_EXTRA if piles else 0)
    cw = min(176, int((avail - (cols - 1) * CARD_GAP) / cols))
    x0 = M + LABEL_W + (avail - cols * cw - (cols - 1) * CARD_GAP) / 2
    step = cw + CARD_GAP

    def row_y(r: int) -> int:
        return top + (len(ERAS) - 1 - r) * (CARD_H + ROW_GAP)

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
                    d.line([(lx, y + CARD_H - 4), (lx, y + CARD_H + ROW_GAP + 4)], fill=(150, 155, 165), width=4)
    for r, era in enumerate(ERAS):
        y = row_y(r)
        parts.paste(img, icons.energy(era, 40), M + (LABEL_W - 40) / 2 - 6, y + 22)
        name = labels.energy_word(era, lang)
        ink.text(img, (M + LABEL_W / 2 - 6, y + 84), name, parts.fit_text(name, 20, LABEL_W - 4, False), MUTED, False, "mm")
        for i, (key, extra) in enumerate(slots[r]):
            if key is None:
                parts.empty_tile(img, d, slot_x(r, i), y, cw, CARD_H, lang)
            else:
                parts.card_tile(img, d, slot_x(r, i), y, cw, CARD_H, key, extra, lang)
        if piles:
            _pile(img, d, piles[r], x0 + widest * step + 14, y, cw, lang)
    if piles:
        ink.text(img, (x0 + widest * step + 14 + (cw + PILE_EXTRA - 14) / 2, top - 12), labels.word("pile", lang), 20,
                 MUTED, False, "md")


def _pile(img: Image.Image, d: ImageDraw.ImageDraw, pile: tuple[str | None, int, int], x: float, y: float, cw: int,
          lang: str) -> None:
    """A research pile: its face-up top card on a stack, and how many cards it holds."""
    top, count, extra = pile
    if top is None:
        d.rounded_rectangle([x + 4, y + 4, x + cw - 4, y + CARD_H - 4], radius=10, outline=FAINT, width=2)
        ink.text(img, (x + cw / 2, y + CARD_H / 2), labels.word("pile_empty", lang), 18, FAINT, False, "mm")
        return
    for k in (2, 1):
        if count > k:
            d.rounded_rectangle([x + 4 * k, y - 4 * k, x + cw + 4 * k - 4, y + CARD_H - 4 * k], radius=10,
                                fill=(60, 62, 68), outline=(110, 114, 122), width=2)
    parts.card_tile(img, d, x, y, cw - 4, CARD_H, top, extra, lang)
    parts.paste(img, icons.cards(26), x + cw + 6, y + CARD_H / 2 - 26)
    ink.text(img, (x + cw + 19, y + CARD_H / 2 + 14), f"{count}", 20, TEXT, True, "mm")
