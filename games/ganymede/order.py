"""Who acts and in which order: the duel's first player, turn order, opponents, reinforcement order."""
from __future__ import annotations

from .state import State

DUEL_COLOURS = ("red", "green")


def other(state: State, colour: str) -> str:
    """The duel opponent."""
    return "green" if colour == "red" else "red"


def living(state: State, colours: tuple[str, ...] = ("red", "green", "purple")) -> list[str]:
    return [c for c in colours if c in state.sides and state.sides[c].alive]


def next_first(state: State) -> str:
    """⑧: the player with more HP goes first; equal HP → the First Strike marker's holder."""
    red, green = state.sides["red"].hp, state.sides["green"].hp
    if state.round == 1 or red == green:
        return state.marker or "red"
    return "red" if red > green else "green"


def turn_order(state: State) -> list[str]:
    if state.options.mode == "duel":
        return [state.first or "red", other(state, state.first or "red")]
    return living(state)


def opponents(state: State, colour: str) -> list[str]:
    if state.options.mode == "duel":
        return [other(state, colour)]
    if colour == "purple":
        return living(state, DUEL_COLOURS)
    return ["purple"]


def reinforcement_order(state: State) -> list[str]:
    """⑦ duel: the only damaged player first, otherwise the marker holder (G2).
    Co-op: red, then green; three players: then purple (G22, G23)."""
    if state.options.mode == "duel":
        first = state.damaged[0] if len(state.damaged) == 1 else state.marker
        return [first, other(state, first)]
    order = living(state, DUEL_COLOURS)
    return order + (["purple"] if state.options.mode == "three" else [])
