"""The line a front end shows under every Guns & Steel board (`Game.status_lines`): the VP each
player has so far, as a person at the table could count it. Public information only, plus the
viewer's own hand; other hands are a count, since their VP is hidden."""
from __future__ import annotations

from games.kit import T, Text
from games.kit.words import count

from .cards import card, wonder
from .view import GunsView


def status_lines(view: GunsView, viewer: str | None) -> list[Text]:
    """"VP so far: P1 12 · P2 9 (+ 3 cards in hand)": every card on the table (face up or as a
    resource), wonders and VP tokens, and the viewer's own hand; nothing once the game is over
    (the result says the final score)."""
    if view.finished:
        return []
    tokens = (view.extra or {}).get("vp_tokens", {})
    en: list[str] = []
    ja: list[str] = []
    for seat in view.seats:
        shown = (sum(card(c.card).vp.value for c in seat.face_up) + sum(r.vp for r in seat.resources)
                 + sum(wonder(w).vp.value for w in seat.wonders) + int(tokens.get(seat.player, 0)))
        if seat.hand is not None:
            shown += sum(card(c.card).vp.value for c in seat.hand)
        if seat.hand is None and seat.hand_count:
            en.append(f"{seat.player} {shown} (+ {count(seat.hand_count, 'card')} in hand)")
            ja.append(f"{seat.player} {shown}点（＋手札{seat.hand_count}枚）")
        else:
            en.append(f"{seat.player} {shown}")
            ja.append(f"{seat.player} {shown}点")
    return [T("VP so far: " + " · ".join(en), "現在の勝利点：" + " · ".join(ja))]
