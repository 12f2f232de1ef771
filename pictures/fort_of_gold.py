"""The Fort of Gold as pictures, laid out like the table: the two piles, the tasks (課題), the sanctum
(内陣), the three stand columns (台) and the altar (祭壇) with each treasure's spirit column drawn as
the physical cards overlap — only the symbol edges show — plus which of the treasure's symbols have a
majority and whether the column has the Glow of Power. The hand (the player's own view) adds what
only the player knows: the foreseen cards and the known places in the mana pile.
"""
from __future__ import annotations

import math

from games.fort_of_gold.view import CardView, FortView, PileCard

from .draw import (
    WIDTH,
    Canvas,
    P,
    aside,
    card,
    card_back,
    colon,
    icon,
    in_lang,
    joined,
    label,
    listed,
    mix,
    pill,
    rounded,
)
from .strips import Strips

PAD = 20
SYMBOL = {"R": "#e5484d", "G": "#3fb950", "B": "#4493f8"}
TREASURE_BG = "#f3e2b3"

LABELS: dict[str, tuple[str, str]] = {
    "title": ("The Fort of Gold", "金の砦"),
    "turn": ("Turn {n}", "手番{n}"),
    "altar_count": ("Altar {n}/{m}", "祭壇 {n}/{m}"),
    "turn_step": ("Choose an action", "行動を選ぶ"),
    "return_step": ("Return a task", "課題を1枚戻す"),
    "foresee_step": ("Foresee: put the cards back", "予見：カードを戻す"),
    "mana": ("Mana pile", "マナの山"),
    "treasures": ("Treasure pile", "宝物の山"),
    "cards": ("{n} cards", "{n}枚"),
    "tasks": ("Tasks", "課題"),
    "inner": ("Sanctum", "内陣"),
    "stand": ("Stand (top card last)", "台（一番下のカードがトップ）"),
    "column": ("Column {n}", "列{n}"),
    "altar": ("Altar: {n} of {m} treasures", "祭壇：宝物 {n}/{m}"),
    "empty_altar": ("No treasure on the altar yet", "祭壇にはまだ宝物がありません"),
    "power": ("Power", "力の輝き"),
    "room": ("{n}/6", "{n}/6"),
    "won": ("Victory! Score {n}", "勝利！得点 {n}"),
    "complete": ("complete victory", "完全勝利"),
    "lost": ("Defeat: no action can succeed", "敗北：取れる行動がありません"),
    "conceded": ("Conceded", "投了"),
    "empty": ("empty", "空"),
    "only_you": ("Only you see this", "あなただけが見える情報"),
    "foresight": ("Foreseen, to put back", "予見したカード（戻し待ち）"),
    "known": ("Known places in the mana pile", "マナの山の判明している位置"),
    "from_top": ("#{n} from the top", "上から{n}枚目"),
    "from_bottom": ("#{n} from the bottom", "下から{n}枚目"),
    "known_treasures": ("Known in the treasure pile", "宝物の山の判明している位置"),
    "nothing_private": ("Nothing hidden is known to you right now.", "今、あなただけが知っている情報はありません。"),
    "legend": ("Symbols: red, green, blue; a treasure needs its 3 symbols matched by the spirits below it",
               "シンボル：赤・緑・青。宝物の3つのシンボルを下の霊力カードでそろえる"),
    "altar_legend": ("Under a treasure: ✓ = that symbol has the majority; lit bar = the Glow of Power; "
                     "numbers = spirit cards / room",
                     "宝物の下：✓＝過半数、光る帯＝力の輝き、数字＝霊力カード枚数／上限"),
}


def t(key: str, lang: str, **kw: object) -> str:
    return label(LABELS, key, lang, **kw)


def name(cv: CardView, lang: str) -> str:
    return in_lang(cv, lang)


# ---------------------------------------------------------------- cards

def symbols(c: Canvas, layout: str, x0: float, x1: float, y: float, r: float,
            marks: list[bool] | None = None) -> None:
    """The three symbol slots of a card edge, centred on y; an empty slot is a faint ring."""
    slot = (x1 - x0) / 3
    for i, ch in enumerate(layout):
        cx = x0 + slot * (i + 0.5)
        if ch in SYMBOL:
            c.draw.ellipse((cx - r, y - r, cx + r, y + r), fill=SYMBOL[ch], outline=mix(SYMBOL[ch], "#000000", 0.35),
                           width=2)
        else:
            c.draw.ellipse((cx - r * 0.55, y - r * 0.55, cx + r * 0.55, y + r * 0.55), outline="#b9b4a8", width=2)
        if marks is not None and i < len(marks):
            mark = "✓" if marks[i] else "×"
            c.text((cx, y + r + 4), mark, 19, fill=P.GOOD if marks[i] else P.BAD, bold=True, anchor="mt")


