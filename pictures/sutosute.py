"""Sutosute as pictures: the three dice, both players (score toward the goal, hand size, face-up cards,
the card on the table), the deck and discard, the last round, and the combo graph with the open
combo lit; the hand adds the viewer's cards with their power formulas and a table of what each
card's power is right now against every card the opponent may play.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops

from games.sutosute.data import DICE, KINDS, REVOLUTION, load
from games.sutosute.power import base_power
from games.sutosute.view import CardView, PlayerView, SutosuteView

from .draw import (
    WIDTH,
    Canvas,
    P,
    aside,
    bar,
    card,
    card_back,
    colon,
    die,
    fit_size,
    in_lang,
    japanese,
    joined,
    label,
    listed,
    mix,
    on,
    pill,
    rounded,
)
from .fonts import clean, text_width
from .strips import Strips, piece

PAD = 20

KIND_COLOURS = {
    "explore": "#2fa3a0", "trade": "#e0a526", "grow": "#4caf50", "build": "#b7763b",
    "research": "#4a8fe0", "conquer": "#d64545", REVOLUTION: "#9b59d0",
}
DIE_COLOURS = {"red": ("#d64545", "#ffffff"), "black": ("#26282c", "#ffffff"), "white": (P.PAPER, P.INK)}
# Where each kind sits in the combo graph: the flow research → grow/build → trade → explore → conquer.
GRAPH_POS = {"research": (0, 1), "grow": (1, 0), "build": (1, 2), "trade": (2, 1), "explore": (3, 1),
             "conquer": (4, 1)}

LABELS: dict[str, tuple[str, str]] = {
    "title": ("Sutosute", "すとすて"),
    "round": ("Round {n}", "第{n}ラウンド"),
    "finished": ("Finished after round {n}", "{n}ラウンドで終了"),
    "goal": ("Goal: {target}+ points, lead {lead}+", "勝利条件：{target}点以上かつ{lead}点差"),
    "waiting": ("Waiting for {names}", "{names}の手番"),
    "civ": ("Choosing civilizations", "文明の選択"), "place": ("Place a card face down", "カードを伏せる"),
    "declare": ("Revolution: declare", "革命の宣言"), "combo": ("Combo", "コンボ"),
    "china": ("China: take Revolution back?", "中国：革命を戻す？"), "persia": ("Persia: reset?", "ペルシア：リセット？"),
    "reroll": ("Winner rerolls", "勝者の振り直し"), "draw": ("Draw", "ドロー"),
    "tie_discard": ("Draw: discard face down", "引き分け：裏向きに捨てる"), "over": ("Game over", "終了"),
    "pts": ("{n:# pt|# pts}", "{n}点"),
    "won": ("won", "勝ち"),
    "hand": ("Hand: {n}", "手札 {n}枚"),
    "shown": ("face up:", "公開中："),
    "table": ("Table", "場"),
    "face_down": ("face down", "伏せ札"),
    "empty": ("empty", "まだなし"),
    "to_move": ("to move", "手番"),
    "you": ("you", "あなた"),
    "deck": ("Deck {n}", "山札 {n}枚"),
    "discard": ("Discard", "捨て札"),
    "discard_down": ("{n} face down", "裏向き{n}枚"),
    "dice": ("Dice", "ダイス"),
    "combo_graph": ("Combos (win, then reveal along the arrows: 1/3/6 pts)", "コンボ（勝利後、矢印の順に公開：1/3/6点）"),
    "combo_now": ("Combo of {name}: {n}", "{name}のコンボ：{n}枚"),
    "last": ("Last round {n}", "前回（第{n}ラウンド）"),
    "result": ("Round {n}", "第{n}ラウンドの結果"),
    "versus": ("vs", "対"),
    "wins_round": ("{name} won +{n}", "{name}の勝ち（+{n}点）"),
    "draw_round": ("a draw", "引き分け"),
    "undeclared": ("undeclared", "宣言なし"),
    "draws_in_row": ("draws in a row: {n}", "引き分け{n}回連続"),
    "wins": ("{name} wins!", "{name}の勝利！"),
    "tie": ("The game ends in a tie", "引き分けで終了"),
    "pyramids": ("pyramids {n}/3", "ピラミッド {n}/3"),
    "pacifism_on": ("Pacifism: active", "平和主義：有効"),
    "pacifism_off": ("Pacifism: lost", "平和主義：失効"),
    "your_hand": ("Your hand ({n})", "あなたの手札（{n}枚）"),
    "power_now": ("Power now (your card vs theirs; gold = best in the row)",
                  "現在の権力（自分の札 対 相手の札、金色＝その行で最大）"),
    "combo_to": ("→ {kinds}", "→ {kinds}"),
    "hand_legend": ("→ = combos into", "→＝コンボ先"),
    "shown_legend": ("gold ring = face up to both", "金の枠＝相手にも公開"),
    "your_table": ("On the table", "場に出した札"),
    "to_discard": ("Discarding face down", "裏向きに捨てる札"),
    "own_face_down": ("Your face-down discards", "自分が裏向きに捨てた札"),
    "civ_of": ("Civilization: {name}", "文明：{name}"),
    "spectator": ("Spectator view", "観戦者の表示"),
    "choosing": ("choosing…", "選択中…"),
    "rev": ("Rev.", "革命"),
    "revolution_power": ("counts as any card you declare (undeclared: power 2, nullifies Explore)",
                         "宣言した札として扱う（宣言なし：権力2・探索を無効化）"),
}


def t(key: str, lang: str, **kw: object) -> str:
    return label(LABELS, key, lang, **kw)


def pick(obj, lang: str) -> str:
    return in_lang(obj, lang)


def kind_label(kind: str | None, lang: str) -> str:
    d = load()
    if kind is None or kind == REVOLUTION:
        return pick(d.revolution, lang)
    return pick(next(k for k in d.kinds if k.key == kind), lang)


def formula(kind: str, lang: str) -> str:
    if kind == REVOLUTION:
        return t("revolution_power", lang)
    k = next(k for k in load().kinds if k.key == kind)
    return japanese(k.power_ja) if lang == "ja" else k.power_en


def die_label(die_key: str, lang: str) -> str:
    return pick(next(d for d in load().dice if d.key == die_key), lang)


# ---------------------------------------------------------------- pieces

def kind_card(c: Canvas, box: tuple[float, float, float, float], kind: str, lang: str, detail: bool = False,
              note: str | None = None, highlight: str | None = None, big: str | None = None) -> None:
    """A card face: its kind's colour band with the name; with `detail`, the power formula too;
    `big` is a number shown large on the face (the power it had this round). A hand's card
    (`detail`) is pasted from a copy kept per face and position (`_kept_face`)."""
    if detail:
        x0, y0, x1, y1 = box
        ox, oy = 2 * math.floor(x0 / 2) - FACE_MARGIN, 2 * math.floor(y0 / 2) - FACE_MARGIN
        kept = _kept_face((x0 - ox, y0 - oy, x1 - ox, y1 - oy), kind, lang, detail, note, highlight, big)
        if kept is not None:
            pixels, mask = kept
            c.image.im.paste(pixels.im, (ox, oy, ox + pixels.width, oy + pixels.height), mask.im)
            return
    _kind_card(c, box, kind, lang, detail, note, highlight, big)


FACE_MARGIN = 6  # px around a kept face: its shadow and highlight ring reach 4 px past the card


@lru_cache(maxsize=128)  # a hand's cards at their few positions: ~170 KB each
def _kept_face(box: tuple[float, float, float, float], kind: str, lang: str, detail: bool, note: str | None,
               highlight: str | None, big: str | None) -> tuple[Image.Image, Image.Image] | None:
    """A card face drawn alone, at the box's offset from an even pixel (so every coordinate
    rounds as it does in the picture), with the mask of the pixels it covers: drawn once on
    black and once on white, a pixel the same in both is the face's own. None when a pixel is
    blended with what lies under it (text past the card's edge): such a face is drawn in place."""
    size = (math.ceil(box[2]) + FACE_MARGIN + 2, math.ceil(box[3]) + FACE_MARGIN + 2)
    on_black, on_white = Canvas(size[1], size[0], "#000000"), Canvas(size[1], size[0], "#ffffff")
    for canvas in (on_black, on_white):
        _kind_card(canvas, box, kind, lang, detail, note, highlight, big)
    apart = ImageChops.difference(on_black.image, on_white.image).convert("L")
    counts = apart.histogram()
    if sum(counts[1:255]):
        return None
    return on_black.image, apart.point(_OWN_PIXEL)


_OWN_PIXEL = [255] + [0] * 255  # the same on black and on white: the face's own pixel


def _kind_card(c: Canvas, box: tuple[float, float, float, float], kind: str, lang: str, detail: bool = False,
               note: str | None = None, highlight: str | None = None, big: str | None = None) -> None:
    x0, y0, x1, y1 = box
    tint = KIND_COLOURS.get(kind, P.LINE)
    card(c.draw, box, fill=P.PAPER, edge=tint, highlight=highlight)
    band = y0 + (44 if detail else (y1 - y0) * 0.42)
    c.draw.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, band), radius=7, fill=tint)
    w = x1 - x0 - 12
    name = kind_label(kind, lang)
    size = fit_size(name, 24 if detail else max(19, min(22, int((x1 - x0) / 4.3))), w, bold=True, smallest=19)
    c.text(((x0 + x1) / 2, (y0 + 4 + band) / 2), name, size, fill=on(tint), bold=True, anchor="mm", max_width=w)
    if detail:
        c.paragraph((x0 + 10, band + 8), formula(kind, lang), 19, x1 - x0 - 20, fill=P.INK, max_lines=5)
    if big is not None:
        c.text(((x0 + x1) / 2, (band + y1 - (22 if note else 0)) / 2), big, 40, fill=P.INK, bold=True, anchor="mm")
    if note:
        c.text(((x0 + x1) / 2, y1 - 10), note, 19, fill=P.INK_MUTED, anchor="ms", max_width=w)


