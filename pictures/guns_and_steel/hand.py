"""One player's private hand as a picture, drawn from that player's own view: every hand card
with its type, military, VP, counter mark, resource side, cost and effect text, then the
player's field (face-up cards, resources with their names, wonders, tokens) and what they are
deciding now."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import card
from games.guns_and_steel.view import GunsView, SeatView
from pictures.draw import WIDTH

from . import icons, ink, labels, parts, rich
from .board import seat_colours, status_line
from .fields import visible_vp
from .style import ACCENT, BG, EXTRA, FAINT, GOLD, MUTED, PANEL, TEXT, TILE, TYPE_COLOURS

W = WIDTH            # the kit's picture width (pictures.draw)
M = 16
EFFECT = 23          # effect text size
NAME = 28


def render_hand(view: GunsView, lang: str = "en") -> bytes:
    """Strips top to bottom: the header (whose turn, the player's energy), one per hand card,
    the player's field and the legend. Each but the header is kept by what it shows, so a move
    redraws only what it changed; a strip is drawn at its row's parity (Python rounds halves to
    even), so the picture is pixel for pixel the one drawn on a single canvas."""
    seat = next((s for s in view.seats if s.player == view.viewer), None)
    if seat is None or seat.hand is None:
        raise ValueError("the hand picture needs a player's own view (viewer = that player)")
    tokens = "vp_tokens" in view.extra
    top = _header_band(_header_look(view, seat, lang), lang)
    strips = [top]
    y = top.height
    for c in seat.hand:
        strips.append(_card_band(c.card, lang, y % 2))
        y += strips[-1].height
    strips.append(_field_band(_field_look(view, seat), lang, y % 2))
    y += strips[-1].height
    below = 100 + 16 + M - 14 - top.height + (0 if seat.hand else 50)   # the bottom margin, as before
    strips.append(_legend_band(tokens, lang, below + _legend_height(tokens, lang), y % 2))
    return ink.png_bands(strips)


def _rows(img: Image.Image, off: int, rows: int) -> ink.Band:
    """The strip drawn from row `off` (a row's parity) of its canvas."""
    return ink.band(img.crop((0, off, W, off + rows)))


def _header_look(view: GunsView, seat: SeatView, lang: str) -> tuple:
    """What the header shows (its cache key): the colour, the title, the cards in hand, the
    status line and the energy; whether the hand is empty."""
    colour = seat_colours(view)[seat.player]
    if view.finished:
        status = None
    elif seat.player in view.waiting_for:
        what = labels.deciding(view.deciding, lang)
        status = ((f"{labels.word('your_turn', lang)} — {what}" if seat.player == view.active
                   else labels.word("you_decide", lang, what=what)), True)
    else:
        status = (status_line(view, lang), False)
    energy = tuple(view.energy.items()) if any(view.energy.values()) and seat.player == view.active else ()
    return colour, seat.player, len(seat.hand or []), status, energy, not seat.hand


@lru_cache(maxsize=64)
def _header_band(look: tuple, lang: str) -> ink.Band:
    img = Image.new("RGB", (W, 160), BG)
    y = _header(img, ImageDraw.Draw(img), look, lang)
    if look[-1]:
        ink.text(img, (M, y + 20), labels.word("empty_hand", lang), 22, MUTED, False, "lm")
        y += 50
    return _rows(img, 0, y)


@lru_cache(maxsize=512)
def _card_band(key: str, lang: str, off: int) -> ink.Band:
    h = _card_height(key, lang)
    img = Image.new("RGB", (W, off + h + 10), BG)
    _hand_card(img, ImageDraw.Draw(img), M, off, W - 2 * M, h, key, lang)
    return _rows(img, off, h + 10)


def _field_look(view: GunsView, seat: SeatView) -> tuple:
    """What the player's field shows (its cache key)."""
    own_vp = visible_vp(view, seat) + sum(card(c.card).vp.value for c in seat.hand or [])   # they know their hand
    tokens = view.extra.get("vp_tokens")
    honor = None
    if tokens is not None:
        honor = (tokens.get(seat.player, 0), seat_colours(view)[seat.player],
                 view.extra["honor_supply"].get(seat.player, 0))
    shown = seat.model_copy(update={"player": "", "hand_count": 0, "hand": None, "score": None, "cards": None})
    return shown.model_dump_json(), own_vp, honor


@lru_cache(maxsize=256)
def _field_band(look: tuple, lang: str, off: int) -> ink.Band:
    seat = SeatView.model_validate_json(look[0])
    field_h = _field_height(seat, lang)
    img = Image.new("RGB", (W, off + 6 + field_h + 8), BG)
    _field(img, ImageDraw.Draw(img), look[1], look[2], seat, M, off + 6, W - 2 * M, field_h, lang)
    return _rows(img, off, 6 + field_h + 8)


@lru_cache(maxsize=16)
def _legend_band(tokens: bool, lang: str, rows: int, off: int) -> ink.Band:
    img = Image.new("RGB", (W, off + rows), BG)
    _legend(img, off, tokens, lang)
    return _rows(img, off, rows)


LEGEND = 20


def _legend_items(tokens: bool, lang: str) -> list[tuple[float, tuple[Image.Image, str]]]:
    """What the marks on the cards and the field mean (the board's legend is in another picture)."""
    items = [(icons.sword(24), labels.word("military", lang)), (icons.star(24), labels.word("vp", lang)),
             (icons.shield(24), labels.word("counter", lang)), (icons.cards(26), labels.word("hand", lang))]
    if tokens:
        items += [(icons.coin(24), labels.word("vp_tokens", lang)),
                  (icons.honor(24, (200, 200, 200)), labels.word("honor_left", lang))]
    return [(30 + ink.length(text, LEGEND), (mark, text)) for mark, text in items]


def _legend_height(tokens: bool, lang: str) -> int:
    return (parts.flow(_legend_items(tokens, lang), M, W - 2 * M, 20)[-1][1] + 1) * 32 + 8


def _legend(img: Image.Image, y: float, tokens: bool, lang: str) -> None:
    for x, line, (mark, text) in parts.flow(_legend_items(tokens, lang), M, W - 2 * M, 20):
        parts.mark(img, x, y + 16 + line * 32, mark, text, LEGEND, MUTED, False)


def _header(img: Image.Image, d: ImageDraw.ImageDraw, look: tuple, lang: str) -> int:
    colour, player, count, status, energy, _ = look
    d.rounded_rectangle([M, 12, M + 10, 46], radius=3, fill=colour)
    title, size = parts.fit_line(labels.word("your_hand", lang, p=player), 30, W - 2 * M - 130)
    ink.text(img, (M + 20, 29), title, size, TEXT, True, "lm")
    parts.mark(img, W - M - 70, 29, icons.cards(30), str(count), 26)
    y = 72
    if status is None:
        ink.text(img, (M, y), labels.word("game_over", lang), 24, GOLD, True, "lm")
        return y + 26
    line, mine = status
    bg = ACCENT if mine else PANEL
    size = parts.fit_text(line, 24, W - 2 * M - 24 - (330 if energy else 0))
    w = ink.length(line, size, True) + 24
    d.rounded_rectangle([M, y - 18, M + w, y + 18], radius=16, fill=bg)
    ink.text(img, (M + 12, y), line, size, TEXT, True, "lm")
    if energy:
        x = M + w + 16
        x += ink.text(img, (x, y), labels.word("energy", lang), 19, MUTED, False, "lm") + 10
        for kind, n in energy:
            if n and x < W - 80:
                x = parts.mark(img, x, y, icons.energy(kind, 28), str(n), 24) + 10
    return y + 30


def _effect_lines(key: str, lang: str) -> tuple:
    return rich.wrap(labels.card_effect(key, lang), EFFECT, W - 2 * M - 40)


def _card_height(key: str, lang: str) -> int:
    return 16 + 36 + 36 + len(_effect_lines(key, lang)) * int(EFFECT * 1.35) + 12


def _hand_card(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, key: str,
               lang: str) -> None:
    c = card(key)
    colour = TYPE_COLOURS[c.kind]
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=TILE, outline=colour, width=3)
    d.rounded_rectangle([x + 4, y + 4, x + 14, y + h - 4], radius=4, fill=colour)
    name_x = x + 28
    right = parts.stats(img, x + w - 14, y + 30, key, 26)
    name = labels.card_name(key, lang)
    ink.text(img, (name_x, y + 30), name, parts.fit_text(name, NAME, right - name_x - 10), TEXT, True, "lm")
    # second line: type, resource side, cost
    ly = y + 68
    lx = name_x + ink.text(img, (name_x, ly), labels.type_name(c.kind, lang), 20, colour, True, "lm") + 18
    side = labels.word("resource_side", lang, r="")
    lx += ink.text(img, (lx, ly), side, 19, MUTED, False, "lm") + 2
    lx = parts.mark(img, lx, ly, icons.energy(c.resource, 28), labels.energy_word(c.resource, lang), 19, TEXT, False) + 24
    if c.cost.value:
        lx += ink.text(img, (lx, ly), labels.word("cost", lang), 19, MUTED, False, "lm") + 8
        parts.cost_icons(img, lx, ly, c.cost.value, 0, 28)
    else:
        ink.text(img, (lx, ly), labels.word("starting", lang), 19, FAINT, False, "lm")
    rich.draw(img, name_x, y + 90, _effect_lines(key, lang), EFFECT, (225, 228, 232), leading=1.35)


