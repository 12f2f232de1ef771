"""Base wonders (seed-B 手番終了フェイズ a.i): at the end of your turn with 0–1 cards in hand,
before recollection, if you meet the condition of wonders on the table you must take one
(your choice among several). The last wonder taken ends the game at once.

Condition kinds (data `condition.value` + `params`): resources {resource: n} = unspent
resources in your field; face_up {type: n} = face-up cards of a type; distinct_resources
{count}; military {min}.
"""
from __future__ import annotations

from games.kit import Option, T

from . import field
from .cards import wonder
from .flow import Events, TaskHandler, make_prompt, say
from .state import State, Task
from .turn import trigger_end


def condition_met(state: State, player: str, wonder_id: str) -> bool:
    return _met(state, player, wonder_id, *_holdings(state, player))


def _holdings(state: State, player: str) -> tuple[list[str], list[str]]:
    """The player's resources by kind and face-up cards by type (asked once per wonder check)."""
    return ([field.info(state, c).resource for c in field.resources(state, player)],
            [field.info(state, c).kind for c in field.face_up(state, player)])


def _met(state: State, player: str, wonder_id: str, res: list[str], ups: list[str]) -> bool:
    w = wonder(wonder_id)
    kind, params = w.condition.value, w.condition.params
    if kind == "resources":
        return all(res.count(r) >= n for r, n in params.items())
    if kind == "face_up":
        return all(ups.count(t) >= n for t, n in params.items())
    if kind == "distinct_resources":
        return len(set(res)) >= params["count"]
    if kind == "military":
        return field.military(state, player) >= params["min"]
    raise ValueError(f"unknown base wonder condition {kind!r} on {wonder_id}")


def qualifying(state: State, player: str) -> list[str]:
    res, ups = _holdings(state, player)
    return [w for w in state.table_wonders if wonder(w).set == "base" and _met(state, player, w, res, ups)]


def take_wonder(state: State, player: str, wonder_id: str, events: Events) -> None:
    """Move a wonder from the table to the player; the last one ends the game."""
    state.table_wonders.remove(wonder_id)
    state.seats[player].wonders.append(wonder_id)
    w = wonder(wonder_id)
    say(events, "wonder", f"{player} acquires {w.name.en} ({w.vp.value} VP).", f"{player}は〈{w.name.ja}〉を獲得（{w.vp.value}VP）。",
        wonder=wonder_id)
    if not state.table_wonders:
        trigger_end(state, "wonders", events)


def _prompt(state: State, t: Task):
    ws = qualifying(state, t.player)
    if len(ws) <= 1:
        return None
    return make_prompt(t, T("You meet the condition of several wonders: take one.", "複数の世界遺産の条件を満たしています：1枚を獲得してください。"),
                       [Option(key=w, label=wonder(w).label + T(f" ({wonder(w).vp.value} VP)", f"（{wonder(w).vp.value}VP）"))
                        for w in ws])


def _run(state: State, t: Task, events: Events) -> None:
    ws = qualifying(state, t.player)
    if ws:
        take_wonder(state, t.player, ws[0], events)


WONDERS_HANDLER = TaskHandler(prompt=_prompt, run=_run, resolve=lambda s, t, c, e: take_wonder(s, t.player, c[0], e))