def dice_row(c: Canvas, view: SutosuteView, x: float, y: float, lang: str, size: int = 64) -> float:
    for i, d in enumerate(DICE):
        dx = x + i * (size + 40)
        fill, pip = DIE_COLOURS[d]
        value = view.dice.get(d)
        if value is None:
            rounded(c.draw, (dx, y, dx + size, y + size), fill=P.PANEL_2, outline=P.LINE, radius=12)
            c.text((dx + size / 2, y + size / 2), "？" if lang == "ja" else "?", 30, fill=P.DIM, anchor="mm")
        else:
            die(c.draw, (dx, y, dx + size, y + size), value, fill=fill, pip=pip)
        c.text((dx + size / 2, y + size + 8), die_label(d, lang), 20, fill=P.MUTED, anchor="mt")
    return x + 3 * (size + 40)


def player_panel(c: Canvas, view: SutosuteView, pv: PlayerView, box: tuple[float, float, float, float],
                 lang: str) -> None:
    x0, y0, x1, y1 = box
    to_move = pv.player in view.waiting_for
    rounded(c.draw, box, fill=P.PANEL, outline=P.ACCENT if to_move else None, width=3, radius=14)
    x = x0 + 16
    name_w = c.text((x, y0 + 12), pv.player, 28, bold=True, max_width=x1 - x0 - 150)
    bx = x + name_w + 10
    if pv.player == view.viewer:
        bx = pill(c, (bx, y0 + 30), t("you", lang), 19, fill=P.ACCENT)[2] + 6
    if to_move:
        pill(c, (bx, y0 + 30), t("to_move", lang), 19, fill=P.WARN)
    c.text((x1 - 16, y0 + 30), t("pts", lang, n=pv.score), 30, fill=P.GOLD, bold=True, anchor="rm")
    bar(c.draw, (x, y0 + 56, x1 - 16, y0 + 64), pv.score, view.target, colour=P.GOLD)
    y = y0 + 76
    if pv.civ:
        civ = next(cv for cv in load().civilizations if cv.key == pv.civ)
        extra = []
        if pv.civ == "egypt":
            extra.append(t("pyramids", lang, n=pv.pyramids))
        if pv.pacifism is not None:
            extra.append(t("pacifism_on" if pv.pacifism else "pacifism_off", lang))
        line = joined([pick(civ, lang), *extra], lang)
        c.text((x, y), line, 21, fill=P.MUTED, max_width=x1 - x0 - 32)
        y += 30
    elif choosing(view, pv):
        c.text((x, y), t("choosing", lang), 21, fill=P.DIM)
        y += 30
    # the table card
    cw, ch = 104, 140
    c.text((x, y), t("table", lang), 20, fill=P.MUTED)
    ty = y + 28
    tv = pv.table
    if tv.status == "face_up" and tv.card:
        note = None
        if tv.card.kind == REVOLUTION and tv.declared:
            note = "→ " + (t("undeclared", lang) if tv.declared == "none" else kind_label(tv.declared, lang))
        power, won = table_result(view, pv)
        kind_card(c, (x, ty, x + cw, ty + ch), tv.card.kind, lang, note=note,
                  big=None if power is None else str(power), highlight=P.GOOD if won else None)
        if won:
            pill(c, (x + cw / 2, ty + ch + 20), t("won", lang), 19, fill=P.GOOD, anchor="m")
    elif tv.status == "face_down":
        card_back(c.draw, (x, ty, x + cw, ty + ch), colour="#6b4226")
        if tv.card is not None:  # the owner's own face-down card (private view only)
            c.text((x + cw / 2, ty + ch + 6), kind_label(tv.card.kind, lang), 19, fill=P.MUTED, anchor="mt")
    else:
        rounded(c.draw, (x, ty, x + cw, ty + ch), fill=None, outline=P.LINE, radius=10)
        c.text((x + cw / 2, ty + ch / 2), t("empty", lang), 19, fill=P.DIM, anchor="mm", max_width=cw - 8)
    # the hand: backs for the hidden cards, chips naming the face-up ones
    hx = x + cw + 24
    c.text((hx, y), t("hand", lang, n=pv.hand_count), 20, fill=P.MUTED)
    hidden = pv.hand_count - len(pv.shown)
    sw, sh = 50, 70
    step = min(sw + 6, (x1 - 16 - hx - sw) / max(1, hidden - 1)) if hidden > 1 else sw
    for i in range(hidden):
        card_back(c.draw, (hx + i * step, ty, hx + i * step + sw, ty + sh), colour="#6b4226")
    if pv.shown:
        c.text((hx, ty + sh + 12), t("shown", lang), 19, fill=P.MUTED)
        chips(c, [cv.kind for cv in pv.shown], hx, ty + sh + 52, x1 - 16, lang)


