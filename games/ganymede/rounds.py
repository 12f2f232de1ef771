"""The round procedure. Automatic steps run until a player owes a decision (`state.step` names it).

Duel: initial card → draw phases (first player, then second) → showdown and declarations →
damage → cleanup → reinforcement → the next first player. Co-op / three players: purple's initial
card, red's and green's → draws (red, green, purple) → declarations (red, green, purple) → red's
comparison, green's comparison → cleanup → reinforcement (red, green, purple in three players).

One module per phase, each handing over to the next: `setup` → here (a round opens with the
initial cards) → `draw_phase` (with the 2 and 4 of `effects`) → `battle` (showdown, declarations,
damage; `ending` when a side falls) → `round_end` (cleanup, reinforcement). The round is a loop
but the imports are not: `round_end` ends a round by setting `state.step = "next_round"`, and
`advance`, which the game calls after every choice, opens the next round from here.
"""
from __future__ import annotations

from games.kit import Event, T

from . import draw_phase
from .ending import finish
from .order import next_first, turn_order
from .piles import draw_card, side_name
from .rules import card_label
from .state import EventList, RoundRecord, State


def start_round(state: State, events: EventList) -> None:
    if state.round >= state.options.round_limit:
        finish(state, "round_limit", events)
        return
    state.round = state.round + 1
    state.damaged = []
    for side in state.sides.values():
        side.play = []
        side.face_down = []
        side.draws = 0
        side.aces_high = 0
        side.threes = {}
    if state.options.mode == "duel":
        state.first = next_first(state)
    state.current = RoundRecord(number=state.round, first=state.first)
    if events is not None:
        events.append(Event(kind="round", text=T(f"Round {state.round}.", f"第{state.round}ラウンド。")
                            + (T(" First player: ", " 先攻：") + side_name(state.sides[state.first])
                               if state.first else T("", "")), data={"round": state.round}))
    # 初期フェイズ: one card face up each (co-op: red first draws purple's).
    initial = turn_order(state)
    if state.options.mode != "duel":
        initial = ["purple"] + [c for c in initial if c != "purple"]
    for colour in initial:
        side = state.sides[colour]
        card = draw_card(state, side, events)
        if card is not None:
            side.play.append(card)
            if events is not None:
                events.append(Event(kind="initial", text=side_name(side) + T(" opens with ", "の初期カード：")
                                    + card_label(state.cards[card]) + T(".", "。"), data={"colour": colour}))
    state.step = "draw"
    state.queue = turn_order(state)
    draw_phase.continue_draw(state, events)


def end_round(state: State, events: EventList) -> None:
    state.last, state.current = state.current, None
    start_round(state, events)


def advance(state: State, events: EventList) -> None:
    """Open the next round while the last one ended with nobody owing a decision (a round can
    pass with no choice at all, so this loops)."""
    while state.step == "next_round":
        end_round(state, events)
