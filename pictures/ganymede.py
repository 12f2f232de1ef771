"""The War Chronicles of Ganymede as pictures: each side's panel (HP gauge, the cards in play, face-down
cards as card backs, declarations), the black-card supply with what each number does, and the last
round's clashes; the hand adds the viewer's own piles (deck size and known top, used, removed).

Everything drawn comes from the view it is given: the board gets the public view, so face-down
cards are backs and other sides' piles are not drawn at all.
"""
from __future__ import annotations

from games.ganymede.data import COLOUR_NAMES, EFFECT_RANKS, SPECIAL_COLOURS, load
from games.ganymede.view import CardView, GanymedeView, SideView

from .draw import (
    COLOURS,
    WIDTH,
    Canvas,
    P,
    aside,
    bar,
    card,
    card_back,
    in_lang,
    joined,
    label,
    listed,
    mix,
    pill,
    rounded,
    wrap,
)
from .strips import Strips

PAD = 20
CARD_W, CARD_H = 66, 94

LABELS: dict[str, tuple[str, str]] = {
    "title": ("Ganymede", "ガニメデ戦記"),
    "duel": ("Duel", "2人対戦"), "coop": ("Co-op vs purple", "2人協力（対紫）"), "three": ("3 players", "3人用"),
    "round": ("Round {n}", "第{n}ラウンド"),
    "setup": ("Setup", "準備"), "draw": ("Draw phase", "ドローフェイズ"), "effect": ("Draw phase", "ドローフェイズ"),
    "order": ("Draw phase", "ドローフェイズ"), "declare": ("Showdown", "ショウダウン"),
    "remove": ("Cleanup", "お掃除フェイズ"), "reinforce": ("Reinforcement", "増援フェイズ"), "over": ("Game over", "終了"),
    "waiting": ("Waiting for {names}", "{names}の手番"),
    "to_move": ("to move", "手番"),
    "you": ("you", "あなた"),
    "out": ("OUT", "脱落"),
    "marker": ("First Strike", "先攻表示コマ"),
    "first": ("first this round", "このラウンドの先攻"),
    "no_cards": ("no cards in play", "場にカードなし"),
    "drawn": ("drawn {n}/3", "{n}/3枚引いた"),
    "total": ("total {n}", "合計 {n}"),
    "total_ace": ("total {n} or {m}", "合計 {n}か{m}"),
    "aces": ("A = 11 ×{n}", "A=11 ×{n}"),
    "threes": ("3 → {target} {delta}", "3 → {target} {delta}"),
    "face_down": ("face down", "裏向き"),
    "own_face_down": ("blue corner = face down", "青い角 = 裏向き"),
    "supply": ("Black cards left", "残りの黒カード"),
    "last": ("Last round ({n})", "前回（第{n}ラウンド）"),
    "this_round": ("This round", "今回のラウンド"),
    "deals": ("deals {n}", "{n}ダメージ"),
    "bust": ("bust", "バースト"),
    "capped": ("capped at 3", "10で最大3"),
    "removed_card": ("removed a card: {names}", "除外：{names}"),
    "gained": ("reinforced: {items}", "増援：{items}"),
    "wins": ("{names} win!", "{names}の勝利！"),
    "win": ("{names} wins!", "{names}の勝利！"),
    "round_limit": ("round limit reached", "ラウンド上限"),
    "your_side": ("Your side", "あなたの陣営"),
    "deck": ("Deck: {n:# card|# cards}", "出撃デッキ：{n}枚"),
    "top": ("known top", "上から（確認済み）"),
    "used": ("Used pile", "使用済デッキ"),
    "removed": ("Removed from the game", "除外"),
    "in_play": ("In play", "場"),
    "effects": ("Black card effects", "黒カードの効果"),
    "none": ("none", "なし"),
    "spectator": ("Spectator view", "観戦者の表示"),
    "versus": ("vs", "対"),
    "hint": ("Your total is your strength (22 or more counts as 0). The stronger side deals 1 damage per card "
             "it used, +1 at exactly 21; equal strengths hurt both.",
             "合計が《強さ》（22以上は0扱い）。強い側が使ったカード1枚につき1ダメージ（ちょうど21なら+1）、"
             "同じなら両方がダメージ。"),
    "dot": ("A dot in a card's corner: its number has an effect (see the black cards).",
            "カードの右下の点：その数字には効果がある（黒カードの効果を参照）。"),
}
# Short versions of the black-card effects for the board's supply row.
SHORT: dict[str, tuple[str, str]] = {
    "2": ("used card → deck top", "使用済→デッキ上"),
    "3": ("foe strength ±1", "相手の強さ±1"),
    "4": ("reorder top 2", "上2枚を並べ替え"),
    "7": ("+2 damage", "ダメージ+2"),
    "10": ("foe +2, take ≤3", "相手+2・被ダメ≤3"),
    "A": ("1 or 11", "1か11"),
}