def choosing(view: SutosuteView, pv: PlayerView) -> bool:
    """The panel says the player is choosing a civilization."""
    return not pv.civ and view.step == "civ"


def table_result(view: SutosuteView, pv: PlayerView) -> tuple[int | None, bool]:
    """The power of the player's face-up table card and whether it won, if this round is resolved."""
    tv, r = pv.table, view.last
    if (tv.status == "face_up" and tv.card and r is not None and r.number == view.round
            and r.kinds.get(pv.player) == tv.card.kind):
        return r.powers.get(pv.player), r.winner == pv.player  # this round's result, as resolved
    return None, False


def chip_layout(kinds: list[str], x: float, y: float, right: float, lang: str,
                size: int = 19) -> list[tuple[str, float, float]]:
    """Where each chip goes (kind, left, middle y), flowing into rows between x and right."""
    left, placed = x, []
    for kind in kinds:
        width = text_width(clean(kind_label(kind, lang)), size, True) + 16
        if x + width > right and x > left:
            x, y = left, y + size + 18
        placed.append((kind, x, y))
        x += width + 6
    return placed


def chips(c: Canvas, kinds: list[str], x: float, y: float, right: float, lang: str, size: int = 19) -> float:
    """Cards named as coloured chips; y is the first row's middle. Returns the last row's middle."""
    for kind, cx, cy in chip_layout(kinds, x, y, right, lang, size):
        pill(c, (cx, cy), kind_label(kind, lang), size, fill=KIND_COLOURS[kind], pad=8)
        y = cy
    return y


