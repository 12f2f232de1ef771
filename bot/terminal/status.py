"""Lines the terminal prints under a game's board for the player at the keyboard: what a
person at a physical table keeps in mind without being told (running VP in Guns & Steel,
which side you are on and whether you have fallen in Ganymede). Public information only,
plus the viewer's own hand.

Lines that change as the game goes (the VP) come with every board; lines that hold for a long
time (your side, that you have fallen) once, and again on `v`: `notes` tells them apart."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import t


def _guns_and_steel(view: Any, viewer: str | None, lang: str) -> list[str]:
    """Running VP: every card on the table (face up or as a resource), wonders and VP tokens;
    the viewer's own hand too, other hands only as a count (their VP is hidden)."""
    from games.guns_and_steel.cards import card, wonder

    tokens = (view.extra or {}).get("vp_tokens", {})
    parts = []
    for seat in view.seats:
        shown = (sum(card(c.card).vp.value for c in seat.face_up) + sum(r.vp for r in seat.resources)
                 + sum(wonder(w).vp.value for w in seat.wonders) + int(tokens.get(seat.player, 0)))
        if seat.hand is not None:
            shown += sum(card(c.card).vp.value for c in seat.hand)
            parts.append(t("terminal.vp_own", lang, player=seat.player, vp=shown))
        else:
            parts.append(t("terminal.vp_other", lang, player=seat.player, vp=shown, n=seat.hand_count)
                         if seat.hand_count else t("terminal.vp_own", lang, player=seat.player, vp=shown))
    return [t("terminal.vp_line", lang, scores=" · ".join(parts))] if not view.finished else []


def _ganymede(view: Any, viewer: str | None, lang: str) -> list[str]:
    """Which side the viewer is on (co-op and three players) and, once fallen, what that means."""
    mine = next((s for s in view.sides if s.player == viewer and viewer is not None), None)
    if mine is None or view.mode == "duel" or view.finished:
        return []
    if mine.colour == "purple":
        lines = [t("terminal.side_purple", lang)]
    else:
        partner = next((s for s in view.sides if s.colour not in (mine.colour, "purple")), None)
        key = "terminal.side_coop" if view.mode == "coop" else "terminal.side_three"
        lines = [t(key, lang, partner=(partner.player or "") if partner else "")]
    if not mine.alive:
        lines.append(t("terminal.fallen", lang))
    return lines


STATUS: dict[str, Callable[[Any, str | None, str], list[str]]] = {
    "guns-and-steel": _guns_and_steel,
}
NOTES: dict[str, Callable[[Any, str | None, str], list[str]]] = {
    "ganymede": _ganymede,
}


def status_lines(game_key: str, view: Any, viewer: str | None, lang: str) -> list[str]:
    """Lines for under every board."""
    make = STATUS.get(game_key)
    return make(view, viewer, lang) if make is not None else []


def notes(game_key: str, view: Any, viewer: str | None, lang: str) -> list[str]:
    """Lines to say once (and again when they change, or on `v`)."""
    make = NOTES.get(game_key)
    return make(view, viewer, lang) if make is not None else []
