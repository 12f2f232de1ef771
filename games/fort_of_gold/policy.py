"""A quick player for the look-ahead's rollouts: what a decent player does at a glance, reading
only the table (never the pile order).

Gain a treasure whenever possible (with the fewest cards); otherwise take the move that leaves
the stand tops most useful: tasks they can gain, partial coverage of the other tasks, altar
columns they can feed for Power (worth most while a task is missing, as Rotate then draws one).
It reads the real state and plays through the rules themselves (flow.py), writing no events.
"""
from __future__ import annotations

from . import flow
from .data import rules
from .rules import Move, _column_votes, _match_table, _votes, legal_moves
from .state import State

_R = rules()
CAP = _R.altar_column_cap
TASKS = _R.task_size
FULL = (1 << _R.symbol_slots) - 1
_BITS = [bin(i).count("1") for i in range(FULL + 1)]
KIND_BONUS = {"welcome": 0, "rotate": 2, "foresee": 3}
# what the stand tops are worth (tuned on 1,000 deals)
GAINABLE = 10.0     # a task the tops can gain now
PER_SLOT = 2.0      # each slot of another task the tops already cover
POWER_NEEDED = 3.0  # a top that gives an altar column Power while a task is missing
POWER = 1.0         # … while both tasks are there
WISDOM = 1.0        # a top that would be an altar column's 6th card
NEW_TASK = 8.0      # a Rotate that draws a task (the row is not full)


def cover(treasure: str, tops: list[str]) -> int:
    """The treasure's slots whose symbol some of `tops` carries in place (命の輝き when FULL)."""
    bits = 0
    match = _match_table(treasure)
    for top in tops:
        bits |= match[top]
    return bits


def tops_after(state: State, move: Move) -> list[str]:
    """The stand tops once `move` is made (welcome adds a top, a transfer uncovers one)."""
    out = []
    welcome = move.kind == "welcome"
    for i, cards in enumerate(state.stand):
        if i != move.column:
            if cards:
                out.append(cards[-1])
        elif welcome:
            out.append(move.card)
        elif len(cards) > 1:
            out.append(cards[-2])
    return out


def _altar(state: State) -> list[tuple[str, bool, tuple[int, ...]]]:
    """Each altar column with room: its treasure, whether the next card is its last, its vote sums."""
    return [(slot.treasure, len(slot.column) == CAP - 1, _column_votes(slot.treasure, tuple(slot.column)))
            for slot in state.altar if len(slot.column) < CAP]


def tops_value(state: State, tops: list[str], tasks: list[str],
               altar: list[tuple[str, bool, tuple[int, ...]]] | None = None) -> float:
    value = 0.0
    for t in tasks:
        bits = cover(t, tops)
        value += GAINABLE if bits == FULL else PER_SLOT * _BITS[bits]
    power = POWER_NEEDED if len(tasks) < TASKS else POWER
    for treasure, last, (a, b, c) in (_altar(state) if altar is None else altar):
        if last:
            value += WISDOM * len(tops)
            continue
        for top in tops:
            x, y, z = _votes(treasure, top)
            if (a + x > 0) + (b + y > 0) + (c + z > 0) >= 2:
                value += power
    return value


def score_move(state: State, move: Move, altar: list[tuple[str, bool, tuple[int, ...]]] | None = None) -> float:
    """How good a non-gain move looks (higher is better)."""
    value = tops_value(state, tops_after(state, move), state.tasks, altar) + KIND_BONUS[move.kind]
    if move.kind == "rotate" and len(state.tasks) < TASKS:
        value += NEW_TASK
    return value


def quick_score(state: State, move: Move) -> float:
    """The quick player's liking for any move: a gain with fewer cards first, then `score_move`."""
    if move.kind == "gain":
        return 100 - len(move.columns)
    return score_move(state, move)


def choose_turn(state: State) -> Move | None:
    """The quick player's action on the turn prompt (None: no action would succeed)."""
    moves = legal_moves(state)
    best_gain = None
    for m in moves:
        if m.kind == "gain" and (best_gain is None or len(m.columns) < len(best_gain.columns)):
            best_gain = m
    if best_gain is not None:
        return best_gain
    best, best_score = None, -1.0
    altar = _altar(state)
    for m in moves:
        s = score_move(state, m, altar)
        if s > best_score:
            best, best_score = m, s
    return best


def choose_return(state: State) -> str:
    """The task that the stand tops cover least goes back under the pile."""
    tops = [c[-1] for c in state.stand if c]
    return min(state.tasks, key=lambda t: _BITS[cover(t, tops)])


def useful(state: State, card: str) -> int:
    """How many task slots `card` could fill: the foreseen cards worth keeping on top."""
    return sum(_BITS[_match_table(t)[card]] for t in state.tasks)


def put_back_plan(state: State, cards: list[str]) -> list[tuple[str, str]]:
    """The quick player's way to put foreseen cards back: cards no task can use go to the
    bottom, the others on top with the most useful put back last (it is drawn first)."""
    ranked = sorted(cards, key=lambda c: useful(state, c))
    if not state.mana_pile:  # top and bottom of an empty pile are one place
        return [("top", c) for c in ranked]
    return [("bottom" if useful(state, c) == 0 else "top", c) for c in ranked]


def put_back(state: State, placements: list[tuple[str, str]]) -> None:
    for where, card in placements:
        flow.place_foreseen(state, card, where, None)


def follow_up(state: State) -> None:
    """Answer the prompts an action left open (return a task, put foreseen cards back)."""
    if state.step == "return":
        flow.return_treasure(state, choose_return(state), None)
    elif state.step == "foresee":
        put_back(state, put_back_plan(state, list(state.foresight)))


def step(state: State) -> bool:
    """One turn by this player; False when there is nothing to do (the game is over)."""
    if state.result is not None:
        return False
    if state.step != "turn":
        follow_up(state)
        return True
    move = choose_turn(state)
    if move is None:  # the rules end such a turn as a loss before it starts; kept for safety
        return False
    flow.perform(state, move, None)
    follow_up(state)
    return True


def rollout(state: State, limit: int = 200) -> State:
    """Play `state` to its end with this player (in place)."""
    for _ in range(limit):
        if not step(state):
            break
    return state
