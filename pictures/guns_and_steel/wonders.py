"""The wonders strip of the board: each wonder still on the table with its era, VP and
condition (Sydney's for this player count), and in Renaissance/mixed each player's honor
tokens on it and the places still free. Cached by what it shows."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import wonder
from games.guns_and_steel.view import GunsView
from pictures.draw import WIDTH

from . import icons, ink, labels, parts, rich
from .style import BG, BODY, GOLD, MARGIN, MUTED, SMALL, TEXT

M = MARGIN
W = WIDTH


class WonderLook(NamedTuple):
    """Everything the strip shows (hashable: the strip is cached by it)."""

    wonders: tuple[str, ...]
    order: tuple[str, ...]                                   # players, for their colours and count
    colours: tuple[tuple[int, int, int], ...]
    honor: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]   # wonder -> player -> tokens
    needed: tuple[tuple[str, int], ...]                      # wonder -> tokens that take it


def look(view: GunsView, colours: dict[str, tuple[int, int, int]]) -> WonderLook:
    honor = view.extra.get("honor", {})
    return WonderLook(tuple(view.table_wonders), tuple(view.order), tuple(colours[p] for p in view.order),
                      tuple(sorted((w, tuple(sorted(by.items()))) for w, by in honor.items())),
                      tuple(sorted(view.extra.get("honor_needed", {}).items())))


PER_ROW = 3            # wonders side by side: room for a name on one or two lines at a readable size
GAP = 8
HEADING = 34
COND_LINE = int(SMALL * 1.3)   # rich.draw's line
NAME_X = 33            # a wonder's name right of its era
NAME_LINE = 25
TOKENS = 30            # the honor tokens' row


@lru_cache(maxsize=128)
def band(look: WonderLook, width: int, lang: str) -> ink.Band:
    h = _wonders_height(look, lang)
    img = Image.new("RGB", (width, 5 + h), BG)
    _wonders(img, ImageDraw.Draw(img), look, 5, h, lang)
    return ink.band(img)


def _wonder_width() -> int:
    return int((W - 2 * M - (PER_ROW - 1) * GAP) / PER_ROW)


def _condition(look: WonderLook, w: str, lang: str) -> str:
    text = labels.wonder_condition(w, lang)
    cond = wonder(w).condition
    if cond.value == "recollected_vp":            # the printed text lists every player count
        vp = cond.params["by_players"][str(len(look.order))]
        text = f"回収したカードが合計{vp}VP以上。" if lang == "ja" else f"The cards you recollected total {vp}+ VP."
    return text


def _vp_width(w: str) -> float:
    """The star and the VP at a wonder's top right, with the margin right of them."""
    return 23 + ink.length(str(wonder(w).vp.value), BODY, True) + 8


def _name(w: str, lang: str) -> tuple[tuple[str, ...], int, bool]:
    return parts.fit_lines(labels.wonder_name(w, lang), _wonder_width() - NAME_X - 8 - _vp_width(w), 2, BODY)


def _cond_lines(look: WonderLook, w: str, lang: str) -> tuple:
    return rich.wrap(_condition(look, w, lang), SMALL, _wonder_width() - 15)


def _card_height(look: WonderLook, row: tuple[str, ...], lang: str) -> int:
    names = max(len(_name(w, lang)[0]) for w in row)
    conds = max(len(_cond_lines(look, w, lang)) for w in row)
    return 9 + names * NAME_LINE + 5 + conds * COND_LINE + (TOKENS if look.needed else 0) + 8


def _rows(look: WonderLook) -> list[tuple[str, ...]]:
    return [look.wonders[i:i + PER_ROW] for i in range(0, len(look.wonders), PER_ROW)]


def _wonders_height(look: WonderLook, lang: str) -> int:
    if not look.wonders:
        return HEADING
    return HEADING + sum(_card_height(look, row, lang) + GAP for row in _rows(look))


def _wonders(img: Image.Image, d: ImageDraw.ImageDraw, look: WonderLook, top: int, h: int, lang: str) -> int:
    heading = labels.word("wonders", lang)
    hx = M + ink.text(img, (M, top + HEADING / 2 - 2), heading, BODY + 1, GOLD, True, "lm") + 19
    if not look.wonders:
        ink.text(img, (hx, top + HEADING / 2 - 2), labels.word("no_wonders", lang), SMALL, MUTED, False, "lm")
        return top + h
    needed = dict(look.needed)
    colours = dict(zip(look.order, look.colours, strict=True))
    if needed:
        ink.text(img, (W - M, top + HEADING / 2 - 2), labels.word("honor_needed", lang, n=max(needed.values())), SMALL,
                 MUTED, False, "rm")
    ww = _wonder_width()
    on = {wd: dict(by) for wd, by in look.honor}
    y = top + HEADING
    for row in _rows(look):
        th = _card_height(look, row, lang)
        names = max(len(_name(w, lang)[0]) for w in row)
        for i, w in enumerate(row):
            x = M + i * (ww + GAP)
            wd = wonder(w)
            d.rounded_rectangle([x, y, x + ww, y + th], radius=6, fill=(50, 45, 33), outline=GOLD, width=1)
            parts.paste(img, icons.energy(wd.era.value, 21), x + 6, y + 11)
            vp = str(wd.vp.value)
            right = x + ww - 8 - ink.length(vp, BODY, True)
            ink.text(img, (right, y + 21), vp, BODY, TEXT, True, "lm")
            parts.paste(img, icons.star(20), right - 23, y + 11)
            lines, size, bold = _name(w, lang)
            for n, line in enumerate(lines):
                ink.text(img, (x + NAME_X, y + 21 + NAME_LINE * n), line, size, TEXT, bold, "lm")
            rich.draw(img, x + 8, y + 9 + names * NAME_LINE + 5, _cond_lines(look, w, lang), SMALL, (220, 222, 226))
            if needed:
                _tokens(img, look, w, on.get(w, {}), needed.get(w, 3), colours, x + 8, y + th - TOKENS - 3, ww - 16)
        y += th + GAP
    return top + h


def _tokens(img: Image.Image, look: WonderLook, w: str, holders: dict[str, int], need: int, colours: dict, x: float,
            y: float, room: float) -> None:
    """Each holder's honor tokens and the places still free towards taking the wonder; none yet:
    the free places."""
    groups = [(colours[p], holders[p]) for p in look.order if holders.get(p)] or [(None, 0)]
    size = 21 if len(groups) * need <= 9 else 16
    free = sum(max(need, n) * (size + 2) + 9 for _, n in groups) <= room or groups[0][0] is None
    for colour, n in groups:
        for k in range(max(need, n) if free else n):   # crowded: the tokens only
            icon = icons.honor(size, colour) if k < n and colour else icons.empty_slot(size)
            parts.paste(img, icon, x, y + (TOKENS - size) / 2)
            x += size + 2
        x += 9