def t(key: str, lang: str, **kw: object) -> str:
    return label(LABELS, key, lang, **kw)


def colour_label(colour: str, lang: str) -> str:
    en, ja = COLOUR_NAMES[colour]
    return ja if lang == "ja" else en.capitalize()


def side_name(view: GanymedeView, colour: str, lang: str) -> str:
    side = next(s for s in view.sides if s.colour == colour)
    c = colour_label(colour, lang)
    if side.player is None:
        return f"{c}陣営" if lang == "ja" else c
    return side.player + aside(c, lang)


# ---------------------------------------------------------------- cards

SIDE_SHAPES = {"red": "triangle", "green": "circle", "purple": "diamond"}


def side_shape(c: Canvas, cx: float, cy: float, r: float, colour: str) -> None:
    """A side's shape (`SIDE_SHAPES`), light on its colour's band."""
    fill, rim = ("#ffffff", P.INK) if colour != "green" else (P.INK, "#ffffff")
    shape = SIDE_SHAPES[colour]
    if shape == "circle":
        c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=rim)
    elif shape == "diamond":
        c.draw.polygon([(cx, cy - r * 1.2), (cx + r * 1.2, cy), (cx, cy + r * 1.2), (cx - r * 1.2, cy)], fill=fill, outline=rim)
    else:
        c.draw.polygon([(cx, cy - r * 1.1), (cx + r * 1.2, cy + r), (cx - r * 1.2, cy + r)], fill=fill, outline=rim)


def draw_card(c: Canvas, x: float, y: float, colour: str, rank: str, face_down_mark: bool = False,
              scale: float = 1.0) -> None:
    """A card face: a band of the card's colour and its big number; special numbers get a black ring.
    The band also carries the colour's shape (red a triangle, green a circle, purple a diamond), so
    a card's side never rests on colour alone (issue 31); a small card sits beside its side's name."""
    w, h = CARD_W * scale, CARD_H * scale
    tint = COLOURS[colour]
    card(c.draw, (x, y, x + w, y + h), fill=P.PAPER, edge=tint if colour != "black" else P.INK, radius=int(9 * scale))
    c.draw.rounded_rectangle((x + 4, y + 4, x + w - 4, y + 20 * scale), radius=int(6 * scale), fill=tint)
    ink = P.INK if colour in ("black", "green") else mix(tint, "#000000", 0.25)
    if colour in SIDE_SHAPES and scale >= 0.75:
        side_shape(c, x + 14 * scale, y + 12 * scale, 6 * scale, colour)
    size = max(19, int((40 if len(rank) == 1 else 34) * scale))  # a small card's number stays readable
    c.text((x + w / 2, y + h * 0.6), rank, size, fill=ink, bold=True, anchor="mm")
    if colour in SPECIAL_COLOURS and rank in EFFECT_RANKS and scale >= 0.75:
        c.draw.ellipse((x + w - 16 * scale, y + h - 16 * scale, x + w - 8 * scale, y + h - 8 * scale), fill=tint)
    if face_down_mark:  # the owner's own face-down card: a back-coloured corner says "the others can't see it"
        c.draw.polygon([(x + 4, y + h - 4), (x + 4, y + h - 26 * scale), (x + 26 * scale, y + h - 4)], fill="#3b4a8a")


def draw_back(c: Canvas, x: float, y: float, scale: float = 1.0) -> None:
    card_back(c.draw, (x, y, x + CARD_W * scale, y + CARD_H * scale), radius=int(9 * scale))


