"""The public board of Guns & Steel as a picture, drawn only from the public view
(game.view(state, None)): header with whose turn and what they decide, the pyramid by era
with costs and the cards still connected below, the research piles (mixed sets), the wonders
on the table with their honor tokens, and every player's field."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS, card, wonder
from games.guns_and_steel.view import GunsView, SeatView
from pictures.draw import WIDTH

from . import icons, ink, labels, parts, pyramid, rich
from .style import (
    ACCENT,
    BG,
    EXTRA,
    FAINT,
    GOLD,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    TEXT,
    TILE_ACTIVE,
    TYPE_COLOURS,
)

W = 1280               # the design width; the picture is delivered at the kit's width (pictures.draw.WIDTH)
M = 16                 # outer margin


def seat_colours(view: GunsView) -> dict[str, tuple[int, int, int]]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view.order)}


HEADER_H = 98


def render_board(view: GunsView, lang: str = "en") -> bytes:
    """Three strips: the header (whose turn), the pyramid (cached until a card is bought) and
    the rest (wonders, fields, legend), drawn at the design width and scaled to the kit's
    picture width like every game's pictures."""
    if view.viewer is not None:
        raise ValueError("the board picture is drawn from the public view only (viewer None)")
    colours = seat_colours(view)
    head = Image.new("RGB", (W, HEADER_H), BG)
    _header(head, ImageDraw.Draw(head), view, colours, lang)
    wonder_h = _wonders_height(view, lang)
    seat_hs = [_seat_height(view, s, lang) for s in view.seats]
    tokens = "vp_tokens" in view.extra
    rest = Image.new("RGB", (W, 8 + wonder_h + sum(h + 12 for h in seat_hs) + _legend_height(lang, tokens) + 8), BG)
    d = ImageDraw.Draw(rest)
    y = _wonders(rest, d, view, colours, 8, wonder_h, lang)
    for seat, h in zip(view.seats, seat_hs, strict=True):
        _seat(rest, d, view, seat, colours, M, y, W - 2 * M, h, lang)
        y += h + 12
    _legend(rest, d, y + 4, lang, tokens)
    out = WIDTH
    return ink.png_bands([ink.band(ink.shrink(head, out)), pyramid.band(view, W, out, lang),
                          ink.band(ink.shrink(rest, out))])


# ---- header -------------------------------------------------------------------------------

def status_line(view: GunsView, lang: str) -> str:
    """Whose turn it is and what the player owed a decision is deciding."""
    if view.finished:
        return ""
    sep = "：" if lang == "ja" else ": "
    if view.turn == 0:
        who = view.waiting_for[0] if view.waiting_for else view.active
        return f"{labels.word('setup', lang)} — {who}{sep}{labels.deciding(view.deciding, lang)}"
    turn = labels.word("turn_of", lang, p=view.active)
    if not view.waiting_for:
        return turn
    who = view.waiting_for[0]
    if who == view.active:
        return f"{turn} — {labels.deciding(view.deciding, lang)}"
    return f"{turn} — {who}{sep}{labels.deciding(view.deciding, lang)}"


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: GunsView, colours: dict, lang: str) -> int:
    title = f"{labels.word('title', lang)} · {labels.word(view.set, lang)}"
    ink.text(img, (M, 28), title, 30, TEXT, True, "lm")
    if view.turn > 0:
        rnd = (view.turn - 1) // max(len(view.order), 1) + 1
        when = labels.word("round_turn", lang, r=rnd, t=view.turn)
        if view.max_rounds:
            when += " " + labels.word("round_limit", lang, n=view.max_rounds)
        ink.text(img, (W - M, 28), when, 24, MUTED, False, "rm")
    y = 72
    if view.finished:
        from games.guns_and_steel.turn import end_reason_text
        why = end_reason_text(view.end_reason).get(lang)
        sep = "、" if lang == "ja" else ", "
        why = f"（{why}）" if lang == "ja" else f" ({why})"
        text = f"{labels.word('game_over', lang)}{why} — {labels.word('winner', lang, p=sep.join(winners(view)))}"
        size = parts.fit_text(text, 26, W - 2 * M)
        ink.text(img, (M, y), text, size, GOLD, True, "lm")
        return y + 26
    line = status_line(view, lang)
    d.rounded_rectangle([M, y - 18, M + 10, y + 18], radius=3, fill=colours.get(view.active, ACCENT))
    size = parts.fit_text(line, 26, W - 2 * M - 20 - (420 if any(view.energy.values()) else 0))
    x_end = M + 20 + ink.length(line, size, True)
    ink.text(img, (M + 20, y), line, size, TEXT, True, "lm")
    if any(view.energy.values()):
        label = labels.word("energy", lang)
        x = max(x_end + 30, W - M - 56 * sum(1 for n in view.energy.values() if n) - ink.length(label, 19) - 10)
        x += ink.text(img, (x, y), label, 19, MUTED, False, "lm") + 10
        for kind, n in view.energy.items():
            if n:
                x = parts.mark(img, x, y, icons.energy(kind, 28), f"{n}", 24) + 12
    return y + 26


