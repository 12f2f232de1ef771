"""The view as Markdown-friendly text (nothing the view lacks), and the short rules summary."""
from __future__ import annotations

from games.kit.words import floored

from .data import COLOUR_NAMES, SPECIAL_COLOURS, load
from .state import Card, Clash, RoundRecord
from .view import CardView, GanymedeView, SideView

TITLE = {"en": "The War Chronicles of Ganymede", "ja": "ガニメデ戦記"}
MODES = {"duel": ("duel", "2人対戦"), "coop": ("co-op vs purple", "2人協力（対紫）"), "three": ("3 players", "3人用")}
STEPS = {"setup": ("setup", "準備"), "draw": ("draw phase", "ドローフェイズ"), "effect": ("draw phase", "ドローフェイズ"),
         "order": ("draw phase", "ドローフェイズ"), "declare": ("showdown", "ショウダウン"),
         "remove": ("cleanup", "お掃除フェイズ"), "reinforce": ("reinforcement", "増援フェイズ"), "over": ("game over", "終了")}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ja" else pair[0]


def card_text(card: CardView | Card, lang: str) -> str:
    if card.colour not in SPECIAL_COLOURS:
        return card.rank
    return f"{_pick(COLOUR_NAMES[card.colour], lang)}{'' if lang == 'ja' else ' '}{card.rank}"