def discard_panel(c: Canvas, view: SutosuteView, x: float, y: float, lang: str) -> None:
    card_back(c.draw, (x, y, x + 52, y + 72), colour="#6b4226")
    c.text((x + 64, y + 36), t("deck", lang, n=view.deck_count), 24, bold=True, anchor="lm")
    y += 86
    c.text((x, y), t("discard", lang), 20, fill=P.MUTED)
    y += 44
    if view.discard_face_up:
        y = chips(c, [cv.kind for cv in view.discard_face_up], x, y, WIDTH - PAD - 16, lang) + 34
    if view.discard_face_down:
        c.text((x, y), t("discard_down", lang, n=view.discard_face_down), 19, fill=P.DIM, anchor="lm")


def combo_graph(c: Canvas, view: SutosuteView, y: float, lang: str, lit: set[str]) -> float:
    """The kinds as nodes and the combo edges as arrows; the cards of the open combo are lit."""
    if not view.combo_graph:
        return y
    h = 250
    rounded(c.draw, (PAD, y, WIDTH - PAD, y + h), fill=P.PANEL_2, radius=14)
    c.text((PAD + 16, y + 12), t("combo_graph", lang), 21, fill=P.MUTED, bold=True, max_width=WIDTH - 2 * PAD - 32)
    nw, nh = 124, 44
    col_w = (WIDTH - 2 * PAD - 32 - nw) / 4
    gx, gy = PAD + 16, y + 58

    def centre(kind: str) -> tuple[float, float]:
        col, row = GRAPH_POS[kind]
        return gx + col * col_w + nw / 2, gy + row * 70 + nh / 2

    edges = load().combo_graphs[view.combo_graph].edges
    for e in edges:
        (ax, ay), (bx, by) = centre(e.from_), centre(e.to)
        colour = P.GOLD if e.from_ in lit and e.to in lit else P.DIM
        if bx < ax:  # a back edge (conquer → research in the ring): around the bottom
            low = gy + 2 * 70 + nh + 14
            pts = [(ax, ay + nh / 2), (ax, low), (bx, low), (bx, by + nh / 2 + 10)]
            c.draw.line(pts, fill=colour, width=3, joint="curve")
            tip, back = (bx, by + nh / 2), (bx, by + nh / 2 + 12)
        else:
            start = (ax + nw / 2, ay) if ay == by else (ax + (nw / 2 if ay != by else 0), ay)
            tip = (bx - nw / 2, by)
            c.draw.line([start, tip], fill=colour, width=3)
            back = (tip[0] - 12 * (tip[0] - start[0]) / max(1, abs(tip[0] - start[0]) + abs(tip[1] - start[1])),
                    tip[1] - 12 * (tip[1] - start[1]) / max(1, abs(tip[0] - start[0]) + abs(tip[1] - start[1])))
        _arrow_head(c, back, tip, colour)
    for kind in KINDS:
        cx, cy = centre(kind)
        tint = KIND_COLOURS[kind]
        box = (cx - nw / 2, cy - nh / 2, cx + nw / 2, cy + nh / 2)
        if kind in lit:
            c.draw.rounded_rectangle((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), radius=14, fill=P.GOLD)
        c.draw.rounded_rectangle(box, radius=10, fill=tint)
        c.text((cx, cy), kind_label(kind, lang), 21, fill=on(tint), bold=True, anchor="mm", max_width=nw - 8)
    return y + h + 12