def card_row(c: Canvas, x: float, y: float, cards: list[CardView], backs: int = 0, scale: float = 1.0,
             gap: int = 10, max_x: float = WIDTH - PAD) -> float:
    """Cards side by side (overlapping when many); returns the x after the last card."""
    n = len(cards) + backs
    w = CARD_W * scale
    step = w + gap
    if n > 1 and x + n * step - gap > max_x:
        step = (max_x - x - w) / (n - 1)
    for cv in cards:
        draw_card(c, x, y, cv.colour, cv.rank, face_down_mark=cv.face_down, scale=scale)
        x += step
    for _ in range(backs):
        draw_back(c, x, y, scale)
        x += step
    return x - step + w if n else x


def visible_total(cards: list[CardView]) -> tuple[int, int] | None:
    """The sum of the cards in play (A as 1, and with one A as 11), if every card is visible."""
    if not cards:
        return None
    low = sum(1 if cv.rank == "A" else int(cv.rank) for cv in cards)
    high = low + 10 if any(cv.rank == "A" for cv in cards) else low
    return low, high


# ---------------------------------------------------------------- panels

def side_facts(view: GanymedeView, s: SideView, lang: str) -> list[tuple[str, str]]:
    """The lines (text, colour) at the right of a side's cards: first player, total, draws, declarations."""
    ja = lang == "ja"
    hidden = s.face_down - sum(1 for cv in s.in_play if cv.face_down)
    facts: list[tuple[str, str]] = []
    if view.first == s.colour and view.mode == "duel" and not view.finished:
        facts.append((t("first", lang), P.GOLD))
    if s.in_play and not hidden and view.step in ("draw", "effect", "order", "declare"):
        total = visible_total(s.in_play)
        if total:
            low, high = total
            if s.aces_high is not None:  # the A choice is made: one total
                low = high = low + 10 * s.aces_high
            total_text = t("total", lang, n=low) if low == high else t("total_ace", lang, n=low, m=high)
            facts.append((total_text, P.TEXT if low <= 21 else P.BAD))
    if view.step in ("draw", "effect", "order") and s.draws:
        facts.append((t("drawn", lang, n=s.draws), P.MUTED))
    if s.aces_high is not None:
        facts.append((t("aces", lang, n=s.aces_high), P.MUTED))
    for target, delta in s.threes.items():
        facts.append((t("threes", lang, target=colour_label(target, lang), delta=f"{delta:+d}"), P.MUTED))
    if any(cv.face_down for cv in s.in_play):
        facts.append((t("own_face_down", lang), P.DIM))
    if hidden and not ja:
        facts.append((f"{hidden} {t('face_down', lang)}", P.DIM))
    elif hidden:
        facts.append((f"{t('face_down', lang)} {hidden}枚", P.DIM))
    return facts[:4]


def side_panel(c: Canvas, view: GanymedeView, s: SideView, y: float, lang: str) -> float:
    """One side: name, HP, badges, cards in play, declarations. Returns the y below it."""
    tint = COLOURS[s.colour]
    h = 52 + CARD_H + 36
    mine = s.colour == view.viewer_colour
    to_move = s.player is not None and s.player in view.waiting_for
    rounded(c.draw, (PAD, y, WIDTH - PAD, y + h), fill=P.PANEL, outline=P.ACCENT if to_move else None, radius=14,
            width=3)
    c.draw.rounded_rectangle((PAD, y, PAD + 12, y + h), radius=6, fill=tint)
    name = side_name(view, s.colour, lang)
    x = PAD + 28
    name_w = c.text((x, y + 14), name, 28, bold=True, max_width=360)
    bx = x + name_w + 14
    if mine:
        bx = pill(c, (bx, y + 31), t("you", lang), 20, fill=P.ACCENT)[2] + 8
    if to_move:
        bx = pill(c, (bx, y + 31), t("to_move", lang), 20, fill=P.WARN)[2] + 8
    if view.marker == s.colour:
        bx = pill(c, (bx, y + 31), "★ " + t("marker", lang), 19, fill=P.GOLD)[2] + 8
    # HP, right side
    hp_colour = P.GOOD if s.hp > view.start_hp / 2 else (P.WARN if s.hp > view.start_hp / 4 else P.BAD)
    if not s.alive:
        pill(c, (WIDTH - PAD - 20, y + 31), t("out", lang), 22, fill=P.BAD, anchor="r")
    else:
        c.text((WIDTH - PAD - 20, y + 31), f"HP {max(s.hp, 0)}/{view.start_hp}", 28, fill=hp_colour, bold=True,
               anchor="rm")
    bar(c.draw, (x, y + 54, WIDTH - PAD - 20, y + 62), max(s.hp, 0), view.start_hp, colour=hp_colour)
    # cards
    cy = y + 76
    hidden = s.face_down - sum(1 for cv in s.in_play if cv.face_down)
    if s.in_play or hidden:
        end = card_row(c, x, cy, s.in_play, hidden, max_x=WIDTH - PAD - 250)
    else:
        c.text((x, cy + CARD_H / 2), t("no_cards", lang), 22, fill=P.DIM, anchor="lm")
        end = x
    # facts at the right of the cards
    fx = max(end + 24, WIDTH - PAD - 240)
    fy = cy + 8
    facts = side_facts(view, s, lang)
    for fact, colour in facts[:4]:
        c.text((fx, fy), fact, 22, fill=colour, bold=colour == P.TEXT, max_width=WIDTH - PAD - 12 - fx)
        fy += 28
    return y + h + 12


