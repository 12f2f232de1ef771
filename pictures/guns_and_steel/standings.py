"""Who is winning, at a glance: one large row per player under the header, the leader first (a bar for the VP
anyone can count, then VP, cards in hand and military in type a phone can read: the players'
strips below are drawn for a desktop's width)."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.view import GunsView

from . import icons, ink, parts
from .fields import visible_vp
from .style import BG, GOLD, MARGIN, PANEL, TEXT, TILE

BIG = 38          # 38 px as sent, about 20 on a phone
ROW = 52


def rows(view: GunsView, colours: dict) -> tuple:
    """(name, colour, VP, cards, military, won) per player: what the strip shows, its cache key.
    At the end the final score counts (cards in hand included); before, the VP on the table."""
    done = [s for s in view.seats if s.score is not None]
    best = max(((s.score or 0, s.cards or 0) for s in done), default=None)
    shown = [(s.player, colours[s.player], s.score if s.score is not None else visible_vp(view, s),
              s.cards if s.cards is not None else s.hand_count, s.military,
              best is not None and (s.score, s.cards) == best) for s in view.seats]
    return tuple(sorted(shown, key=lambda row: (-row[2], -row[3])))  # the leader first


@lru_cache(maxsize=64)
def band(shown: tuple, width: int) -> ink.Band:
    img = Image.new("RGB", (width, ROW * len(shown) + 8), BG)
    d = ImageDraw.Draw(img)
    top = max((vp for _, _, vp, *_ in shown), default=0) or 1
    star, hand, sword = icons.star(BIG - 5), icons.cards(BIG - 3), icons.sword(BIG - 5)
    stats_w = 3 * (BIG + 5) + ink.length("999", BIG, True) * 3 + 38
    for i, (name, colour, vp, cards, military, won) in enumerate(shown):
        y = 4 + i * ROW
        cy = y + ROW / 2
        d.rounded_rectangle([MARGIN, y + 3, width - MARGIN, y + ROW - 3], radius=8, fill=PANEL,
                            outline=GOLD if won else PANEL, width=2)
        d.rounded_rectangle([MARGIN + 5, y + 9, MARGIN + 11, y + ROW - 9], radius=3, fill=colour)
        name_fit, size = parts.fit_line(name, BIG, 212, 25)  # the winner: a gold outline
        ink.text(img, (MARGIN + 20, cy), name_fit, size, TEXT, True, "lm")
        bar_x, bar_r = MARGIN + 244, width - MARGIN - stats_w
        d.rounded_rectangle([bar_x, cy - 9, bar_r, cy + 9], radius=9, fill=TILE)
        if vp > 0:
            d.rounded_rectangle([bar_x, cy - 9, bar_x + (bar_r - bar_x) * vp / top, cy + 9], radius=9, fill=colour)
        parts.stat_row(img, width - MARGIN - 12, cy, [(star, str(vp)), (hand, str(cards)), (sword, str(military))],
                       BIG, gap=21)
    return ink.band(img)