def _arrow_head(c: Canvas, back: tuple[float, float], tip: tuple[float, float], colour: str) -> None:
    dx, dy = tip[0] - back[0], tip[1] - back[1]
    n = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    ux, uy = dx / n, dy / n
    size = 12
    left = (tip[0] - ux * size - uy * size * 0.6, tip[1] - uy * size + ux * size * 0.6)
    right = (tip[0] - ux * size + uy * size * 0.6, tip[1] - uy * size - ux * size * 0.6)
    c.draw.polygon([tip, left, right], fill=colour)


def last_round(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    r = view.last
    if r is None:
        return y
    parts = []
    for p, kind in r.kinds.items():
        shown = kind_label(kind, lang)
        if p in r.declared:
            shown += "→" + (kind_label(r.declared[p], lang) if r.declared[p] else t("undeclared", lang))
        parts.append(f"{p} {shown} {r.powers.get(p, 0)}")
    result = t("wins_round", lang, name=r.winner, n=r.gained.get(r.winner, 0)) if r.winner else t("draw_round", lang)
    heading = t("result", lang, n=r.number) if resolved_now(view) and not view.finished else t("last", lang, n=r.number)
    line = heading + colon(lang) + f" {t('versus', lang)} ".join(parts) + " — " + result
    if r.combo and not view.combo:  # (an open combo has its own heading over the graph) on a line of its own:
        # "Bob's combo: 1 (Build)" / "ボブのコンボ：1枚（建設）"
        line += "\n" + t("combo_now", lang, name=r.winner or "", n=len(r.combo)) + \
            aside(listed([kind_label(k, lang) for k in r.combo], lang), lang)
    end = c.paragraph((PAD, y), line, 21, WIDTH - 2 * PAD, fill=P.MUTED)
    if view.draws_in_row:
        c.text((PAD, end), t("draws_in_row", lang, n=view.draws_in_row), 21, fill=P.WARN)
        end += 30
    return end + 8


def resolved_now(view: SutosuteView) -> bool:
    """The cards on the table are the round `view.last` describes (after the reveal, before new cards)."""
    return (view.last is not None and view.last.number == view.round
            and any(pv.table.status == "face_up" for pv in view.players))


def header(c: Canvas, view: SutosuteView, lang: str) -> float:
    """The title line (to row 64: the strip the round changes)."""
    number = view.round if resolved_now(view) else view.round + 1  # `round` counts resolved rounds
    when = t("finished", lang, n=view.round) if view.finished else t("round", lang, n=number)
    c.text((PAD, 18), joined([t("title", lang), when], lang), 30, bold=True, max_width=WIDTH - 2 * PAD)
    return 64


def status(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    """The step and who is awaited, or the result (from row 64 to 106: the strip most moves change)."""
    y += 20
    if view.finished:
        leader = sorted(view.players, key=lambda pv: -pv.score)
        text = t("tie", lang) if leader[0].score == leader[1].score else t("wins", lang, name=leader[0].player)
        pill(c, (PAD, y), text, 26, fill=P.GOLD)
    else:
        x = pill(c, (PAD, y), t(view.step, lang) if view.step in LABELS else view.step, 22, fill=P.LINE)[2] + 14
        if view.waiting_for:
            c.text((x, y), t("waiting", lang, names=listed(view.waiting_for, lang)), 22, fill=P.WARN, bold=True,
                   anchor="lm", max_width=WIDTH - PAD - x)
    return y + 22


def goal(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    """The goal line (from row 106: a strip that never changes in a game)."""
    c.text((PAD, y + 8), t("goal", lang, target=view.target, lead=view.lead), 20, fill=P.MUTED)
    return y + 44


def top_area(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    layout = chip_layout([cv.kind for cv in view.discard_face_up], PAD + 380, y + 144, WIDTH - PAD - 16, lang)
    bottom = (layout[-1][2] if layout else y + 110) + (40 if view.discard_face_down else 0)
    h = max(200, bottom + 30 - y)
    rounded(c.draw, (PAD, y, WIDTH - PAD, y + h), fill=P.PANEL_2, radius=14)
    dice_row(c, view, PAD + 24, y + 40, lang, size=72)
    c.text((PAD + 24, y + 10), t("dice", lang), 20, fill=P.MUTED, bold=True)
    discard_panel(c, view, PAD + 380, y + 14, lang)
    return y + h + 12


def header_parts(s: Strips, view: SutosuteView, lang: str) -> None:
    """The header as three strips: the title line, the step line, the goal; each key holds what it draws."""
    s.add(("sutosute title", lang, view.round, resolved_now(view), view.finished), lambda c, y: header(c, view, lang),
          120)
    scores = tuple((pv.player, pv.score) for pv in view.players) if view.finished else ()
    s.add(("sutosute status", lang, view.finished, scores, view.step, tuple(view.waiting_for)),
          lambda c, y: status(c, view, y, lang), 120)
    s.add(("sutosute goal", lang, view.target, view.lead), lambda c, y: goal(c, view, y, lang), 120)


def top_key(view: SutosuteView, lang: str) -> tuple:
    """Everything `top_area` draws: the dice, the deck and the discard."""
    return ("sutosute top", lang, tuple(sorted(view.dice.items())), tuple(cv.kind for cv in view.discard_face_up),
            view.discard_face_down, view.deck_count)


def panel_key(view: SutosuteView, pv: PlayerView, lang: str) -> tuple:
    """Everything one player's panel draws (their public side, this round's result on their card)."""
    public = pv.model_dump_json(include={"player", "score", "civ", "hand_count", "shown", "table", "pyramids",
                                         "pacifism"})
    return ("sutosute panel", lang, public, pv.player in view.waiting_for, pv.player == view.viewer, view.target,
            choosing(view, pv), table_result(view, pv))


def players_key(view: SutosuteView, lang: str) -> tuple:
    """Everything the two player panels draw."""
    return ("sutosute players", tuple(panel_key(view, pv, lang) for pv in view.players[:2]))


def _board(view: SutosuteView, lang: str) -> Strips:
    """The board as strips: the header, the dice and discard, the players, the last round, the combos."""
    s = Strips()
    header_parts(s, view, lang)
    s.add(top_key(view, lang), lambda c, y: top_area(c, view, y, lang), 400)
    s.add(players_key(view, lang), lambda c, y: _players(c, view, y, lang), 400)
    last = view.last.model_dump_json() if view.last is not None else None
    s.add(("sutosute last", lang, last, resolved_now(view), view.finished, bool(view.combo), view.draws_in_row),
          lambda c, y: last_round(c, view, y, lang), 300)
    combo = (tuple(cv.kind for cv in view.combo), view.combo_winner, view.combo_graph)
    s.add(("sutosute combo", lang, combo), lambda c, y: _combos(c, view, y, lang), 400, last=True)
    return s


def _players(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    """The two panels side by side, each a piece of the strip kept apart: a move redraws one."""
    col_w = (WIDTH - 2 * PAD - 12) / 2
    ph = 318
    for i, pv in enumerate(view.players[:2]):
        x0 = PAD + i * (col_w + 12)
        left, right = (0, WIDTH // 2) if i == 0 else (WIDTH // 2, WIDTH)  # split in the gap between them
        piece(c, (panel_key(view, pv, lang), i, y), (left, 0, right, c.height),
              lambda c, pv=pv, x0=x0: player_panel(c, view, pv, (x0, y, x0 + col_w, y + ph), lang))
    return y + ph + 12


def _combos(c: Canvas, view: SutosuteView, y: float, lang: str) -> float:
    """The open combo and the combo graph; the bottom margin."""
    lit = {cv.kind for cv in view.combo}
    if view.combo:
        c.text((PAD, y), t("combo_now", lang, name=view.combo_winner or "", n=len(view.combo)), 22, fill=P.GOLD,
               bold=True)
        y += 34
    return combo_graph(c, view, y, lang, lit) + 8


def board(view: SutosuteView, lang: str = "en") -> bytes:
    return _board(view, lang).png()


# ---------------------------------------------------------------- hand

def power_table(c: Canvas, view: SutosuteView, kinds: list[str], y: float, lang: str) -> float:
    """Rows: your cards; columns: what the opponent may play; cells: your power with today's dice."""
    if not view.dice or not kinds:
        return y
    c.text((PAD, y), t("power_now", lang), 22, fill=P.MUTED, bold=True, max_width=WIDTH - 2 * PAD)
    y += 36
    opp = [*KINDS, None]
    label_w = 120
    cell = (WIDTH - 2 * PAD - label_w) / len(opp)
    for j, k in enumerate(opp):
        cx = PAD + label_w + j * cell + cell / 2
        tint = KIND_COLOURS[k or REVOLUTION]
        c.draw.rounded_rectangle((cx - cell / 2 + 3, y, cx + cell / 2 - 3, y + 34), radius=8, fill=tint)
        text = kind_label(k, lang) if k else t("rev", lang)
        c.text((cx, y + 17), text, 19, fill=on(tint), bold=True, anchor="mm", max_width=cell - 8)
    y += 40
    for mine in kinds:
        tint = KIND_COLOURS[mine]
        c.text((PAD + 4, y + 17), kind_label(mine, lang), 20, fill=mix(tint, "#ffffff", 0.3), bold=True,
               anchor="lm", max_width=label_w - 8)
        values = [base_power(mine, k, view.dice) for k in opp]
        best = max(values)
        for j, v in enumerate(values):
            cx = PAD + label_w + j * cell + cell / 2
            fill = P.PANEL if j % 2 else P.PANEL_2
            c.draw.rectangle((cx - cell / 2 + 3, y, cx + cell / 2 - 3, y + 34), fill=fill)
            colour = P.GOLD if v == best and v > 0 else (P.DIM if v == 0 else P.TEXT)
            c.text((cx, y + 17), str(v), 22, fill=colour, bold=True, anchor="mm")
        y += 38
    return y + 8


def hand(view: SutosuteView, lang: str = "en") -> bytes:
    me = next((pv for pv in view.players if pv.player == view.viewer), None)
    s = Strips()
    header_parts(s, view, lang)
    if me is None or me.hand is None:
        s.add(("sutosute spectator", lang), lambda c, y: _spectator(c, y, lang), 200, last=True)
        return s.png()
    s.add(top_key(view, lang), lambda c, y: top_area(c, view, y, lang), 400)
    _own(s, view, me, lang)
    return s.png()


def _spectator(c: Canvas, y: float, lang: str) -> float:
    c.text((PAD, y), t("spectator", lang), 26, fill=P.MUTED)
    return y + 60


def _own(s: Strips, view: SutosuteView, me: PlayerView, lang: str) -> None:
    """The player's civilisation, hand, table and discards, and their powers with today's dice,
    as strips: placing a card redraws the hand from that card on and the table; a reroll only
    the powers."""
    if me.civ:
        s.add(("sutosute civ", lang, me.civ), lambda c, y: _civ(c, me, y, lang), 400)
    shown_ids = {cv.id for cv in me.shown}
    hand = me.hand or []
    s.add(("sutosute hand heading", lang, len(hand), view.combo_graph, bool(me.shown)),
          lambda c, y: _hand_heading(c, view, me, y, lang), 200)
    for top in range(0, len(hand), CARDS_PER_ROW):
        row = tuple((cv.kind, cv.id in shown_ids) for cv in hand[top:top + CARDS_PER_ROW])
        s.add(("sutosute hand row", lang, row, view.combo_graph),
              lambda c, y, row=row: _hand_row(c, view, row, y, lang), CARD_H + 80)
    extra = (me.table.card.kind if me.table.status != "empty" and me.table.card is not None else None,
             me.to_discard.kind if me.to_discard is not None else None, tuple(cv.kind for cv in me.own_face_down))
    s.add(("sutosute hand extra", lang, extra), lambda c, y: _extra(c, me, y, lang), 400)
    kinds = list(dict.fromkeys(cv.kind for cv in hand if cv.kind in KINDS))
    s.add(("sutosute powers", lang, tuple(kinds), tuple(sorted(view.dice.items()))),
          lambda c, y: power_table(c, view, kinds, y + 6, lang) + PAD, 500, last=True)


CARDS_PER_ROW = 4
CARD_H = 220
ROW_TOP = 10  # a row's strip starts this far above its cards (a shown card's ring is 4 px above)


def _civ(c: Canvas, me: PlayerView, y: float, lang: str) -> float:
    civ = next(cv for cv in load().civilizations if cv.key == me.civ)
    c.text((PAD, y), t("civ_of", lang, name=pick(civ, lang)), 22, fill=P.TEXT, bold=True)
    y += 32
    for ability in civ.abilities:
        y = c.paragraph((PAD + 12, y), ("・" if lang == "ja" else "• ") + pick(ability, lang), 19, WIDTH - 2 * PAD - 12, fill=P.MUTED)
    return y + 8


def _hand_heading(c: Canvas, view: SutosuteView, me: PlayerView, y: float, lang: str) -> float:
    end = c.text((PAD, y), t("your_hand", lang, n=len(me.hand or [])), 24, fill=P.MUTED, bold=True)
    legend = [t("hand_legend", lang)] if view.combo_graph else []
    if me.shown:
        legend.append(t("shown_legend", lang))
    if legend:
        c.text((PAD + end + 16, y + 4), joined(legend, lang), 19, fill=P.DIM, max_width=WIDTH - 2 * PAD - end - 16)
    return y + 40 - ROW_TOP


def _hand_row(c: Canvas, view: SutosuteView, row: tuple[tuple[str, bool], ...], y: float, lang: str) -> float:
    """One row of the hand's cards (kind, shown), each with the kinds it combos into, from
    ROW_TOP above the cards: a shown card's ring reaches above them."""
    y += ROW_TOP
    cw = (WIDTH - 2 * PAD - (CARDS_PER_ROW - 1) * 12) / CARDS_PER_ROW
    successors = load().successors(view.combo_graph) if view.combo_graph else {}
    for col, (kind, shown) in enumerate(row):
        x0 = PAD + col * (cw + 12)
        nexts = successors.get(kind)
        note = t("combo_to", lang, kinds=listed([kind_label(k, lang) for k in nexts], lang)) if nexts else None
        kind_card(c, (x0, y, x0 + cw, y + CARD_H), kind, lang, detail=True, note=note,
                  highlight=P.WARN if shown else None)
    return y + CARD_H + 14 - ROW_TOP


def _extra(c: Canvas, me: PlayerView, y: float, lang: str) -> float:
    """The card on the table, the one to discard and the own face-down discards."""
    y += ROW_TOP + 6
    extra: list[tuple[str, list[CardView]]] = []
    if me.table.status != "empty" and me.table.card is not None:
        extra.append((t("your_table", lang), [me.table.card]))
    if me.to_discard is not None:
        extra.append((t("to_discard", lang), [me.to_discard]))
    if me.own_face_down:
        extra.append((t("own_face_down", lang), me.own_face_down))
    for title, cards in extra:
        c.text((PAD, y + 30), title, 21, fill=P.MUTED, anchor="lm")
        x = PAD + 300
        for cv in cards:
            kind_card(c, (x, y, x + 80, y + 60), cv.kind, lang)
            x += 90
        y += 72
    return y