# ---- wonders on the table -------------------------------------------------------------------

def _wonder_width(view: GunsView) -> int:
    n = max(len(view.table_wonders), 5)
    return int((W - 2 * M - (n - 1) * 10) / n)


def _condition(view: GunsView, w: str, lang: str) -> str:
    text = labels.wonder_condition(w, lang)
    cond = wonder(w).condition
    if cond.value == "recollected_vp":            # the printed text lists every player count
        vp = cond.params["by_players"][str(len(view.order))]
        text = f"回収したカードが合計{vp}VP以上。" if lang == "ja" else f"The cards you recollected total {vp}+ VP."
    return text


COND = 20              # wonder condition type size


def _wonder_name_lines(view: GunsView, w: str, lang: str) -> tuple:
    return rich.wrap(labels.wonder_name(w, lang), 19, _wonder_width(view) - 44 - 52, bold=True)


def _wonders_height(view: GunsView, lang: str) -> int:
    if not view.table_wonders:
        return 44
    ww = _wonder_width(view)
    names = max(len(_wonder_name_lines(view, w, lang)) for w in view.table_wonders)
    lines = max(len(rich.wrap(_condition(view, w, lang), COND, ww - 20)) for w in view.table_wonders)
    tokens = 40 if view.extra.get("honor_needed") else 0
    return 34 + 22 + names * 25 + lines * int(COND * 1.3) + tokens + 16


def _wonders(img: Image.Image, d: ImageDraw.ImageDraw, view: GunsView, colours: dict, top: int, h: int,
             lang: str) -> int:
    ink.text(img, (M, top + 14), labels.word("wonders", lang), 22, GOLD, True, "lm")
    if not view.table_wonders:
        ink.text(img, (M + 160, top + 14), labels.word("no_wonders", lang), 18, MUTED, False, "lm")
        return top + h
    needed = view.extra.get("honor_needed", {})
    if needed:
        ink.text(img, (W - M, top + 14), labels.word("honor_needed", lang, n=max(needed.values())), 18, MUTED, False, "rm")
    ww = _wonder_width(view)
    names = max(len(_wonder_name_lines(view, w, lang)) for w in view.table_wonders)
    on = view.extra.get("honor", {})
    for i, w in enumerate(view.table_wonders):
        x, y = M + i * (ww + 10), top + 34
        th = h - 34 - 8
        wd = wonder(w)
        d.rounded_rectangle([x, y, x + ww, y + th], radius=10, fill=(50, 45, 33), outline=GOLD, width=2)
        parts.paste(img, icons.energy(wd.era.value, 26), x + 9, y + 9)
        vp = str(wd.vp.value)
        right = x + ww - 10 - ink.length(vp, 22, True)
        ink.text(img, (right, y + 22), vp, 22, TEXT, True, "lm")
        parts.paste(img, icons.star(22), right - 25, y + 11)
        rich.draw(img, x + 42, y + 8, _wonder_name_lines(view, w, lang), 19, TEXT, bold=True, leading=1.32)
        rich.draw(img, x + 10, y + 18 + names * 25, rich.wrap(_condition(view, w, lang), COND, ww - 20), COND,
                  (220, 222, 226))
        if needed:
            tx, ty = x + 10, y + th - 34
            holders = on.get(w, {})
            need = needed.get(w, 3)
            # each holder's tokens and the places still free towards taking it; none yet: the free places
            groups = [(colours[p], holders[p]) for p in view.order if holders.get(p)] or [(None, 0)]
            size = 24 if len(groups) * need <= 7 else 18
            free = sum(max(need, n) * (size + 2) + 10 for _, n in groups) <= ww - 20 or groups[0][0] is None
            for colour, n in groups:
                for k in range(max(need, n) if free else n):   # crowded: the tokens only
                    icon = icons.honor(size, colour) if k < n and colour else icons.empty_slot(size)
                    parts.paste(img, icon, tx, ty + (24 - size) / 2)
                    tx += size + 2
                tx += 10
    return top + h


