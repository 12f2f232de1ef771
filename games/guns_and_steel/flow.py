"""The task stack that drives a turn: every step is a `Task`; decisions become prompts.

The handler of a task kind (listed in `wiring.py`) has `prompt(state, task) -> Prompt | None` (None =
nothing to ask now, so `run` is called), `run(state, task, events)` for the automatic path
and `resolve(state, task, choice, events)` for the answer. The engine pops a task before
calling `run`/`resolve`; a handler continues by pushing tasks (`push`, `push_seq`). With an
empty stack the next turn starts. Exactly one prompt is open at a time, so decisions owed by
other players are asked one after another, in turn order.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.kit import Event, Option, Prompt, T, Text
from games.kit.trusted import trusted_event, trusted_prompt

from .state import State, Task

Events = list[Event]


class _Quiet(list):
    """The event list of a caller that throws events away (playouts, search: the kit's
    `events=False`): `say` writes nothing into it, so no sentence or Event is built."""

    def append(self, item: Any) -> None:
        pass

    def extend(self, items: Any) -> None:
        pass


QUIET: Events = _Quiet()


@dataclass(frozen=True)
class TaskHandler:
    prompt: Callable[[State, Task], Prompt | None] | None = None
    run: Callable[[State, Task, Events], None] | None = None
    resolve: Callable[[State, Task, list[str], Events], None] | None = None


# Task kind -> its handler, and the step that starts the next turn when the stack is empty
# (`turn.start_turn`): both filled from the lists in `wiring.py`.
TASKS: dict[str, TaskHandler] = {}
NEXT_TURN: list[Callable[[State, Events], None]] = []


_PLAIN = (str, int, bool, float, type(None))


def task(kind: str, player: str, **data: Any) -> Task:
    """The task `kind` owed by `player`. Tasks are never changed once pushed, so one whose data
    holds only plain values is built once and shared, like the tasks without data (a turn
    pushes several: validating each again cost the engine a few per cent); one whose data
    holds a list or dict is built fresh."""
    if not data:
        return _bare_task(kind, player)
    key = []
    for name, value in data.items():
        if type(value) not in _PLAIN:
            return Task(kind=kind, player=player, data=data)
        key.append((name, type(value), value))   # the type: 1 and True are equal keys
    return _shared_task(kind, player, tuple(key))


@lru_cache(maxsize=4096)
def _shared_task(kind: str, player: str, key: tuple[tuple[str, type, Any], ...]) -> Task:
    return Task(kind=kind, player=player, data={name: value for name, _, value in key})


@lru_cache(maxsize=1024)
def _bare_task(kind: str, player: str) -> Task:
    """Tasks are never changed once pushed, so one without data is built once and shared
    (each turn pushes several)."""
    return Task(kind=kind, player=player, data={})




def push(state: State, t: Task) -> None:
    """Make `t` the next step."""
    state.tasks.append(t)


def push_seq(state: State, tasks: list[Task]) -> None:
    """Run `tasks` next, in the given order (before anything already waiting)."""
    state.tasks.extend(reversed(tasks))


def open_prompt(state: State) -> Prompt | None:
    if state.finished or not state.tasks:
        return None
    t = state.tasks[-1]
    handler = TASKS[t.kind]
    return handler.prompt(state, t) if handler.prompt else None


def advance(state: State, events: Events) -> Prompt | None:
    """Run automatic steps until a player owes a decision (returned) or the game is over (None).
    (`open_prompt` inlined: this loop asks it two or three times per action.)"""
    guard = 0
    while not state.finished:
        guard += 1
        if guard > 100_000:
            raise RuntimeError("guns-and-steel flow does not advance")
        tasks = state.tasks         # read afresh each step: ending the game replaces the list
        if not tasks:
            NEXT_TURN[0](state, events)
            continue
        t = tasks[-1]
        handler = TASKS[t.kind]
        if handler.prompt is not None:
            found = handler.prompt(state, t)
            if found is not None:
                return found
        tasks.pop()
        if handler.run is not None:
            handler.run(state, t, events)
    return None


def resolve(state: State, choice: list[str], events: Events) -> Prompt | None:
    """Answer the open prompt (already validated against its options) and run on; the
    decision owed next, if any."""
    t = state.tasks.pop()
    handler = TASKS[t.kind]
    assert handler.resolve is not None, t.kind
    handler.resolve(state, t, choice, events)
    return advance(state, events)


def make_prompt(t: Task, text: Text, options: list[Option], low: int = 1, high: int = 1,
                window: Text | None = None) -> Prompt:
    return trusted_prompt(t.kind, t.player, text, list(options), window, low=low, high=high)


def quiet(events: Events) -> bool:
    """Whether `events` throws what is said away: a sentence built only to be said is skipped."""
    return events is QUIET


def say(events: Events, kind: str, en: str, ja: str, to: list[str] | None = None, **data: Any) -> None:
    if events is QUIET:
        return
    events.append(trusted_event(kind, T(en, ja), to, data))


def say_text(events: Events, kind: str, text: Text, to: list[str] | None = None, **data: Any) -> None:
    if events is QUIET:
        return
    events.append(trusted_event(kind, text, to, data))
