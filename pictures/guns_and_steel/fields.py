"""A player's strip of the board: name, whose turn and what they decide, hand size, military,
the VP anyone can count, tokens, and the field (face-up cards, resources, wonders). A strip is
cached by what it shows, so an action redraws only the players it changed."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS, card, wonder
from games.guns_and_steel.view import GunsView, SeatView
from pictures.draw import WIDTH

from . import icons, ink, labels, parts
from .style import ACCENT, BG, BODY, EXTRA, FAINT, GOLD, MARGIN, NAME, PANEL, SMALL, TEXT, TILE_ACTIVE

M = MARGIN
W = WIDTH
GAP = 8                # between two players' panels

FIELD_LABEL_W = 106
FIELD_W = W - 2 * M - FIELD_LABEL_W - 25      # where a field's chips wrap
CHIP = SMALL            # type size of the cards and wonders in a field
CHIP_H = CHIP + 16      # a chip's height (parts.card_chip)
ROW_H = CHIP_H + 6
TOKEN = 28              # a resource token
HEAD_H = 46             # the name line


def _field_rows(seat: SeatView, lang: str) -> list[tuple[str, list[tuple[float, tuple[str, object]]]]]:
    """The labelled rows of a player's field that have something: face-up cards, resources (era
    order), wonders."""
    order = {e: i for i, e in enumerate(("food", "iron") + ERAS)}
    res = sorted(((r.resource, r.vp) for r in seat.resources), key=lambda rv: (order[rv[0]], rv[1]))
    rows = [("face_up", [(parts.chip_width(labels.card_name(c.card, lang), CHIP, card(c.card).military.value), ("c", c.card))
                         for c in seat.face_up]),
            ("resources", [(parts.resource_width(vp, TOKEN), ("r", (kind, vp))) for kind, vp in res])]
    rows.append(("wonders", [(parts.wonder_chip_width(w, lang, CHIP), ("w", w)) for w in seat.wonders]))
    shown = [row for row in rows if row[1]]
    return shown or [("field", [])]           # an empty field: one row that says so


def _row_lines(items: list) -> int:
    placed = parts.flow(items, 0, FIELD_W)
    return (placed[-1][1] + 1) if placed else 1


def _seat_height(seat: SeatView, lang: str) -> int:
    return HEAD_H + sum(_row_lines(items) for _, items in _field_rows(seat, lang)) * ROW_H + 5


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
def band(look: SeatLook, width: int, lang: str) -> ink.Band:
    """A player's strip (their panel and the gap below it), `width` wide."""
    seat = SeatView.model_validate_json(look.seat)
    h = _seat_height(seat, lang)
    img = Image.new("RGB", (width, h + GAP), BG)
    _seat(img, ImageDraw.Draw(img), look, seat, M, 0, width - 2 * M, h, lang)
    return ink.band(img)


def _seat(img: Image.Image, d: ImageDraw.ImageDraw, look: SeatLook, seat: SeatView, x: float, y: float, w: float,
          h: float, lang: str) -> None:
    active, deciding, colour, won = look.active, look.deciding is not None, look.colour, look.won
    d.rounded_rectangle([x, y, x + w, y + h], radius=8, fill=TILE_ACTIVE if active else PANEL,
                        outline=GOLD if won else ACCENT if active else (64, 66, 72), width=2 if active or won else 1)
    d.rounded_rectangle([x + 4, y + 5, x + 9, y + h - 5], radius=3, fill=colour)
    # first line: the counts on the right; name, turn badge and what they decide in what is left
    cy = y + HEAD_H / 2
    rx = x + w - 10
    if seat.score is not None:
        text = labels.word("score", lang, s=seat.score, c=seat.cards)
        rx -= ink.length(text, BODY, True)
        ink.text(img, (rx, cy), text, BODY, GOLD, True, "lm")
        rx -= 19
    stats = [(icons.cards(24), str(seat.hand_count)), (icons.sword(22), str(seat.military))]
    if seat.score is None:
        stats.append((icons.star(22), str(look.vp)))
    if look.tokens is not None:
        stats.append((icons.coin(22), str(look.tokens)))
    if look.supply is not None:
        stats.append((icons.honor(21, colour), f"×{look.supply}"))
    room = parts.stat_row(img, rx, cy, stats, BODY, gap=14) - 10
    turn = "▶ " + labels.word("turn_badge", lang) if active else None
    name, size = parts.fit_line(seat.player, NAME, max(75, room - (x + 16) - (_badge_width(turn) + 9 if turn else 0)
                                                       - (125 if deciding else 0)), SMALL)
    bx = x + 16 + ink.text(img, (x + 16, cy), name, size, TEXT, True, "lm") + 9
    if turn:
        bx = _badge(img, d, bx, cy, turn, ACCENT) + 6
    if deciding:
        what, _ = parts.fit_line(look.deciding, SMALL, room - bx - 15, SMALL)
        _badge(img, d, bx, cy, what, (90, 70, 30), EXTRA)
    left, fx, row_y = x + 16, x + 16 + FIELD_LABEL_W, y + HEAD_H
    for label, items in _field_rows(seat, lang):
        parts.muted_label(img, left, row_y + CHIP_H / 2, labels.word(label, lang), SMALL)
        if not items:
            ink.text(img, (fx, row_y + CHIP_H / 2), labels.word("none", lang), SMALL, FAINT, False, "lm")
        for cx, line, (kind, item) in parts.flow(items, fx, FIELD_W):
            cy = row_y + line * ROW_H
            if kind == "c":
                parts.card_chip(img, d, cx, cy, item, lang, CHIP)
            elif kind == "r":
                parts.resource_token(img, cx, cy + (CHIP_H - TOKEN) / 2, item[0], item[1], TOKEN)
            else:
                parts.wonder_chip(img, d, cx, cy, item, lang, CHIP)
        row_y += _row_lines(items) * ROW_H


def _badge_width(text: str) -> float:
    return ink.length(text, SMALL, True) + 16


def _badge(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, text: str, bg: tuple[int, int, int],
           fg: tuple[int, int, int] = TEXT) -> float:
    w = _badge_width(text)
    d.rounded_rectangle([x, y - 14, x + w, y + 14], radius=14, fill=bg)
    ink.text(img, (x + 8, y), text, SMALL, fg, True, "lm")
    return x + w


def visible_vp(view: GunsView, seat: SeatView) -> int:
    """The VP anyone can count on the table: face-up cards, resources, wonders and VP tokens
    (cards in hand score too, but nobody else sees them)."""
    vp = sum(card(c.card).vp.value for c in seat.face_up) + sum(r.vp for r in seat.resources)
    vp += sum(wonder(w).vp.value for w in seat.wonders)
    return vp + view.extra.get("vp_tokens", {}).get(seat.player, 0)


