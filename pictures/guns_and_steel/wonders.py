"""The wonders strip of the board: each wonder still on the table with its era, VP and
condition (Sydney's for this player count), and in Renaissance/mixed each player's honor
tokens on it and the places still free. Cached by what it shows."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import wonder
from games.guns_and_steel.view import GunsView

from . import icons, ink, labels, parts, rich
from .style import BG, DESIGN_W, GOLD, MARGIN, MUTED, TEXT

M = MARGIN
W = DESIGN_W


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


@lru_cache(maxsize=128)
def band(look: WonderLook, width: int, out: int, lang: str) -> ink.Band:
    h = _wonders_height(look, lang)
    img = Image.new("RGB", (width, 8 + h), BG)
    _wonders(img, ImageDraw.Draw(img), look, 8, h, lang)
    return ink.band(ink.shrink(img, out))


def _wonder_width(look: WonderLook) -> int:
    n = max(len(look.wonders), 5)
    return int((W - 2 * M - (n - 1) * 10) / n)


def _condition(look: WonderLook, w: str, lang: str) -> str:
    text = labels.wonder_condition(w, lang)
    cond = wonder(w).condition
    if cond.value == "recollected_vp":            # the printed text lists every player count
        vp = cond.params["by_players"][str(len(look.order))]
        text = f"回収したカードが合計{vp}VP以上。" if lang == "ja" else f"The cards you recollected total {vp}+ VP."
    return text


COND = 20              # wonder condition type size


def _wonder_name_lines(look: WonderLook, w: str, lang: str) -> tuple:
    return rich.wrap(labels.wonder_name(w, lang), 19, _wonder_width(look) - 44 - 52, bold=True)


def _wonders_height(look: WonderLook, lang: str) -> int:
    if not look.wonders:
        return 44
    ww = _wonder_width(look)
    names = max(len(_wonder_name_lines(look, w, lang)) for w in look.wonders)
    lines = max(len(rich.wrap(_condition(look, w, lang), COND, ww - 20)) for w in look.wonders)
    tokens = 40 if look.needed else 0
    return 34 + 22 + names * 25 + lines * int(COND * 1.3) + tokens + 16


def _wonders(img: Image.Image, d: ImageDraw.ImageDraw, look: WonderLook, top: int, h: int, lang: str) -> int:
    ink.text(img, (M, top + 14), labels.word("wonders", lang), 22, GOLD, True, "lm")
    if not look.wonders:
        ink.text(img, (M + 160, top + 14), labels.word("no_wonders", lang), 18, MUTED, False, "lm")
        return top + h
    needed = dict(look.needed)
    colours = dict(zip(look.order, look.colours, strict=True))
    if needed:
        ink.text(img, (W - M, top + 14), labels.word("honor_needed", lang, n=max(needed.values())), 18, MUTED, False, "rm")
    ww = _wonder_width(look)
    names = max(len(_wonder_name_lines(look, w, lang)) for w in look.wonders)
    on = {wd: dict(by) for wd, by in look.honor}
    for i, w in enumerate(look.wonders):
        x, y = M + i * (ww + 10), top + 34
        th = h - 34 - 8
        wd = wonder(w)
        d.rounded_rectangle([x, y, x + ww, y + th], radius=10, fill=(50, 45, 33), outline=GOLD, width=2)
        parts.paste(img, icons.energy(wd.era.value, 26), x + 9, y + 9)
        vp = str(wd.vp.value)
        right = x + ww - 10 - ink.length(vp, 22, True)
        ink.text(img, (right, y + 22), vp, 22, TEXT, True, "lm")
        parts.paste(img, icons.star(22), right - 25, y + 11)
        rich.draw(img, x + 42, y + 8, _wonder_name_lines(look, w, lang), 19, TEXT, bold=True, leading=1.32)
        rich.draw(img, x + 10, y + 18 + names * 25, rich.wrap(_condition(look, w, lang), COND, ww - 20), COND,
                  (220, 222, 226))
        if needed:
            tx, ty = x + 10, y + th - 34
            holders = on.get(w, {})
            need = needed.get(w, 3)
            # each holder's tokens and the places still free towards taking it; none yet: the free places
            groups = [(colours[p], holders[p]) for p in look.order if holders.get(p)] or [(None, 0)]
            size = 24 if len(groups) * need <= 7 else 18
            free = sum(max(need, n) * (size + 2) + 10 for _, n in groups) <= ww - 20 or groups[0][0] is None
            for colour, n in groups:
                for k in range(max(need, n) if free else n):   # crowded: the tokens only
                    icon = icons.honor(size, colour) if k < n and colour else icons.empty_slot(size)
                    parts.paste(img, icon, tx, ty + (24 - size) / 2)
                    tx += size + 2
                tx += 10
    return top + h


