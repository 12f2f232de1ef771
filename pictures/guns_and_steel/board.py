"""The public board of Guns & Steel as a picture, drawn only from the public view
(game.view(state, None)): header with whose turn and what they decide, the pyramid by era
with costs and the cards still connected below, the research piles (mixed sets), the wonders
on the table with their honor tokens, and every player's field."""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.guns_and_steel.cards import ERAS
from games.guns_and_steel.view import GunsView
from pictures.draw import WIDTH

from . import fields, icons, ink, labels, parts, pyramid, wonders
from .style import (
    ACCENT,
    BG,
    DESIGN_W,
    EXTRA,
    GOLD,
    MARGIN,
    MUTED,
    SEAT_COLOURS,
    TEXT,
    TYPE_COLOURS,
)

W = DESIGN_W
M = MARGIN


def seat_colours(view: GunsView) -> dict[str, tuple[int, int, int]]:
    return {p: SEAT_COLOURS[i % len(SEAT_COLOURS)] for i, p in enumerate(view.order)}


HEADER_H = 98


def render_board(view: GunsView, lang: str = "en") -> bytes:
    """Strips top to bottom: the header (whose turn), the pyramid, the wonders, one per player
    and the legend. Each is drawn at the design width and scaled to the kit's picture width;
    all but the header are cached by what they show, so a move redraws only what it changed."""
    if view.viewer is not None:
        raise ValueError("the board picture is drawn from the public view only (viewer None)")
    colours = seat_colours(view)
    head = Image.new("RGB", (W, HEADER_H), BG)
    _header(head, ImageDraw.Draw(head), view, colours, lang)
    won = winners(view)
    strips = [ink.band(ink.shrink(head, WIDTH)), pyramid.band(view, W, WIDTH, lang),
              wonders.band(wonders.look(view, colours), W, WIDTH, lang)]
    strips += [fields.band(fields.look(view, seat, colours[seat.player], seat.player in won, lang), W, WIDTH, lang)
               for seat in view.seats]
    strips.append(_legend_band("vp_tokens" in view.extra, lang))
    return ink.png_bands(strips)


@lru_cache(maxsize=8)
def _legend_band(tokens: bool, lang: str) -> ink.Band:
    img = Image.new("RGB", (W, _legend_height(lang, tokens) + 12), BG)
    _legend(img, ImageDraw.Draw(img), 4, lang, tokens)
    return ink.band(ink.shrink(img, WIDTH))


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

def winners(view: GunsView) -> list[str]:
    """At the end: the most VP, ties broken by the most cards (scoring.py); else nobody."""
    done = [s for s in view.seats if s.score is not None]
    best = max(((s.score or 0, s.cards or 0) for s in done), default=None)
    return [s.player for s in done if (s.score, s.cards) == best]


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