def supply_panel(c: Canvas, y: float, lang: str) -> float:
    """The supply's title line (its rows are strips of their own: a draw changes one)."""
    c.text((PAD, y), t("supply", lang), 24, fill=P.MUTED, bold=True)
    return y + 38


def supply_row(c: Canvas, view: GanymedeView, row: int, y: float, lang: str) -> float:
    """One row of the supply: three special numbers and how many of each are left."""
    col_w = (WIDTH - 2 * PAD) / 3
    for col, rank in enumerate(EFFECT_RANKS[3 * row:3 * row + 3]):
        x = PAD + col * col_w
        n = view.supply.get(rank, 0)
        draw_card(c, x, y, "black", rank, scale=0.66)
        c.text((x + 52, y + 4), f"×{n}", 26, fill=P.TEXT if n else P.DIM, bold=True)
        short = SHORT[rank][1 if lang == "ja" else 0]
        c.text((x + 52, y + 36), short, 19, fill=P.MUTED, max_width=col_w - 60)
    return y + 74


def clash_lines(view: GanymedeView, record, lang: str) -> list[list[tuple[str, str]]]:
    """Each clash as coloured pieces: [(text, colour), ...]."""
    lines = []
    for clash in record.clashes:
        pieces: list[tuple[str, str]] = []
        for i, colour in enumerate(clash.sides):
            if i:
                pieces.append((f"  {t('versus', lang)}  ", P.DIM))
            strength = str(clash.strength[colour])
            if clash.bust[colour]:
                strength += aside(t("bust", lang), lang)
            pieces.append((side_name(view, colour, lang) + " ", COLOURS[colour]))
            pieces.append((strength, P.TEXT))
            dealt = clash.dealt[colour]
            if dealt:
                pieces.append(("  → " + t("deals", lang, n=dealt), P.WARN))
            if clash.capped.get(colour):
                pieces.append((aside(t("capped", lang), lang), P.DIM))
        lines.append(pieces)
    return lines


def record_panel(c: Canvas, view: GanymedeView, record, heading: str, y: float, lang: str,
                 show_cards: bool = True) -> float:
    rows = clash_lines(view, record, lang)
    extra = []
    if record.removed:
        extra.append(t("removed_card", lang, names=listed([side_name(view, x, lang) for x in record.removed], lang)))
    if record.gained:
        items = listed([f"{side_name(view, col, lang)} {'黒' if lang == 'ja' else 'black '}{rank}"
                      for col, rank in record.gained.items()], lang)
        extra.append(t("gained", lang, items=items))
    card_rows = list(record.cards.items()) if show_cards else []
    if not rows and not extra and not card_rows:
        return y
    text_w = WIDTH - 2 * PAD - 36
    wrapped = [wrap(line, 21, text_w) for line in extra]
    h = 48 + 34 * len(rows) + 30 * sum(len(w) for w in wrapped) + 62 * len(card_rows)
    rounded(c.draw, (PAD, y, WIDTH - PAD, y + h), fill=P.PANEL_2, radius=14)
    c.text((PAD + 18, y + 12), heading, 24, fill=P.MUTED, bold=True)
    yy = y + 48
    for colour, played in card_rows:
        c.text((PAD + 18, yy + 28), colour_label(colour, lang), 22, fill=COLOURS[colour], bold=True, anchor="lm")
        x = PAD + 100
        for cv in played:
            draw_card(c, x, yy, cv.colour, cv.rank, scale=0.58)
            x += 44
        yy += 62
    for pieces in rows:
        x = PAD + 18
        for text, colour in pieces:
            x += c.text((x, yy), text, 22, fill=colour, bold=colour == P.TEXT)
        yy += 34
    for lines in wrapped:
        for line in lines:
            c.text((PAD + 18, yy), line, 21, fill=P.MUTED)
            yy += 30
    return y + h + 12