# ---- players' fields ---------------------------------------------------------------------------

FIELD_LABEL_W = 130
FIELD_W = W - 2 * M - FIELD_LABEL_W - 40      # where a field's chips wrap
ROW_H = 46
CHIP = 22               # type size of the cards and wonders in a field


def _field_rows(seat: SeatView, lang: str) -> list[tuple[str, list[tuple[float, tuple[str, object]]]]]:
    """The labelled rows of a player's field that have something: face-up cards, resources (era
    order), wonders."""
    order = {e: i for i, e in enumerate(("food", "iron") + ERAS)}
    res = sorted(((r.resource, r.vp) for r in seat.resources), key=lambda rv: (order[rv[0]], rv[1]))
    rows = [("face_up", [(parts.chip_width(labels.card_name(c.card, lang), CHIP, card(c.card).military.value), ("c", c.card))
                         for c in seat.face_up]),
            ("resources", [(parts.resource_width(vp, 34), ("r", (kind, vp))) for kind, vp in res])]
    rows.append(("wonders", [(parts.wonder_chip_width(w, lang, CHIP), ("w", w)) for w in seat.wonders]))
    shown = [row for row in rows if row[1]]
    return shown or [("field", [])]           # an empty field: one row that says so


def _row_lines(items: list) -> int:
    placed = parts.flow(items, 0, FIELD_W)
    return (placed[-1][1] + 1) if placed else 1


def _seat_height(view: GunsView, seat: SeatView, lang: str) -> int:
    return 58 + sum(_row_lines(items) for _, items in _field_rows(seat, lang)) * ROW_H + 8


def _seat(img: Image.Image, d: ImageDraw.ImageDraw, view: GunsView, seat: SeatView, colours: dict, x: float,
          y: float, w: float, h: float, lang: str) -> None:
    active = seat.player == view.active and not view.finished and view.turn > 0
    deciding = seat.player in view.waiting_for and not view.finished
    colour = colours[seat.player]
    won = seat.player in winners(view)
    d.rounded_rectangle([x, y, x + w, y + h], radius=12, fill=TILE_ACTIVE if active else PANEL,
                        outline=GOLD if won else ACCENT if active else (64, 66, 72), width=3 if active or won else 1)
    d.rounded_rectangle([x + 6, y + 8, x + 14, y + h - 8], radius=4, fill=colour)
    # first line: the counts on the right; name, turn badge and what they decide in what is left
    rx = x + w - 16
    if seat.score is not None:
        text = labels.word("score", lang, s=seat.score, c=seat.cards)
        rx -= ink.length(text, 26, True)
        ink.text(img, (rx, y + 28), text, 26, GOLD, True, "lm")
        rx -= 30
    stats = [(icons.cards(30), str(seat.hand_count)), (icons.sword(28), str(seat.military))]
    if seat.score is None:
        stats.append((icons.star(28), str(visible_vp(view, seat))))
    tokens = view.extra.get("vp_tokens")
    if tokens is not None:
        stats.append((icons.coin(28), str(tokens.get(seat.player, 0))))
    supply = view.extra.get("honor_supply")
    if supply is not None:
        stats.append((icons.honor(26, colour), f"×{supply.get(seat.player, 0)}"))
    room = parts.stat_row(img, rx, y + 28, stats, 26) - 16
    badges = (["▶ " + labels.word("turn_badge", lang)] if active else []) + \
        ([labels.deciding(view.deciding, lang)] if deciding else [])
    room -= sum(_badge_width(b) + 8 for b in badges) + 14
    name = parts.fit_line(seat.player, 28, room - (x + 26))
    bx = x + 26 + ink.text(img, (x + 26, y + 28), name[0], name[1], TEXT, True, "lm") + 14
    if active:
        bx = _badge(img, d, bx, y + 28, badges[0], ACCENT) + 8
    if deciding:
        _badge(img, d, bx, y + 28, badges[-1], (90, 70, 30), EXTRA)
    left, fx, row_y = x + 26, x + 26 + FIELD_LABEL_W, y + 56
    for label, items in _field_rows(seat, lang):
        parts.muted_label(img, left, row_y + 17, labels.word(label, lang), 21)
        if not items:
            ink.text(img, (fx, row_y + 17), labels.word("none", lang), 19, FAINT, False, "lm")
        for cx, line, (kind, item) in parts.flow(items, fx, FIELD_W):
            cy = row_y + line * ROW_H
            if kind == "c":
                parts.card_chip(img, d, cx, cy, item, lang, CHIP)
            elif kind == "r":
                parts.resource_token(img, cx, cy, item[0], item[1], 34)
            else:
                parts.wonder_chip(img, d, cx, cy, item, lang, CHIP)
        row_y += _row_lines(items) * ROW_H