def spirit(c: Canvas, box: tuple[float, float, float, float], cv: CardView, lang: str) -> None:
    """A whole spirit card: symbols on its top edge, its name below."""
    x0, y0, x1, y1 = box
    card(c.draw, box, fill=P.PAPER, radius=9)
    symbols(c, cv.layout, x0 + 4, x1 - 4, y0 + 18, 11)
    c.text(((x0 + x1) / 2, y1 - 12), name(cv, lang), 19, fill=P.INK, bold=True, anchor="ms", max_width=x1 - x0 - 8)


def spirit_strip(c: Canvas, x0: float, x1: float, y: float, cv: CardView, h: float = 30) -> None:
    """A spirit card covered by the next one: only its top edge (the symbols) shows."""
    c.draw.rounded_rectangle((x0, y, x1, y + h + 8), radius=7, fill=P.PAPER, outline="#b9b4a8", width=2)
    symbols(c, cv.layout, x0 + 2, x1 - 2, y + h / 2 + 1, 9)


TREASURE_H = 118     # three lines of name ("Sapphire-" / "Ruby" / "Chalice"), never cut, above the symbols
SPIRIT_W = 140       # "Green-Blue" whole on one line


def treasure(c: Canvas, box: tuple[float, float, float, float], cv: CardView, lang: str,
             name_lines: int = 3) -> None:
    """A treasure card: gold paper, its whole name, the 3 required symbols on its bottom edge."""
    x0, y0, x1, y1 = box
    card(c.draw, box, fill=TREASURE_BG, edge="#c9a227", radius=9)
    c.paragraph((x0 + 4, y0 + 6), name(cv, lang), 19, x1 - x0 - 8, fill=P.INK, bold=True, max_lines=name_lines,
                align="m", line_gap=1.15)
    symbols(c, cv.layout, x0 + 4, x1 - 4, y1 - 16, 10)


def column_stack(c: Canvas, x0: float, x1: float, y: float, cards: list[CardView], lang: str,
                 full_top: bool = True) -> float:
    """A column of spirits as they overlap on the table, the last card (the top) whole; returns the bottom y."""
    for i, cv in enumerate(cards):
        last = i == len(cards) - 1
        if last and full_top:
            spirit(c, (x0, y, x1, y + 70), cv, lang)
            return y + 70
        spirit_strip(c, x0, x1, y, cv)
        y += 30
    return y + 8


# ---------------------------------------------------------------- the board

def header(c: Canvas, view: FortView, lang: str) -> float:
    """The title line (to row 64: the strip the turn changes)."""
    line = joined([t("title", lang), t("turn", lang, n=view.turn),
                   t("altar_count", lang, n=len(view.altar), m=view.treasures_to_win)], lang)
    c.text((PAD, 18), line, 30, bold=True, max_width=WIDTH - 2 * PAD)
    return 64


def status(c: Canvas, view: FortView, y: float, lang: str) -> float:
    """The step, or the result (from row 64: a strip most turns leave as it was)."""
    y += 20
    if view.result == "won":
        text = t("won", lang, n=view.score or 0)
        if (view.score or 0) >= view.complete_win_score:
            text += aside(t("complete", lang), lang)
        pill(c, (PAD, y), text, 26, fill=P.GOLD)
    elif view.result in ("lost", "conceded"):
        pill(c, (PAD, y), t(view.result, lang), 26, fill=P.BAD)
    else:
        key = {"turn": "turn_step", "return": "return_step", "foresee": "foresee_step"}.get(view.step, "turn_step")
        x = pill(c, (PAD, y), t(key, lang), 22, fill=P.WARN)[2] + 12
        c.text((x, y), view.player, 22, fill=P.MUTED, anchor="lm", max_width=WIDTH - PAD - x)
    return y + 34