def header(c: Canvas, view: GanymedeView, lang: str) -> float:
    """The title line (to row 64: the strip the round changes)."""
    mode = t(view.mode, lang)
    line = joined([t("title", lang), mode, t("round", lang, n=view.round)], lang)
    c.text((PAD, 18), line, 30, bold=True, max_width=WIDTH - 2 * PAD)
    return 64


def status(c: Canvas, view: GanymedeView, y: float, lang: str) -> float:
    """The step and who is awaited, or the result (from row 64: the strip most moves change)."""
    y += 2
    if view.finished:
        names = listed([side_name(view, col, lang) for col in view.winners], lang)
        key = "win" if len(view.winners) == 1 else "wins"
        text = t(key, lang, names=names) if view.winners else t("over", lang)
        if view.end_reason == "round_limit":
            text += aside(t("round_limit", lang), lang)
        pill(c, (PAD, y + 18), text, 26, fill=P.GOLD)
    else:
        x = pill(c, (PAD, y + 18), t(view.step, lang), 24, fill=P.LINE)[2] + 16
        if view.waiting_for:
            names = listed(list(view.waiting_for), lang)
            c.text((x, y + 18), t("waiting", lang, names=names), 24, fill=P.WARN, bold=True, anchor="lm",
                   max_width=WIDTH - PAD - x)
    return y + 50


def cards_key(cards: list[CardView] | None) -> tuple | None:
    """What a row of cards shows (colour, number, the owner's face-down mark), never its ids."""
    return None if cards is None else tuple((cv.colour, cv.rank, cv.face_down) for cv in cards)


def names_key(view: GanymedeView) -> tuple:
    return tuple((s.colour, s.player) for s in view.sides)


def header_parts(s: Strips, view: GanymedeView, lang: str) -> None:
    """The header as two strips, the title line and the step line; each key holds what it draws."""
    s.add(("ganymede title", lang, view.mode, view.round), lambda c, y: header(c, view, lang), 120)
    s.add(("ganymede status", lang, view.finished, tuple(view.winners), view.end_reason, view.step,
           tuple(view.waiting_for), names_key(view)), lambda c, y: status(c, view, y, lang), 120)


def side_key(view: GanymedeView, s: SideView, lang: str) -> tuple:
    """Everything `side_panel` draws for this side (its facts as drawn, not the step they depend on:
    a move that changes the step redraws only the sides whose facts change)."""
    return ("ganymede side", lang, s.colour, s.player, s.hp, s.alive, cards_key(s.in_play), s.face_down,
            s.colour == view.viewer_colour, s.player is not None and s.player in view.waiting_for,
            view.marker == s.colour, view.start_hp, tuple(side_facts(view, s, lang)))


def record_key(view: GanymedeView, record, heading: str, show_cards: bool, lang: str) -> tuple:
    return ("ganymede record", lang, record.model_dump_json(), heading, show_cards, names_key(view))


def _board(view: GanymedeView, lang: str) -> Strips:
    """The board as strips: the header, each side, this and last round, the supply, the hints."""
    s = Strips()
    header_parts(s, view, lang)
    for side in view.sides:
        s.add(side_key(view, side, lang), lambda c, y, side=side: side_panel(c, view, side, y, lang), 250)
    in_play = any(side.in_play for side in view.sides)
    shown_now = view.this_round is not None and bool(view.this_round.clashes)
    records = []
    if view.this_round is not None:
        records.append((view.this_round, t("this_round", lang), not in_play))
    if view.last is not None and not shown_now:  # this round's result is the news; last round's is history
        records.append((view.last, t("last", lang, n=view.last.number), True))
    for record, heading, show_cards in records:
        s.add(record_key(view, record, heading, show_cards, lang),
              lambda c, y, r=record, h=heading, sc=show_cards: record_panel(c, view, r, h, y, lang, show_cards=sc), 400)
    s.add(("ganymede supply", lang), lambda c, y: supply_panel(c, y + 4, lang), 120)
    for row in range(2):
        ranks = tuple((rank, view.supply.get(rank, 0)) for rank in EFFECT_RANKS[3 * row:3 * row + 3])
        s.add(("ganymede supply row", lang, row, ranks),
              lambda c, y, row=row: supply_row(c, view, row, y, lang) + 6 * row, 200)
    shown = [cv for side in view.sides for cv in side.in_play]
    shown += [cv for played in (view.last.cards.values() if view.last else []) for cv in played]
    dot = any(cv.colour in SPECIAL_COLOURS and cv.rank in EFFECT_RANKS for cv in shown)  # a card with the corner dot
    s.add(("ganymede foot", lang, view.finished, dot), lambda c, y: _foot(c, y, view.finished, dot, lang), 200,
          last=True)
    return s


