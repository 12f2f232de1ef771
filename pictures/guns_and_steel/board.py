"""The public board of Guns & Steel as a picture, drawn only from the public view
(game.view(state, None)): header with whose turn and what they decide, the standings in large
type, the pyramid by era
with costs and the cards still connected below, the research piles (mixed sets), the wonders
on the table with their honor tokens, and every player's field."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS
from games.guns_and_steel.view import GunsView
from pictures.draw import WIDTH

from . import fields, icons, ink, labels, parts, pyramid, rich, standings, wonders
from .style import (
    ACCENT,
    BG,
    BODY,
    EXTRA,
    GOLD,
    HEAD,
    MARGIN,
    MUTED,
    SEAT_COLOURS,
    SMALL,
    TEXT,
    TYPE_COLOURS,
)

W = WIDTH              # drawn at the kit's picture width, as sent
M = MARGIN


def seat_colours(view: GunsView) -> dict[str, tuple[int, int, int]]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view.order)}


def render_board(view: GunsView, lang: str = "en") -> bytes:
    """Strips top to bottom: the header (whose turn), the standings, the pyramid and the wonders
    (not at the end: the final picture shows what each player built), one per player and the
    legend. Each is drawn at the kit's picture width, as sent;
    all but the header are cached by what they show, so a move redraws only what it changed."""
    if view.viewer is not None:
        raise ValueError("the board picture is drawn from the public view only (viewer None)")
    colours = seat_colours(view)
    won = winners(view)
    strips = [_header_band(_header_look(view, colours, lang), lang),
              standings.band(standings.rows(view, colours), W)]
    if not view.finished:  # the final picture is the players' fields, not a bought-out pyramid
        strips += [pyramid.band(view, W, lang), wonders.band(wonders.look(view, colours), W, lang)]
    strips += [fields.band(fields.look(view, seat, colours[seat.player], seat.player in won, lang), W, lang)
               for seat in view.seats]
    strips.append(_legend_band("vp_tokens" in view.extra, lang))
    return ink.png_bands(strips)


@lru_cache(maxsize=8)
def _legend_band(tokens: bool, lang: str) -> ink.Band:
    img = Image.new("RGB", (W, _legend_height(lang, tokens) + 8), BG)
    _legend(img, ImageDraw.Draw(img), 3, lang, tokens)
    return ink.band(img)


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


def _header_text(view: GunsView, lang: str) -> str:
    if not view.finished:
        return status_line(view, lang)
    from games.guns_and_steel.turn import end_reason_text
    why = end_reason_text(view.end_reason).get(lang)
    why = f"（{why}）" if lang == "ja" else f" ({why})"
    return f"{labels.word('game_over', lang)}{why} — {labels.word('winner', lang, p=labels.listed(winners(view), lang))}"


LINE = int(BODY * 1.3)


def _header_look(view: GunsView, colours: dict, lang: str) -> tuple:
    """Everything the header shows: its cache key (a header is the same for a turn's moves
    that do not change the decision or the energy)."""
    when = None
    if view.turn > 0:
        rnd = (view.turn - 1) // max(len(view.order), 1) + 1
        when = labels.word("round_turn", lang, r=rnd, t=view.turn)
        if view.max_rounds:
            when += ("" if lang == "ja" else " ") + labels.word("round_limit", lang, n=view.max_rounds)
    energy = tuple(view.energy.items()) if any(view.energy.values()) and not view.finished else ()
    return (_header_text(view, lang), view.set, when, view.finished, colours.get(view.active, ACCENT), energy)


@lru_cache(maxsize=64)
def _header_band(look: tuple, lang: str) -> ink.Band:
    return ink.band(_header(look, lang))


def _header(look: tuple, lang: str) -> Image.Image:
    """Title and round; whose turn and what they decide (wrapped, never shrunk below SMALL); the
    active player's energy this turn."""
    status, game_set, when, finished, colour, energy = look
    lines = rich.wrap(status, BODY, W - 2 * M - 15, bold=True)
    img = Image.new("RGB", (W, 39 + len(lines) * LINE + (33 if energy else 0) + 5), BG)
    d = ImageDraw.Draw(img)
    sep = "・" if lang == "ja" else " · "
    ink.text(img, (M, 20), f"{labels.word('title', lang)}{sep}{labels.word(game_set, lang)}", HEAD, TEXT, True, "lm")
    if when is not None:
        ink.text(img, (W - M, 20), when, BODY, MUTED, False, "rm")
    y = 39
    if not finished:
        d.rounded_rectangle([M, y + 2, M + 6, y + len(lines) * LINE - 2], radius=2, fill=colour)
    rich.draw(img, M + 12, y, lines, BODY, GOLD if finished else TEXT, bold=True)
    y += len(lines) * LINE
    if energy:
        cy = y + 16
        x = M + 12 + ink.text(img, (M + 12, cy), labels.word("energy", lang), SMALL, MUTED, False, "lm") + 9
        for kind, n in energy:
            if n:
                x = parts.mark(img, x, cy, icons.energy(kind, 22), f"{n}", BODY) + 11
    return img


