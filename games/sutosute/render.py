"""The view as Markdown-friendly text (nothing the view lacks), and the short rules summary."""
from __future__ import annotations

from games.kit.words import count

from .data import DICE, REVOLUTION, civ_name, die_name, kind_name, load
from .view import CardView, SutosuteView


def _k(kind: str | None, lang: str) -> str:
    return kind_name(kind).get(lang)


def _cards(cards: list[CardView], lang: str) -> str:
    if not cards:
        return "—"
    return ("、" if lang == "ja" else ", ").join(_k(c.kind, lang) for c in cards)


def render(view: SutosuteView, lang: str = "en") -> str:
    ja = lang == "ja"
    lines: list[str] = []
    title = "すとすて" if ja else "Sutosute"
    limit = (f"（上限 {view.round_limit}）" if ja else f" (limit {view.round_limit})") if view.round_limit else ""
    if view.finished:
        when = f"{view.round}ラウンドで終了" if ja else f"finished after {view.round} round{'s' if view.round != 1 else ''}"
    else:  # `round` counts resolved rounds; the one being played is the next
        when = f"ラウンド {view.round + 1}" if ja else f"round {view.round + 1}"
    lines.append(f"**{title}** — " + when + limit)
    lines.append(("勝利条件：" if ja else "Goal: ") + (f"{view.target}点以上かつ{view.lead}点差"
                                                    if ja else f"{view.target}+ points and a lead of {view.lead}+"))
    if view.step == "civ":  # nothing is dealt or rolled before both civilizations are chosen
        for pv in view.players:
            chosen = civ_name(pv.civ).get(lang) if pv.civ else ("選択中" if ja else "choosing")
            lines.append(f"- **{pv.player}**" + ("：文明 " if ja else ": civilization: ") + chosen)
        lines.append("文明を選んだ後にカードを配り、ダイスを振ります。" if ja
                     else "The cards are dealt and the dice rolled once both civilizations are chosen.")
        lines.append(("選択待ち：" if ja else "Waiting for: ") + ("、" if ja else ", ").join(view.waiting_for))
        return "\n".join(lines)
    dice = " ".join(f"{die_name(d).get(lang)}={view.dice[d]}" for d in DICE if d in view.dice)
    lines.append(("ダイス：" if ja else "Dice: ") + dice)
    for pv in view.players:
        civ = (f"［{civ_name(pv.civ).get(lang)}］" if ja else f" [{civ_name(pv.civ).get(lang)}]") if pv.civ else ""
        extra = []
        if pv.civ == "egypt":
            extra.append(f"ピラミッド{pv.pyramids}" if ja else f"pyramids {pv.pyramids}")
        if pv.pacifism is not None:
            extra.append(("平和主義" if ja else "Pacifism") + (" ○" if pv.pacifism else " ×"))
        tail = ((f"（{'、'.join(extra)}）" if ja else f" ({', '.join(extra)})") if extra else "")
        lines.append(f"- **{pv.player}**{civ}" + ("：" if ja else ": ") + (f"{pv.score}点" if ja else count(pv.score, "point")) + tail)
        if pv.hand is not None:
            lines.append(("  手札：" if ja else "  Hand: ") + _cards(pv.hand, lang))
        else:
            lines.append((f"  手札 {pv.hand_count}枚" if ja else f"  {pv.hand_count} cards in hand")
                         + (("、公開中：" if ja else "; face up: ") + _cards(pv.shown, lang) if pv.shown else ""))
        if pv.own_face_down:
            lines.append(("  自分が裏向きに捨てた札：" if ja else "  Your face-down discards: ") + _cards(pv.own_face_down, lang))
        if pv.to_discard is not None:
            lines.append(("  裏向きに捨てる札：" if ja else "  Discarding face down: ") + _k(pv.to_discard.kind, lang))
        t = pv.table
        if t.status == "face_down":
            own = f"（{_k(t.card.kind, lang)}）" if ja and t.card else f" ({_k(t.card.kind, lang)})" if t.card else ""
            lines.append(("  場：伏せ札" if ja else "  Table: a face-down card") + own)
        elif t.status == "face_up" and t.card:
            decl = ""
            if t.card.kind == REVOLUTION and t.declared:
                decl = (" → 宣言なし" if ja else " → undeclared") if t.declared == "none" else f" → {_k(t.declared, lang)}"
            lines.append(("  場：" if ja else "  Table: ") + _k(t.card.kind, lang) + decl)
    lines.append((f"山札 {view.deck_count}枚 / 捨て札（表）：" if ja else f"Deck {view.deck_count} / discard face up: ")
                 + _cards(view.discard_face_up, lang)
                 + (f" / 裏向き {view.discard_face_down}枚" if ja else f" / face down {view.discard_face_down}"))
    if view.combo:
        lines.append((f"コンボ（{view.combo_winner}）：" if ja else f"Combo ({view.combo_winner}): ") + _cards(view.combo, lang))
    if view.last is not None:
        r = view.last
        parts = []
        for p, kind in r.kinds.items():
            shown = _k(kind, lang)
            if p in r.declared:
                shown += "→" + (_k(r.declared[p], lang) if r.declared[p] else ("宣言なし" if ja else "undeclared"))
            parts.append(f"{p} {shown} {r.powers.get(p, 0)}")
        res = (f"勝者 {r.winner}" if ja else f"winner {r.winner}") if r.winner else ("引き分け" if ja else "draw")
        gained = ("、" if ja else ", ").join(f"{p} +{g}" for p, g in r.gained.items())
        combo = (("、コンボ：" if ja else "; combo: ") + ("、" if ja else ", ").join(_k(k, lang) for k in r.combo)) if r.combo else ""
        lines.append((f"前ラウンド{r.number}：" if ja else f"Last round {r.number}: ") + " / ".join(parts)
                     + f" — {res}" + ((f"（{gained}{combo}）" if ja else f" ({gained}{combo})") if gained else ""))
    if view.draws_in_row:
        lines.append(f"連続引き分け {view.draws_in_row}" if ja else f"Draws in a row: {view.draws_in_row}")
    if view.finished:
        leader = sorted(view.players, key=lambda pv: -pv.score)
        if leader[0].score == leader[1].score:
            lines.append("**引き分けで終了**" if ja else "**The game ends in a tie.**")
        else:
            lines.append(f"**{leader[0].player}の勝利！**" if ja else f"**{leader[0].player} wins!**")
    elif view.waiting_for:
        lines.append(("選択待ち：" if ja else "Waiting for: ") + ("、" if ja else ", ").join(view.waiting_for))
    return "\n".join(lines)


