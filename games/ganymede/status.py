"""What a Ganymede front end says once beside the board (`Game.notes`): which side the viewer
is on in co-op and three-player games, and, once they have fallen, what that means."""
from __future__ import annotations

from games.kit import T, Text

from .view import GanymedeView


def notes(view: GanymedeView, viewer: str | None) -> list[Text]:
    """The viewer's side (nothing in a duel, for a spectator or once the game is over) and, after
    their HP reached 0, that they make no more moves but may still win with their partner."""
    mine = next((s for s in view.sides if s.player == viewer and viewer is not None), None)
    if mine is None or view.mode == "duel" or view.finished:
        return []
    if mine.colour == "purple":
        lines = [T("Your side: purple, alone against red and green. You win if they fall (or you last until "
                   "the round limit).",
                   "あなたの陣営：紫。ひとりで赤と緑の両方と戦います。両方（設定によってはどちらか）を倒すか、"
                   "ラウンド上限まで耐えれば勝利です。")]
    else:
        partner_side = next((s for s in view.sides if s.colour not in (mine.colour, "purple")), None)
        partner = (partner_side.player or "") if partner_side else ""
        if view.mode == "coop":
            lines = [T(f"Your side: you and {partner} together against the automated purple side. You win when "
                       "purple falls.",
                       f"あなたの陣営：{partner}と協力して、自動で動く紫陣営と戦います。紫のHPを0にすれば勝利です。")]
        else:
            lines = [T(f"Your side: you and {partner} each fight purple. Red and green win when purple falls.",
                       f"あなたの陣営：{partner}と同じく紫と戦います。紫のHPを0にすれば赤と緑の勝利です。")]
    if not mine.alive:
        lines.append(T("You have fallen (HP 0): you make no more moves; your partner fights on, and you still "
                       "win together if purple falls.",
                       "あなたは脱落しました（HP 0）。これ以上の手番はありません。仲間が戦い続け、紫を倒せば一緒に勝利です。"))
    return lines
