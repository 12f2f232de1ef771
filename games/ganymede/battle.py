"""④ Showdown and declarations (3 and A), ⑤ damage: the comparisons of the round."""
from __future__ import annotations

from games.kit import Event, T
from games.kit.words import floored

from . import round_end
from .data import ACE
from .ending import check_end
from .order import DUEL_COLOURS, opponents, other, turn_order
from .piles import label_text, side_name
from .rules import auto_aces, clash, own_total, special_count
from .state import Clash, EventList, State


def showdown(state: State, events: EventList) -> None:
    """④: every face-down card turns up; then 3 and A are declared in turn order (G8, G19, G23)."""
    state.step = "declare"
    state.queue = []
    for colour in turn_order(state):
        side = state.sides[colour]
        side.face_down = []
        state.current.cards[colour] = [state.cards[c] for c in side.play]
        if events is not None:
            events.append(Event(kind="showdown", text=side_name(side) + T(": ", "：") + label_text(state, side.play),
                                data={"colour": colour}))
        if side.player is None:
            side.aces_high = auto_aces(state, side)
            continue
        if special_count(state, side, ACE):
            state.queue.append(f"{colour}:aces")
        if special_count(state, side, "3"):
            state.queue.extend(f"{colour}:threes:{target}" for target in opponents(state, colour))
    continue_declare(state, events)


def continue_declare(state: State, events: EventList) -> None:
    if not state.queue:
        resolve(state, events)


def declare_aces(state: State, colour: str, high: int, events: EventList) -> None:
    side = state.sides[colour]
    side.aces_high = high
    state.queue.pop(0)
    count = special_count(state, side, ACE)
    if events is not None:
        events.append(Event(kind="aces", text=side_name(side) + T(
            f" counts {high} of {count} A as 11 (cards total {own_total(state, side)}).",
            f"はA{count}枚のうち{high}枚を11として扱います（合計{own_total(state, side)}）。"),
            data={"colour": colour, "aces_high": high}))
    continue_declare(state, events)


def declare_threes(state: State, colour: str, target: str, delta: int, events: EventList) -> None:
    side = state.sides[colour]
    side.threes[target] = delta
    state.queue.pop(0)
    if events is not None:
        events.append(Event(kind="threes", text=side_name(side) + T(
            f" uses the 3: {delta:+d} to the strength of ", "は3の効果で") + side_name(state.sides[target])
            + T(".", f"の《強さ》を{delta:+d}します。"), data={"colour": colour, "target": target, "delta": delta}))
    continue_declare(state, events)


def resolve(state: State, events: EventList) -> None:
    """⑤: the duel's one comparison, or red's then green's comparison with purple (G20)."""
    record = state.current
    for side in state.sides.values():
        if side.play:
            record.aces_high[side.colour] = side.aces_high
        if side.threes:
            record.threes[side.colour] = dict(side.threes)
    if state.options.mode == "duel":
        pairs = [(state.first, other(state, state.first))]
    else:
        pairs = [(c, "purple") for c in DUEL_COLOURS]
    for a, b in pairs:
        if not state.sides[a].alive:
            continue
        result = clash(state, state.sides[a], state.sides[b])
        record.clashes.append(result)
        for me, them in ((a, b), (b, a)):
            if result.dealt[me]:
                state.sides[them].hp -= result.dealt[me]
                if them not in state.damaged:
                    state.damaged.append(them)
        if events is not None:
            events.append(clash_event(state, result))
        if check_end(state, events):
            return
    round_end.start_cleanup(state, events)


def clash_event(state: State, result: Clash) -> Event:
    en, ja = [], []
    for colour in result.sides:
        name, strength = side_name(state.sides[colour]), result.strength[colour]
        bust, cap = result.bust[colour], result.capped[colour]
        en.append(f"{name.en} {strength}{' (bust)' if bust else ''} deals {result.dealt[colour]}"
                  f"{' (capped at 3 by a 10)' if cap else ''}")
        ja.append(f"{name.ja} {strength}{'（バースト）' if bust else ''}→{result.dealt[colour]}ダメージ"
                  f"{'（10により最大3）' if cap else ''}")
    hp_en = ", ".join(f"{side_name(state.sides[c]).en} HP {floored(state.sides[c].hp).en}" for c in result.sides)
    hp_ja = "、".join(f"{side_name(state.sides[c]).ja} HP{floored(state.sides[c].hp).ja}" for c in result.sides)
    return Event(kind="damage", text=T("Strength: " + "; ".join(en) + f". {hp_en}.",
                                       "《強さ》：" + " / ".join(ja) + f"。{hp_ja}。"), data=result.model_dump())