def combo_lines(lang: str, graph: str = "tech_tree") -> str:
    """Which card may follow which in a combo, in words (the picture draws the same graph):
    "Research → Growth or Building", one line per card that leads on."""
    d = load()
    names = {k.key: (k.ja if lang == "ja" else k.en) for k in d.kinds}
    nxt = d.successors(graph)
    order = sorted((k for k in names if nxt.get(k)), key=lambda k: -len(_reach(k, nxt)))
    joiner = "・" if lang == "ja" else " or "
    return "\n".join(f"- {names[k]} → {joiner.join(names[n] for n in nxt[k])}" for k in order)


def _reach(kind: str, nxt: dict[str, list[str]], seen: frozenset[str] = frozenset()) -> set[str]:
    """Every card a combo may reach from `kind` (to list the graph from its start)."""
    out: set[str] = set()
    for n in nxt.get(kind, []):
        if n not in seen:
            out |= {n} | _reach(n, nxt, seen | {kind})
    return out


def rules_summary(lang: str = "en") -> str:
    d = load()
    if lang == "ja":
        powers = "\n".join(f"- {k.ja}：{k.power_ja}" for k in d.kinds)
        return ("**すとすてカードゲーム**（2人）\n"
                "共有のダイス3個（赤=食料、黒=生産、白=金銭）で各カードの権力が変わります。"
                "毎ラウンド双方が手札から1枚を同時に伏せて公開し、権力の大きい方が勝ち、差分だけ勝利点を得ます。\n"
                f"{powers}\n"
                "勝者は、出した札に繋がるカードを手札から公開し、さらにそれに繋がるカードへと続けてコンボにでき、"
                "追加点を得ます（1枚1点、2枚3点、3枚6点）。\n"
                "コンボの繋がり（既定の技術ツリー）：\n"
                f"{combo_lines('ja')}\n"
                "負けた札は勝者の手札に入り、"
                "勝者の札は捨て札へ。敗者は1枚引き、勝者はダイス2つを振り直します。"
                "引き分けは出した札を交換しダイスを全て振り直し、得点の少ない方が1点。3連続でリセット。"
                "革命カードは好きなカードを宣言して使えます（宣言なしなら権力2・探索を無効化）。"
                f"{d.targets.points}点以上かつ{d.targets.lead}点差で勝利（文明ありは{d.targets.points_with_civilizations}点）。")
    powers = "\n".join(f"- {k.en}: {k.power_en}" for k in d.kinds)
    return ("**Sutosute card game** (2 players)\n"
            "Three shared dice (red = food, black = production, white = money) set each card's power. "
            "Each round both players place a card face down at the same time and reveal; higher power wins "
            "and scores the difference.\n"
            f"{powers}\n"
            "The winner may reveal from hand a card that follows the played card, then one that follows that "
            "(a combo), for 1 / 3 / 6 bonus points.\n"
            "Which card follows which (the default tech tree):\n"
            f"{combo_lines('en')}\n"
            "The winner takes the loser's card into hand and discards their own; the loser draws 1 and the "
            "winner rerolls 2 dice. "
            "On a draw the played cards are exchanged, all dice are rerolled and the trailing player gains 1; "
            "3 draws in a row reset the cards. Revolution counts as any card you declare "
            "(or undeclared: power 2, nullifies Explore). "
            f"Win with {d.targets.points}+ points and a lead of {d.targets.lead}+ "
            f"({d.targets.points_with_civilizations} with civilizations).")