def piles(c: Canvas, view: FortView, y: float, lang: str) -> float:
    half = (WIDTH - 2 * PAD - 12) / 2
    for i, (title, count, colour) in enumerate(((t("mana", lang), view.mana_count, "#3b4a8a"),
                                                (t("treasures", lang), view.treasure_count, "#8a6d1e"))):
        x = PAD + i * (half + 12)
        rounded(c.draw, (x, y, x + half, y + 96), fill=P.PANEL_2, radius=14)
        if count:
            card_back(c.draw, (x + 14, y + 12, x + 66, y + 84), colour=colour)
        else:
            rounded(c.draw, (x + 14, y + 12, x + 66, y + 84), fill=None, outline=P.LINE, radius=9)
        c.text((x + 82, y + 22), title, 22, fill=P.MUTED)
        c.text((x + 82, y + 52), t("cards", lang, n=count), 28, bold=True, fill=P.GOLD if i == 0 else P.TEXT)
    y += 108
    if view.treasure_known:  # treasures that went back under the pile were face up: public knowledge
        text = t("known_treasures", lang) + colon(lang) + listed(
            [f"{_where(k, view.treasure_count, lang)} {name(k.card, lang)}" for k in view.treasure_known], lang)
        y = c.paragraph((PAD, y), text, 19, WIDTH - 2 * PAD, fill=P.MUTED) + 8
    return y


def section_title(c: Canvas, x: float, y: float, text: str) -> float:
    c.text((x, y), text, 22, fill=P.MUTED, bold=True)
    return y + 32


def middle(c: Canvas, view: FortView, y: float, lang: str) -> float:
    """Tasks and sanctum side by side."""
    tx = PAD
    y0 = section_title(c, tx, y, t("tasks", lang))
    for i, cv in enumerate(view.tasks):
        treasure(c, (tx + i * 118, y0, tx + i * 118 + 108, y0 + TREASURE_H), cv, lang)
    sx = PAD + 260
    section_title(c, sx, y, t("inner", lang))
    for i, cv in enumerate(view.inner):
        spirit(c, (sx + i * (SPIRIT_W + 10), y0, sx + i * (SPIRIT_W + 10) + SPIRIT_W, y0 + 74), cv, lang)
    return y0 + TREASURE_H + 14


def stand(c: Canvas, view: FortView, y: float, lang: str) -> float:
    y = section_title(c, PAD, y, t("stand", lang))
    col_w = (WIDTH - 2 * PAD - 2 * 16) / 3
    bottom = y
    for i, col in enumerate(view.stand):
        x0 = PAD + i * (col_w + 16)
        c.text((x0 + col_w / 2, y), t("column", lang, n=i + 1), 19, fill=P.DIM, anchor="mt")
        if col:
            end = column_stack(c, x0 + 20, x0 + col_w - 20, y + 28, col, lang)
        else:
            rounded(c.draw, (x0 + 20, y + 28, x0 + col_w - 20, y + 98), fill=None, outline=P.LINE, radius=9)
            c.text((x0 + col_w / 2, y + 63), t("empty", lang), 19, fill=P.DIM, anchor="mm")
            end = y + 98
        bottom = max(bottom, end)
    return bottom + 16


def altar(c: Canvas, view: FortView, y: float, lang: str) -> float:
    y = section_title(c, PAD, y, t("altar", lang, n=len(view.altar), m=view.treasures_to_win))
    if not view.altar:
        rounded(c.draw, (PAD, y, WIDTH - PAD, y + 60), fill=None, outline=P.LINE, radius=12)
        c.text((WIDTH / 2, y + 30), t("empty_altar", lang), 20, fill=P.DIM, anchor="mm")
        return y + 76
    slots = view.treasures_to_win
    gap = 8
    w = (WIDTH - 2 * PAD - (slots - 1) * gap) / slots
    bottom = y
    for i in range(slots):
        x0 = PAD + i * (w + gap)
        if i >= len(view.altar):
            rounded(c.draw, (x0, y, x0 + w, y + TREASURE_H), fill=None, outline=P.PANEL, radius=9)
            continue
        slot = view.altar[i]
        treasure(c, (x0, y, x0 + w, y + TREASURE_H), slot.treasure, lang)
        yy = y + TREASURE_H - 4
        for cv in slot.column:
            spirit_strip(c, x0 + 3, x0 + w - 3, yy, cv, h=26)
            yy += 26
        yy += 14
        # majorities under each required symbol, then the glow and the room left
        slot_w = (w - 8) / 3
        for k, ok in enumerate(slot.majorities):
            cx = x0 + 4 + slot_w * (k + 0.5)
            c.text((cx, yy), "✓" if ok else "×", 20, fill=P.GOOD if ok else P.DIM, bold=True, anchor="mt")
        yy += 28
        glow = P.WARN if slot.power else P.PANEL
        c.draw.rounded_rectangle((x0, yy, x0 + w, yy + 30), radius=15, fill=glow)
        icon(c.draw, "power", (x0 + 16, yy + 15), 18, colour=P.INK if slot.power else P.DIM)
        c.text((x0 + w - 10, yy + 15), f"{len(slot.column)}/{len(slot.column) + slot.room}", 19,
               fill=P.INK if slot.power else P.MUTED, bold=True, anchor="rm")
        bottom = max(bottom, yy + 38)
    return bottom + 8


