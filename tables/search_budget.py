"""How much the strong player searches per decision, per game and mode.

The budget counts the search's own work (iterations; Fort of Gold: rollouts), not wall time:
the same seed gives the same move however busy the machine is, and a busy machine makes the
computer slower, never weaker. The figures live in `search_budgets.json`, with the command and
measurements they come from (`bench/search_budget.py`): each is what one idle core searched in
0.9 s, the old wall-clock budget.

A wall ceiling still bounds a decision (`CEILING_S`, setting `SEARCH_CEILING_S`), counted from
when the table asked: on a machine so overloaded that a decision has not been searched by then
(its wait for a worker included), the search answers with what it has (weaker) rather than keep
a person waiting; the runner counts such decisions for operators. A decision that waited in the
queue past the ceiling still searches for `MIN_THINK_S`.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from games import registry

DATA = Path(__file__).with_name("search_budgets.json")
CEILING_S = 30.0  # wall seconds a search may take before it answers with what it has
MIN_THINK_S = 1.0  # what a search keeps of the ceiling however long it waited for a worker
FALLBACK_ITERATIONS = 1000  # a game or mode the data file does not know
# every budget key (`budget_key`) with a table that has it: (game key, options, seats)
MODES: dict[str, tuple[str, dict, int]] = {
    "sutosute": ("sutosute", {}, 2),
    "ganymede/duel": ("ganymede", {"mode": "duel"}, 2),
    "ganymede/coop": ("ganymede", {"mode": "coop"}, 2),
    "ganymede/three": ("ganymede", {"mode": "three"}, 3),
    "guns-and-steel/2p": ("guns-and-steel", {}, 2),
    "guns-and-steel/3p": ("guns-and-steel", {}, 3),
    "guns-and-steel/4p": ("guns-and-steel", {}, 4),
    "fort-of-gold": ("fort-of-gold", {}, 1),
}


@cache
def budgets() -> dict[str, int]:
    """Iterations per budget key, from the data file."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    return {key: int(entry["iterations"]) for key, entry in data["budgets"].items()}


def budget_key(state: Any) -> str:
    """`game`, `game/mode` (Ganymede: duel, coop, three) or `game/Np` (a game whose player
    count varies: Guns & Steel)."""
    mode = getattr(getattr(state, "options", None), "mode", None)
    if mode is not None:
        return f"{state.game}/{getattr(mode, 'value', mode)}"
    game = registry.get(state.game)
    if game.min_players != game.max_players:
        return f"{state.game}/{len(state.players)}p"
    return state.game


def ceiling_left(ceiling_s: float, waited_s: float) -> float:
    """A search's wall ceiling after `waited_s` in the queue."""
    return max(min(MIN_THINK_S, ceiling_s), ceiling_s - max(0.0, waited_s))


def iterations_for(state: Any) -> int:
    """The default iterations of one strong decision at this table."""
    table = budgets()
    key = budget_key(state)
    return table.get(key) or table.get(key.split("/")[0]) or FALLBACK_ITERATIONS
