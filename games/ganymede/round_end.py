"""⑥ Cleanup (each damaged player removes a used card) and ⑦ reinforcement (a black card each);
then the round is over (`state.step = "next_round"`: `rounds.advance` starts the next one)."""
from __future__ import annotations

from games.kit import Event, T

from .order import reinforcement_order
from .piles import side_name, take_black
from .rules import card_label
from .state import EventList, State


def start_cleanup(state: State, events: EventList) -> None:
    """⑥: each damaged player (never purple, G12, G22) removes one of their used cards."""
    state.step = "remove"
    state.queue = [c for c in state.damaged if c != "purple" and state.sides[c].alive and state.sides[c].play]
    if not state.queue:
        end_cleanup(state, events)


def remove_card(state: State, colour: str, card: str, events: EventList) -> None:
    side = state.sides[colour]
    side.play.remove(card)
    side.removed.append(card)
    state.queue.remove(colour)
    state.current.removed.append(colour)
    if events is not None:
        events.append(Event(kind="remove", text=side_name(side) + T(" removes one used card from the game.",
                                                                   "は使ったカード1枚をゲームから除外しました。")))
        events.append(Event(kind="removed", to=[side.player], text=T("You removed ", "除外したカード：")
                            + card_label(state.cards[card]) + T(" from the game.", "。")))
    if not state.queue:
        end_cleanup(state, events)


def end_cleanup(state: State, events: EventList) -> None:
    for side in state.sides.values():
        side.used.extend(side.play)
        side.play = []
        side.face_down = []
    start_reinforcement(state, events)


def start_reinforcement(state: State, events: EventList) -> None:
    state.step = "reinforce"
    state.queue = reinforcement_order(state)
    continue_reinforcement(state, events)


def continue_reinforcement(state: State, events: EventList) -> None:
    if state.queue and not state.supply:
        if events is not None:
            events.append(Event(kind="supply_empty", text=T("No black cards are left to take.",
                                                            "黒カードは残っていません。")))
        state.queue = []
    if not state.queue:
        state.step = "next_round"  # rounds.advance, called after every choice, opens the next round


def reinforce(state: State, colour: str, rank: str, events: EventList) -> None:
    side = state.sides[colour]
    side.used.append(take_black(state, rank))
    state.queue.remove(colour)
    state.current.gained[colour] = rank
    if events is not None:
        events.append(Event(kind="reinforce", text=side_name(side) + T(f" takes a black {rank} into the used pile.",
                                                                      f"は黒{rank}を使用済デッキに加えました。"),
                            data={"colour": colour, "rank": rank}))
    continue_reinforcement(state, events)
