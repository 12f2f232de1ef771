"""②③ The draw phases: each side in turn draws (face down in the duel) or stops; the automated
co-op purple side draws by its rule. The 2 and 4 drawn here act through `effects`."""
from __future__ import annotations

from games.kit import Event, T

from . import battle
from .piles import draw_card, side_name
from .rules import can_draw_more, card_label, draw_total, purple_wants_card
from .state import EventList, Side, State


def continue_draw(state: State, events: EventList) -> None:
    """Let each side in turn draw; stop where a player must decide. In the duel a player who
    has drawn face down always ends with their own "stop": whether they could draw on (their
    hidden total) or use a 2 or 4 must not show in whom the board waits for."""
    while state.queue:
        side = state.sides[state.queue[0]]
        if side.player is None:  # the automated co-op purple side
            while can_draw_more(state, side) and purple_wants_card(state, side):
                draw_one(state, side, events)
        elif can_draw_more(state, side) or (state.options.mode == "duel" and side.draws > 0):
            return
        state.queue.pop(0)
    battle.showdown(state, events)


def draw_one(state: State, side: Side, events: EventList) -> str | None:
    card = draw_card(state, side, events)
    if card is None:
        return None
    side.play.append(card)
    side.draws = side.draws + 1
    if state.options.mode == "duel":
        side.face_down.append(card)
        if events is not None:
            events.append(Event(kind="draw", text=side_name(side) + T(f" draws a card face down ({side.draws} of 3).",
                                                                     f"は裏向きで1枚引きました（{side.draws}/3枚）。")))
            events.append(Event(kind="drew", to=[side.player], text=T("You drew ", "引いたカード：")
                                + card_label(state.cards[card]) + T(f" (total {draw_total(state, side)}).",
                                                                    f"（合計{draw_total(state, side)}）。")))
    else:
        if events is not None:
            events.append(Event(kind="draw", text=side_name(side) + T(" draws ", "が引いたカード：")
                                + card_label(state.cards[card]) + T(f" (total {draw_total(state, side)}).",
                                                                    f"（合計{draw_total(state, side)}）。")))
    return card


def stop_drawing(state: State, colour: str, events: EventList) -> None:
    side = state.sides[colour]
    state.queue.remove(colour)
    if events is not None:
        events.append(Event(kind="stop", text=side_name(side) + T(" stops drawing.", "はドローを終えました。")))
    continue_draw(state, events)