# ---- wonders on the table -------------------------------------------------------------------

def winners(view: GunsView) -> list[str]:
    """At the end: the most VP, ties broken by the most cards (scoring.py); else nobody."""
    done = [s for s in view.seats if s.score is not None]
    best = max(((s.score or 0, s.cards or 0) for s in done), default=None)
    return [s.player for s in done if (s.score, s.cards) == best]


# ---- legend ------------------------------------------------------------------------------

LEGEND = SMALL          # legend type size


def _legend_items(lang: str, tokens: bool) -> list[tuple[float, tuple[Image.Image | tuple, str]]]:
    """What the marks mean: energies, card types, military, VP, counter, hand, tokens."""
    items: list[tuple[Image.Image | tuple, str]] = [(icons.energy(k, 22), labels.energy_word(k, lang))
                                                    for k in ("food", "iron") + ERAS]
    items += [(icons.card_type(kind, 21), labels.type_name(kind, lang)) for kind in TYPE_COLOURS]
    items += [(icons.sword(21), labels.word("military", lang)), (icons.star(21), labels.word("vp", lang)),
              (icons.shield(21), labels.word("counter", lang)), (icons.cards(22), labels.word("hand", lang))]
    if tokens:
        items += [(icons.coin(21), labels.word("vp_tokens", lang)),
                  (icons.honor(21, (200, 200, 200)), labels.word("honor_left", lang))]
    items = [(mark, text[:1].upper() + text[1:]) for mark, text in items]      # "Food", "Tech": like "Military"
    return [(25 + ink.length(text, LEGEND), (mark, text)) for mark, text in items]


LEGEND_LINE = 29


def _extra_lines(lang: str) -> tuple:
    return rich.wrap(labels.word("legend_extra", lang), LEGEND, W - 2 * M)


def _legend_height(lang: str, tokens: bool) -> int:
    placed = parts.flow(_legend_items(lang, tokens), M, W - 2 * M, 16)
    return (placed[-1][1] + 1) * LEGEND_LINE + len(_extra_lines(lang)) * int(LEGEND * 1.3) + 10


def _legend(img: Image.Image, d: ImageDraw.ImageDraw, y: float, lang: str, tokens: bool) -> None:
    lines = 0
    for x, line, (mark, text) in parts.flow(_legend_items(lang, tokens), M, W - 2 * M, 16):
        cy = y + LEGEND_LINE / 2 + line * LEGEND_LINE
        lines = line + 1
        parts.mark(img, x, cy, mark, text, LEGEND, MUTED, False)
    rich.draw(img, M, y + lines * LEGEND_LINE + 4, _extra_lines(lang), LEGEND, EXTRA)