def cards_text(cards: list, lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(card_text(c, lang) for c in cards) if cards else "—"


def name(view: GanymedeView, colour: str, lang: str) -> str:
    side = next(s for s in view.sides if s.colour == colour)
    c = _pick(COLOUR_NAMES[colour], lang)
    if side.player is None:
        return f"{c}陣営" if lang == "ja" else c.capitalize()
    return f"{side.player}（{c}）" if lang == "ja" else f"{side.player} ({c})"


def _side_lines(view: GanymedeView, s: SideView, lang: str) -> list[str]:
    ja = lang == "ja"
    status = "" if s.alive else (" — 脱落" if ja else " — out")
    you = (" ← あなた" if ja else " ← you") if s.colour == view.viewer_colour else ""
    lines = [f"- **{name(view, s.colour, lang)}** HP {floored(s.hp, view.start_hp).get(lang)}{status}{you}"]
    if s.in_play or s.face_down:
        shown = [card_text(c, lang) + (("（伏せ）" if ja else " (face down)") if c.face_down else "") for c in s.in_play]
        hidden = s.face_down - sum(1 for c in s.in_play if c.face_down)
        if hidden:
            shown.append(f"伏せ札×{hidden}" if ja else f"face down ×{hidden}")
        lines.append(("  場：" if ja else "  In play: ") + ("、" if ja else ", ").join(shown))
    declared = []
    if s.aces_high is not None:
        declared.append(f"Aを11として{s.aces_high}枚" if ja else f"A as 11: {s.aces_high}")
    for target, delta in s.threes.items():
        declared.append(f"3→{name(view, target, lang)} {delta:+d}")
    if declared:
        lines.append(("  宣言：" if ja else "  Declared: ") + ("、" if ja else "; ").join(declared))
    if s.deck_count is not None:
        top = f"（上から：{cards_text(s.known_top, lang)}）" if ja else f" (top: {cards_text(s.known_top, lang)})"
        lines.append((f"  出撃デッキ {s.deck_count}枚" if ja else f"  Deck {s.deck_count}") + (top if s.known_top else "")
                     + (" · 使用済：" if ja else " · used: ") + cards_text(s.used or [], lang)
                     + (" · 除外：" if ja else " · removed: ") + cards_text(s.removed or [], lang))
    return lines


def clash_text(view: GanymedeView, c: Clash, lang: str) -> str:
    ja = lang == "ja"
    parts = []
    for colour in c.sides:
        strength = f"{c.strength[colour]}" + (("（バースト）" if ja else " (bust)") if c.bust[colour] else "")
        capped = ("（10により最大3）" if ja else " (capped at 3)") if c.capped.get(colour) else ""
        parts.append(f"{name(view, colour, lang)} {strength} → {c.dealt[colour]}" + ("ダメージ" if ja else " damage") + capped)
    return " / ".join(parts)


def record_lines(view: GanymedeView, r: RoundRecord, lang: str, heading: str, cards: bool = True) -> list[str]:
    """A round's public record; `cards=False` when the cards are still shown in play above."""
    ja = lang == "ja"
    colon = "：" if ja else ": "
    lines = [heading]
    for colour, played in r.cards.items() if cards else ():
        lines.append(f"  {name(view, colour, lang)}{colon}{cards_text(played, lang)}")
    declared = [(f"{name(view, c, lang)}{colon}A=11×{k}") for c, k in r.aces_high.items() if k]
    declared += [f"{name(view, c, lang)}{colon}3→{name(view, t, lang)} {d:+d}"
                 for c, aims in r.threes.items() for t, d in aims.items()]
    if declared:
        lines.append(("  宣言：" if ja else "  Declared: ") + ("、" if ja else "; ").join(declared))
    lines.extend("  " + clash_text(view, c, lang) for c in r.clashes)
    if r.removed:
        lines.append(("  除外：" if ja else "  Removed a card: ") + ("、" if ja else ", ").join(name(view, c, lang) for c in r.removed))
    if r.gained:
        lines.append(("  増援：" if ja else "  Reinforced: ")
                     + ("、" if ja else ", ").join(f"{name(view, c, lang)} {'黒' if ja else 'black '}{rank}" for c, rank in r.gained.items()))
    return lines


def render(view: GanymedeView, lang: str = "en", brief: bool = False) -> str:
    """The text board; `brief` for a picture's alt text (games/kit/alt.py): the last round
    without its cards (a three-side round alone runs to ~1,000 characters)."""
    ja = lang == "ja"
    mode, step = _pick(MODES[view.mode], lang), _pick(STEPS[view.step], lang)
    round_text = f"第{view.round}ラウンド" if ja else f"round {view.round}"
    lines = [f"**{TITLE['ja' if ja else 'en']}** — {mode} · {round_text} · {step}"]
    if view.marker:
        first = (" · 先攻：" if ja else " · first player: ") + name(view, view.first, lang) if view.first else ""
        lines.append(("先攻表示コマ：" if ja else "First Strike marker: ") + name(view, view.marker, lang) + first)
    for s in view.sides:
        lines.extend(_side_lines(view, s, lang))
    supply = " · ".join(f"{rank}×{n}" for rank, n in view.supply.items())
    lines.append(("黒カード：" if ja else "Black cards: ") + (supply or "—"))
    if view.this_round is not None:
        in_play = any(s.in_play for s in view.sides)
        record = record_lines(view, view.this_round, lang, "今回のラウンド：" if ja else "This round:", not in_play)
        if len(record) > 1:  # a heading alone (showdown, nothing resolved yet) says nothing
            lines.extend(record)
    if view.last is not None:
        lines.extend(record_lines(view, view.last, lang,
                                  f"前回（第{view.last.number}ラウンド）：" if ja else f"Last round ({view.last.number}):",
                                  cards=not brief))
    if view.finished:
        winners = ("と" if ja else " and ").join(name(view, c, lang) for c in view.winners)
        limit = ("（ラウンド上限）" if ja else " (round limit)") if view.end_reason == "round_limit" else ""
        lines.append(f"**{winners}の勝利！**{limit}" if ja else f"**{winners} win{'s' if len(view.winners) == 1 else ''}!**{limit}")
    elif view.waiting_for and not brief:
        lines.append(("選択待ち：" if ja else "Waiting for: ") + ("、" if ja else ", ").join(view.waiting_for))
    return "\n".join(lines)


def rules_summary(lang: str = "en") -> str:
    hp = load().start_hp.value
    if lang == "ja":
        return ("**ガニメデ戦記**（2〜3人）\n"
                f"各陣営のHPは{hp}。毎ラウンド出撃デッキから1枚を表向きに出し、さらに3枚まで引けます"
                "（対戦では裏向き。合計が21を超えたらそれ以上引けません）。ショウダウンで合計が《強さ》、"
                "22以上は0扱いでダメージなし。《強さ》の大きい側が使ったカード枚数分のダメージ（ちょうど21なら+1）、"
                "同じなら両者ともダメージ。黒カード：2と4は引いたときの効果、3は相手の《強さ》±1、"
                "7はダメージ+2、10は相手の《強さ》+2で受けるダメージ最大3、Aは1か11。"
                "ダメージを受けた側は使ったカード1枚を除外し、各自黒カードを1枚増援します。"
                "対戦：HPが0以下になった側の負け（同時なら先攻表示コマの持ち主の勝ち）。"
                "協力：赤と緑が自動の紫陣営と順に比べ、紫のHPを0にすれば勝ち。3人用：紫も1人のプレイヤー。")
    return ("**The War Chronicles of Ganymede** (2–3 players)\n"
            f"Every side starts at {hp} HP. Each round you turn up one card from your deck and may draw up to 3 more "
            "(face down in the duel; no more draws once your total is over 21). At the showdown your total is your "
            "strength; 22 or more counts as 0 and deals nothing. The stronger side deals damage equal to the cards it "
            "used (+1 for exactly 21); equal strengths deal damage both ways. Black cards: 2 and 4 act when drawn, "
            "3 moves the opponent's strength by ±1, 7 adds 2 damage, 10 adds 2 to the opponent's strength and caps the "
            "damage you take at 3, A is 1 or 11. A damaged side removes one used card from the game; then each side "
            "takes a black card. Duel: a side at 0 HP loses (both at once: the First Strike marker wins). Co-op: red "
            "and green each face the automated purple side and win by bringing purple to 0. Three players: purple is "
            "a player.")
