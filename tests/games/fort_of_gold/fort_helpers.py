"""Scenario builders for the Fort of Gold tests: lay out the table card by card, then play through prompts.

Cards are named by their symbol layout (L-C-R), which is unique within each deck:
`sp("R-G")` is the spirit with red on the left and green on the right, `tr("RRG")` a treasure.
"""
from __future__ import annotations

from games.fort_of_gold import GAME, State
from games.fort_of_gold.data import layout, load
from games.fort_of_gold.flow import start_turn
from games.fort_of_gold.state import AltarSlot
from games.kit import Event, Prompt

P = "solo"


def sp(layout: str) -> str:
    return next(c.id for c in load().spirits.cards if c.layout == layout)


def tr(layout: str) -> str:
    return next(c.id for c in load().treasures.cards if c.layout == layout)


def scenario(inner: list[str] = (), tasks: list[str] = (), stand: list[list[str]] = ([], [], []),
             altar: list[tuple[str, list[str]]] = (), mana_top: list[str] = (), mana_size: int | None = None,
             treasure_top: list[str] = (), options: dict | None = None, seed: int = 1) -> State:
    """A state at the start of a turn with exactly these cards placed (by layout).

    The mana pile starts with `mana_top` and goes on with the remaining spirits in id order;
    `mana_size` cuts it to that many cards (the rest leave the game: a short pile for end-game tests).
    The treasure pile likewise starts with `treasure_top`."""
    state = GAME.setup([P], options or {}, seed)
    inner_ids = [sp(x) for x in inner]
    stand_ids = [[sp(x) for x in col] for col in stand]
    altar_slots = [AltarSlot(treasure=tr(t), column=[sp(x) for x in col]) for t, col in altar]
    used = set(inner_ids) | {c for col in stand_ids for c in col} | {c for s in altar_slots for c in s.column}
    top = [sp(x) for x in mana_top]
    rest = [c.id for c in load().spirits.cards if c.id not in used and c.id not in top]
    pile = top + rest
    if mana_size is not None:
        pile = pile[:mana_size]
    task_ids = [tr(t) for t in tasks]
    placed_t = set(task_ids) | {s.treasure for s in altar_slots}
    t_top = [tr(t) for t in treasure_top]
    t_rest = [c.id for c in load().treasures.cards if c.id not in placed_t and c.id not in t_top]
    state.inner, state.tasks, state.stand, state.altar = inner_ids, task_ids, stand_ids, altar_slots
    state.mana_pile, state.treasure_pile = pile, t_top + t_rest
    state.foresight, state.seen_mana, state.seen_treasures = [], [], []
    state.turn, state.result = 1, None
    start_turn(state, [])
    return State.model_validate(state.model_dump())


def prompt(state: State, pid: str = "turn") -> Prompt:
    found = [p for p in GAME.prompts(state) if p.id == pid]
    assert found, f"no open prompt {pid}: {[p.id for p in GAME.prompts(state)]}"
    return found[0]


def keys(state: State, pid: str = "turn", group: str | None = None) -> list[str]:
    return [o.key for o in prompt(state, pid).options if group is None or o.group == group]


def act(state: State, key: str, pid: str = "turn") -> tuple[State, list[Event]]:
    return GAME.apply(state, P, pid, [key])


def welcome(card: str, column: int) -> str:
    return f"welcome:{sp(card)}:{column}"


def gain(treasure: str, *columns: int) -> str:
    return f"gain:{tr(treasure)}:" + "+".join(str(c) for c in columns)


def rotate(column: int, treasure: str) -> str:
    return f"rotate:{column}:{tr(treasure)}"


def foresee(column: int, treasure: str) -> str:
    return f"foresee:{column}:{tr(treasure)}"


def layouts(cards: list[str]) -> list[str]:
    return [layout(c) for c in cards]
