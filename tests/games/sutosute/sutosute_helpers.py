"""Scenario builders for the Sutosute tests: put chosen cards in hands and dice, then play through prompts."""
from __future__ import annotations

from games.kit import Prompt
from games.sutosute import GAME
from games.sutosute.data import KINDS, REVOLUTION
from games.sutosute.state import DiscardEntry, State

A, B = "alice", "bob"


def scenario(hands: dict[str, list[str]], dice: tuple[int, int, int] = (3, 3, 3), options: dict | None = None,
             civs: dict[str, str] | None = None, deck: list[str] | None = None, discard: list[str] | None = None,
             scores: dict[str, int] | None = None, seed: int = 1) -> State:
    """A state at the start of a round with exactly these hands (kinds), dice (red, black, white), etc."""
    state = GAME.setup([A, B], options or {}, seed)
    free = {k: [c for c, kind in state.cards.items() if kind == k] for k in (*KINDS, REVOLUTION)}

    def take(kind: str) -> str:
        return free[kind].pop(0)

    state.hands = {p: [take(k) for k in hands.get(p, [])] for p in (A, B)}
    state.discard = [DiscardEntry(card=take(k), face_up=True) for k in (discard or [])]
    top = [take(k) for k in (deck or [])]
    state.deck = top + [c for k in (*KINDS, REVOLUTION) for c in free[k]]
    state.dice = {"red": dice[0], "black": dice[1], "white": dice[2]}
    state.civs = dict(civs or {})
    state.civ_turn = []
    state.step = "place"
    state.placed = {}
    state.public = []
    state.scores = dict(scores or {A: 0, B: 0})
    return State.model_validate(state.model_dump())


def prompt(state: State, pid: str, player: str | None = None) -> Prompt:
    found = [p for p in GAME.prompts(state) if p.id == pid and (player is None or p.player == player)]
    assert found, f"no open prompt {pid} for {player}: {[(p.id, p.player) for p in GAME.prompts(state)]}"
    return found[0]


def key_for_kind(state: State, p: Prompt, kind: str, from_discard: bool | None = None) -> str:
    for o in p.options:
        if o.key in state.cards and state.cards[o.key] == kind:
            in_discard = any(e.card == o.key for e in state.discard)
            if from_discard is None or in_discard == from_discard:
                return o.key
    raise AssertionError(f"{kind} not offered in {p.id}: {[o.label.en for o in p.options]}")


def offered_kinds(state: State, p: Prompt) -> list[str]:
    return [state.cards[o.key] for o in p.options if o.key in state.cards]


def act(state: State, pid: str, choice: list[str], player: str | None = None):
    p = prompt(state, pid, player)
    return GAME.apply(state, p.player, pid, choice)


def play(state: State, kind_a: str, kind_b: str):
    """Both players place the given kinds; returns the state and all events."""
    pa = prompt(state, "place", A)
    state, ev1 = GAME.apply(state, A, "place", [key_for_kind(state, pa, kind_a)])
    pb = prompt(state, "place", B)
    state, ev2 = GAME.apply(state, B, "place", [key_for_kind(state, pb, kind_b)])
    return state, ev1 + ev2


def kinds(state: State, cards: list[str]) -> list[str]:
    return sorted(state.cards[c] for c in cards)


def stop_combo(state: State, events: list | None = None):
    """Decline a combo if one is offered; the step's events are appended to `events`."""
    if any(p.id == "combo" for p in GAME.prompts(state)):
        state, more = act(state, "combo", ["stop"])
        if events is not None:
            events.extend(more)
    return state