def legend(c: Canvas, y: float, lang: str, altar: bool = False) -> float:
    """What the symbols mean; with treasures on the altar, also the marks under them."""
    x = PAD
    for ch in "RGB":
        c.draw.ellipse((x, y + 4, x + 18, y + 22), fill=SYMBOL[ch])
        x += 24
    y = c.paragraph((x + 6, y), t("legend", lang), 19, WIDTH - PAD - x - 6, fill=P.DIM) + 6
    if altar:
        y = c.paragraph((PAD, y), t("altar_legend", lang), 19, WIDTH - 2 * PAD, fill=P.DIM) + 6
    return y


def _cards(cards: list[CardView]) -> tuple:
    return tuple(cv.model_dump_json() for cv in cards)


def _board(view: FortView, lang: str, last: bool = True) -> Strips:
    """The board as strips: the header, the piles, tasks and sanctum, the stand, the altar, the legend."""
    s = Strips()
    s.add(("fort title", lang, view.turn, len(view.altar), view.treasures_to_win),
          lambda c, y: header(c, view, lang), 120)
    s.add(("fort status", lang, view.result, view.score, view.complete_win_score, view.step, view.player),
          lambda c, y: status(c, view, y, lang), 120)
    s.add(("fort piles", lang, view.mana_count, view.treasure_count,
           tuple(k.model_dump_json() for k in view.treasure_known)), lambda c, y: piles(c, view, y, lang), 400)
    s.add(("fort middle", lang, _cards(view.tasks), _cards(view.inner)), lambda c, y: middle(c, view, y, lang), 300)
    s.add(("fort stand", lang, tuple(_cards(col) for col in view.stand)), lambda c, y: stand(c, view, y, lang), 700)
    s.add(("fort altar", lang, tuple(a.model_dump_json() for a in view.altar), view.treasures_to_win),
          lambda c, y: altar(c, view, y, lang), 700)
    s.add(("fort legend", lang, bool(view.altar)), lambda c, y: legend(c, y, lang, altar=bool(view.altar)) + 12, 200,
          last=last)
    return s


def board(view: FortView, lang: str = "en") -> bytes:
    return _board(view, lang).png()


# ---------------------------------------------------------------- the player's own view

def _where(k: PileCard, count: int, lang: str) -> str:
    from_bottom = count - 1 - k.depth
    if k.depth <= from_bottom:
        return t("from_top", lang, n=k.depth + 1)
    return t("from_bottom", lang, n=from_bottom + 1)


def hand(view: FortView, lang: str = "en") -> bytes:
    """The board plus what only the player knows: cards being foreseen and known pile positions."""
    s = _board(view, lang, last=False)
    known = tuple(k.model_dump_json() for k in view.mana_known[:12])
    s.add(("fort own", lang, _cards(view.foresight), known, view.mana_count, bool(view.mana_known)),
          lambda c, y: _own(c, view, math.floor(y), lang), 1000, last=True)
    return s.png()


def _own(c: Canvas, view: FortView, y: float, lang: str) -> float:
    """What only the player knows: the cards foreseen, the known places in the mana pile."""
    rounded(c.draw, (PAD, y, WIDTH - PAD, y + 4), fill=P.ACCENT, radius=2)
    y = section_title(c, PAD, y + 14, t("only_you", lang))
    if view.foresight:
        y = section_title(c, PAD, y, t("foresight", lang))
        for i, cv in enumerate(view.foresight):
            spirit(c, (PAD + i * (SPIRIT_W + 10), y, PAD + i * (SPIRIT_W + 10) + SPIRIT_W, y + 74), cv, lang)
        y += 90
    for title, known, count in ((t("known", lang), view.mana_known, view.mana_count),):
        if not known:
            continue
        y = section_title(c, PAD, y, title)
        for i, k in enumerate(known[:12]):
            col, row = i % 4, i // 4
            x0 = PAD + col * 188
            y0 = y + row * (TREASURE_H + 36)
            c.text((x0, y0), _where(k, count, lang), 19, fill=P.MUTED)
            if k.card.id.startswith("T"):
                treasure(c, (x0, y0 + 26, x0 + 112, y0 + 26 + TREASURE_H), k.card, lang)
            else:
                spirit(c, (x0, y0 + 26, x0 + SPIRIT_W, y0 + 100), k.card, lang)
        y += ((min(len(known), 12) + 3) // 4) * (TREASURE_H + 36) + 8
    if not view.foresight and not view.mana_known:
        c.text((PAD, y), t("nothing_private", lang), 20, fill=P.DIM)
        y += 34
    return y + 12
