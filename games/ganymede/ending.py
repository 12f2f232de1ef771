"""The end of the game: a side falls (checked after every comparison) or the round limit is reached."""
from __future__ import annotations

from games.kit import Event, T

from .order import DUEL_COLOURS, other
from .piles import side_name
from .state import EventList, State


def check_end(state: State, events: EventList) -> bool:
    """Duel: anyone at 0 or less ends it; both at once → the First Strike marker wins (G14).
    Co-op / three: purple at 0 or less → red and green win, even together (G21, G24); else they
    lose when both (or, by option, either) of red and green have fallen."""
    sides = state.sides
    if state.options.mode == "duel":
        fallen = [c for c in DUEL_COLOURS if not sides[c].alive]
        if not fallen:
            return False
        winners = [state.marker] if len(fallen) == 2 else [other(state, fallen[0])]
    elif not sides["purple"].alive:
        winners = list(DUEL_COLOURS)
    else:
        fallen = [not sides[c].alive for c in DUEL_COLOURS]
        if not (all(fallen) if state.options.coop_loss == "both" else any(fallen)):
            return False
        winners = ["purple"]
    finish(state, "ko", events, winners)
    return True


def finish(state: State, reason: str, events: EventList, winners: list[str] | None = None) -> None:
    if winners is None:  # the round limit
        if state.options.mode == "duel":
            red, green = state.sides["red"].hp, state.sides["green"].hp
            winners = [state.marker] if red == green else ["red" if red > green else "green"]
        else:
            winners = ["purple"]
    state.finished, state.step, state.queue, state.pending = True, "over", [], None
    state.winners, state.end_reason = winners, reason
    if state.current is not None:
        state.last, state.current = state.current, None
    if events is not None:
        names = [side_name(state.sides[c]) for c in winners]
        joined = T(" and ".join(n.en for n in names), "と".join(n.ja for n in names))
        why = T(" (round limit)", "（ラウンド上限）") if reason == "round_limit" else T("", "")
        events.append(Event(kind="game_over", text=T("Game over: ", "ゲーム終了：") + joined + T(" wins" if len(names) == 1 else " win", "の勝利") + why
                            + T(".", "。"), data={"winners": winners, "reason": reason}))