def _badge_width(text: str) -> float:
    return ink.length(text, 19, True) + 20


def _badge(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, text: str, bg: tuple[int, int, int],
           fg: tuple[int, int, int] = TEXT) -> float:
    w = _badge_width(text)
    d.rounded_rectangle([x, y - 15, x + w, y + 15], radius=14, fill=bg)
    ink.text(img, (x + 10, y), text, 19, fg, True, "lm")
    return x + w


def winners(view: GunsView) -> list[str]:
    """At the end: the most VP, ties broken by the most cards (scoring.py); else nobody."""
    done = [s for s in view.seats if s.score is not None]
    best = max(((s.score or 0, s.cards or 0) for s in done), default=None)
    return [s.player for s in done if (s.score, s.cards) == best]


def visible_vp(view: GunsView, seat: SeatView) -> int:
    """The VP anyone can count on the table: face-up cards, resources, wonders and VP tokens
    (cards in hand score too, but nobody else sees them)."""
    vp = sum(card(c.card).vp.value for c in seat.face_up) + sum(r.vp for r in seat.resources)
    vp += sum(wonder(w).vp.value for w in seat.wonders)
    return vp + view.extra.get("vp_tokens", {}).get(seat.player, 0)


# ---- legend ------------------------------------------------------------------------------

LEGEND = 22            # legend type size (design pixels)


def _legend_items(lang: str, tokens: bool) -> list[tuple[float, tuple[Image.Image | tuple, str]]]:
    """What the marks mean: energies, card types, military, VP, counter, hand, tokens."""
    items: list[tuple[Image.Image | tuple, str]] = [(icons.energy(k, 28), labels.energy_word(k, lang))
                                                    for k in ("food", "iron") + ERAS]
    items += [(colour, labels.type_name(kind, lang)) for kind, colour in TYPE_COLOURS.items()]
    items += [(icons.sword(26), labels.word("military", lang)), (icons.star(26), "VP"),
              (icons.shield(26), labels.word("counter", lang)), (icons.cards(28), labels.word("hand", lang))]
    if tokens:
        items += [(icons.coin(26), labels.word("vp_tokens", lang)),
                  (icons.honor(26, (200, 200, 200)), labels.word("honor_left", lang))]
    return [(32 + ink.length(text, LEGEND), (mark, text)) for mark, text in items]


def _legend_height(lang: str, tokens: bool) -> int:
    placed = parts.flow(_legend_items(lang, tokens), M, W - 2 * M, 18)
    return (placed[-1][1] + 1) * 36 + 44


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, y: float, lang: str, tokens: bool) -> None:
    lines = 0
    for x, line, (mark, text) in parts.flow(_legend_items(lang, tokens), M, W - 2 * M, 18):
        cy = y + 18 + line * 36
        lines = line + 1
        if isinstance(mark, tuple):           # a card type: its frame colour
            d.rounded_rectangle([x + 4, cy - 10, x + 24, cy + 10], radius=4, fill=mark)
            ink.text(img, (x + 32, cy), text, LEGEND, MUTED, False, "lm")
        else:
            parts.mark(img, x, cy, mark, text, LEGEND, MUTED, False)
    ink.text(img, (M, y + 18 + lines * 36), labels.word("legend_extra", lang), LEGEND, EXTRA, False, "lm")