# ---- the player's own field ----------------------------------------------------------------

def _res_width(res, lang: str) -> float:
    name = labels.card_name(res.card, lang) if res.card else labels.energy_word(res.resource, lang)
    return 30 + 6 + ink.length(name, 19, True) + (10 + ink.length(str(res.vp), 19, True) + 20 if res.vp else 0) + 16


def _field_items(seat: SeatView, lang: str) -> tuple[list, list]:
    up = [(parts.chip_width(labels.card_name(c.card, lang), 19, card(c.card).military.value), ("c", c.card))
          for c in seat.face_up]
    res = [(_res_width(r, lang), ("r", r)) for r in seat.resources]
    res += [(parts.wonder_chip_width(wd, lang), ("w", wd)) for wd in seat.wonders]
    return up, res


def _field_height(seat: SeatView, lang: str) -> int:
    up, res = _field_items(seat, lang)
    width = W - 2 * M - 164           # as _field flows them (w - 164): a row more than it counted overlapped the legend
    n = (parts.flow(up, 0, width)[-1][1] + 1 if up else 1) + (parts.flow(res, 0, width)[-1][1] + 1 if res else 1)
    return 56 + n * 44 + 10


def _field(img: Image.Image, d: ImageDraw.ImageDraw, own_vp: int, honor: tuple | None, seat: SeatView, x: float,
           y: float, w: float, h: float, lang: str) -> None:
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=PANEL)
    ink.text(img, (x + 14, y + 26), labels.word("your_field", lang), 24, TEXT, True, "lm")
    stats = [(icons.sword(26), str(seat.military)), (icons.star(26), str(own_vp))]
    if honor is not None:
        tokens, colour, supply = honor
        stats.append((icons.coin(26), str(tokens)))
        stats.append((icons.honor(24, colour), f"×{supply}"))
    parts.stat_row(img, x + w - 14, y + 26, stats, 24, 20)
    up, res = _field_items(seat, lang)
    fx = x + 150
    row = y + 54
    for label, items in ((labels.word("face_up", lang), up), (labels.word("resources", lang), res)):
        parts.muted_label(img, x + 14, row + 17, label, 19)
        if not items:
            ink.text(img, (fx, row + 17), labels.word("none", lang), 19, FAINT, False, "lm")
        lines = 1
        for cx, line, (kind, item) in parts.flow(items, fx, w - 164):
            cy = row + line * 44
            lines = line + 1
            if kind == "c":
                parts.card_chip(img, d, cx, cy, item, lang)
            elif kind == "w":
                parts.wonder_chip(img, d, cx, cy, item, lang)
            else:
                _resource_chip(img, d, cx, cy, item, lang)
        row += lines * 44


def _resource_chip(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, res, lang: str) -> None:
    """One of the player's own resources: its energy and which card it is (only they see that)."""
    w = _res_width(res, lang) - 8
    d.rounded_rectangle([x, y, x + w, y + 35], radius=7, fill=TILE, outline=(90, 94, 102), width=2)
    parts.paste(img, icons.energy(res.resource, 27), x + 5, y + 4)
    name = labels.card_name(res.card, lang) if res.card else labels.energy_word(res.resource, lang)
    nx = x + 38 + ink.text(img, (x + 38, y + 17), name, 19, TEXT, True, "lm")
    if res.vp:
        parts.mark(img, nx + 8, y + 17, icons.star(19), str(res.vp), 19, EXTRA)