def _foot(c: Canvas, y: float, finished: bool, dot: bool, lang: str) -> float:
    """The hints under the board, and its bottom margin."""
    if not finished:
        y = c.paragraph((PAD, y + 2), t("hint", lang), 19, WIDTH - 2 * PAD, fill=P.DIM)
    if dot:
        y = c.paragraph((PAD, y + 2), t("dot", lang), 19, WIDTH - 2 * PAD, fill=P.DIM)
    return y + PAD


def board(view: GanymedeView, lang: str = "en") -> bytes:
    """The public board (the view of viewer None)."""
    return _board(view, lang).png()


# ---------------------------------------------------------------- hand

def pile_section(c: Canvas, title: str, cards: list[CardView], y: float, lang: str) -> float:
    c.text((PAD + 18, y), title, 24, fill=P.MUTED, bold=True)
    y += 36
    if cards:
        card_row(c, PAD + 18, y, cards, scale=0.8, gap=8)
        return y + CARD_H * 0.8 + 16
    c.text((PAD + 18, y), t("none", lang), 22, fill=P.DIM)
    return y + 40


def hand(view: GanymedeView, lang: str = "en") -> bytes:
    """The viewer's own side: cards in play (face-down ones marked), deck size and known top cards,
    used and removed piles, and what the black numbers they hold do."""
    own = next((s for s in view.sides if s.colour == view.viewer_colour), None)
    s = Strips()
    if own is None:
        header_parts(s, view, lang)
        s.add(("ganymede spectator", lang), lambda c, y: _spectator(c, y, lang), 200, last=True)
        return s.png()
    header_parts(s, view, lang)
    s.add(side_key(view, own, lang), lambda c, y: side_panel(c, view, own, y, lang), 250)
    key = ("ganymede piles", lang, own.deck_count, cards_key(own.known_top), cards_key(own.used),
           cards_key(own.removed), tuple(sorted(_held(own))))
    s.add(key, lambda c, y: _piles(c, own, y + 8, lang), 700, last=True)
    return s.png()


def _spectator(c: Canvas, y: float, lang: str) -> float:
    c.text((PAD, y), t("spectator", lang), 26, fill=P.MUTED)
    return y + 60


def _held(own: SideView) -> set[str]:
    """The special numbers this side holds (their effects are listed)."""
    return {cv.rank for cv in [*own.in_play, *(own.used or []), *(own.known_top or [])]
            if cv.colour in SPECIAL_COLOURS}


def _piles(c: Canvas, own: SideView, y: float, lang: str) -> float:
    """The viewer's deck, used and removed piles and what their special numbers do; the bottom margin."""
    deck_title = t("deck", lang, n=own.deck_count or 0)
    if own.known_top:
        y = pile_section(c, joined([deck_title, t("top", lang)], lang), own.known_top, y, lang)
    else:
        c.text((PAD + 18, y), deck_title, 24, fill=P.MUTED, bold=True)
        y += 44
    y = pile_section(c, t("used", lang), own.used or [], y, lang)
    y = pile_section(c, t("removed", lang), own.removed or [], y, lang)
    held = _held(own)
    effects = [e for e in load().effects if e.rank in held]
    if effects:
        y += 6
        c.text((PAD + 18, y), t("effects", lang), 24, fill=P.MUTED, bold=True)
        y += 38
        for e in effects:
            draw_card(c, PAD + 18, y, "black", e.rank, scale=0.5)
            text = in_lang(e, lang)
            end = c.paragraph((PAD + 18 + 50, y), text, 21, WIDTH - 2 * PAD - 90)
            y = max(end, y + CARD_H * 0.5) + 10
    return y + PAD
