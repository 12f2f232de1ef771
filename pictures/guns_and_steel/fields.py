"""A player's strip of the board: name, whose turn and what they decide, hand size, military,
the VP anyone can count, tokens, and the field (face-up cards, resources, wonders). A strip is
cached by what it shows, so an action redraws only the players it changed."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS, card, wonder
from games.guns_and_steel.view import GunsView, SeatView

from . import icons, ink, labels, parts
from .style import ACCENT, BG, DESIGN_W, EXTRA, FAINT, GOLD, MARGIN, PANEL, TEXT, TILE_ACTIVE

M = MARGIN
W = DESIGN_W
GAP = 12               # between two players' panels

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


def _seat_height(seat: SeatView, lang: str) -> int:
    return 58 + sum(_row_lines(items) for _, items in _field_rows(seat, lang)) * ROW_H + 8


class SeatLook(NamedTuple):
    """Everything a player's strip shows (hashable: the strip is cached by it)."""

    seat: str                        # the SeatView as JSON
    active: bool                     # their turn
    deciding: str | None             # what they are deciding, in words
    colour: tuple[int, int, int]
    won: bool
    vp: int                          # VP anyone can count
    tokens: int | None               # Renaissance VP tokens
    supply: int | None               # Renaissance honor tokens not placed


def look(view: GunsView, seat: SeatView, colour: tuple[int, int, int], won: bool, lang: str) -> SeatLook:
    deciding = seat.player in view.waiting_for and not view.finished
    tokens, supply = view.extra.get("vp_tokens"), view.extra.get("honor_supply")
    return SeatLook(seat.model_dump_json(), seat.player == view.active and not view.finished and view.turn > 0,
                    labels.deciding(view.deciding, lang) if deciding else None, colour, won, visible_vp(view, seat),
                    tokens.get(seat.player, 0) if tokens is not None else None,
                    supply.get(seat.player, 0) if supply is not None else None)


@lru_cache(maxsize=256)
def band(look: SeatLook, width: int, out: int, lang: str) -> ink.Band:
    """A player's strip (their panel and the gap below it), drawn `width` wide, delivered `out`."""
    seat = SeatView.model_validate_json(look.seat)
    h = _seat_height(seat, lang)
    img = Image.new("RGB", (width, h + GAP), BG)
    _seat(img, ImageDraw.Draw(img), look, seat, M, 0, width - 2 * M, h, lang)
    return ink.band(ink.shrink(img, out))


def _seat(img: Image.Image, d: ImageDraw.ImageDraw, look: SeatLook, seat: SeatView, x: float, y: float, w: float,
          h: float, lang: str) -> None:
    active, deciding, colour, won = look.active, look.deciding is not None, look.colour, look.won
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
        stats.append((icons.star(28), str(look.vp)))
    if look.tokens is not None:
        stats.append((icons.coin(28), str(look.tokens)))
    if look.supply is not None:
        stats.append((icons.honor(26, colour), f"×{look.supply}"))
    room = parts.stat_row(img, rx, y + 28, stats, 26) - 16
    badges = (["▶ " + labels.word("turn_badge", lang)] if active else []) + \
        ([look.deciding] if look.deciding else [])
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


def visible_vp(view: GunsView, seat: SeatView) -> int:
    """The VP anyone can count on the table: face-up cards, resources, wonders and VP tokens
    (cards in hand score too, but nobody else sees them)."""
    vp = sum(card(c.card).vp.value for c in seat.face_up) + sum(r.vp for r in seat.resources)
    vp += sum(wonder(w).vp.value for w in seat.wonders)
    return vp + view.extra.get("vp_tokens", {}).get(seat.player, 0)


