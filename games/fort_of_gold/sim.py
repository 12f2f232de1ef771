"""A bare copy of the table for the computer player's look-ahead: the same rules as flow.py and
rules.py on plain lists, with no events, prompts or validation, so a whole game plays out in
about a millisecond. `tests/games/fort_of_gold/test_fort_sim.py` checks it move for move against
the real engine.

Moves are tuples: ("welcome", card, column), ("gain", treasure, columns), ("rotate", column,
treasure) and ("foresee", column, treasure); columns are 0-based as in rules.Move.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .data import rules, same_name_key
from .rules import _matches, _votes
from .state import State

SimMove = tuple

_R = rules()
CAP = _R.altar_column_cap
TASKS = _R.task_size
WIN = _R.treasures_to_win
LOOK = _R.foresee_count
FULL = (1 << _R.symbol_slots) - 1
# every non-empty set of stand columns, smallest first (a gain names each chosen column once)
SUBSETS = [c for k in range(1, _R.stand_columns + 1) for c in combinations(range(_R.stand_columns), k)]


@dataclass(slots=True)
class Board:
    """The zones the rules read. `votes[i]` are altar column i's per-slot majority sums (7.3.1)."""

    names: str                          # the same-name reading (Options.spirit_names)
    mana: list[str]                     # top first
    treasures: list[str]                # top first
    inner: list[str]
    tasks: list[str]
    stand: list[list[str]]
    altar: list[tuple[str, list[str]]]
    votes: list[list[int]]
    result: str | None = None           # "won" / "lost"

    def copy(self) -> Board:
        return Board(self.names, self.mana[:], self.treasures[:], self.inner[:], self.tasks[:],
                     [c[:] for c in self.stand], [(t, c[:]) for t, c in self.altar], [v[:] for v in self.votes],
                     self.result)


def from_state(state: State) -> Board:
    """The board of a (determinized) state at any step. Foreseen cards not yet put back are not
    on it (state.foresight: the caller puts them back with `put_back`)."""
    altar = [(s.treasure, list(s.column)) for s in state.altar]
    board = Board(state.options.spirit_names, list(state.mana_pile), list(state.treasure_pile),
                  list(state.inner), list(state.tasks), [list(c) for c in state.stand], altar,
                  [column_votes(t, c) for t, c in altar])
    if state.result is not None:
        board.result = "won" if state.result == "won" else "lost"
    return board


def column_votes(treasure: str, column: list[str]) -> list[int]:
    votes = [0] * _R.symbol_slots
    for spirit in column:
        for i, v in enumerate(_votes(treasure, spirit)):
            votes[i] += v
    return votes


def powered(treasure: str, votes: list[int], spirit: str) -> bool:
    """力の輝き after `spirit` joins a column with these vote sums."""
    return sum(1 for v, w in zip(votes, _votes(treasure, spirit), strict=True) if v + w > 0) >= 2


def cover(treasure: str, tops: list[str]) -> int:
    """The treasure's slots whose symbol some of `tops` carries in place (命の輝き when FULL)."""
    bits = 0
    for top in tops:
        bits |= _matches(treasure, top)
    return bits


def welcome_moves(b: Board) -> list[SimMove]:
    names = [{same_name_key(c, b.names) for c in col} for col in b.stand]
    return [("welcome", card, col) for card in b.inner for col in range(len(b.stand))
            if same_name_key(card, b.names) not in names[col]]


def gain_moves(b: Board) -> list[SimMove]:
    out = []
    stand = b.stand
    for t in b.tasks:
        bits = [_matches(t, col[-1]) if col else -1 for col in stand]
        for cols in SUBSETS:
            covered = 0
            for c in cols:
                if bits[c] < 0:
                    break
                covered |= bits[c]
            else:
                if covered == FULL:
                    out.append(("gain", t, cols))
    return out


def transfer_moves(b: Board) -> list[SimMove]:
    out = []
    for col, cards in enumerate(b.stand):
        if not cards:
            continue
        top = cards[-1]
        for (t, column), votes in zip(b.altar, b.votes, strict=True):
            if len(column) >= CAP:
                continue
            if powered(t, votes, top):
                out.append(("rotate", col, t))
            if len(column) + 1 == CAP:
                out.append(("foresee", col, t))
    return out


def legal(b: Board) -> list[SimMove]:
    return welcome_moves(b) + gain_moves(b) + transfer_moves(b)


def has_move(b: Board) -> bool:
    """Whether any action would succeed (rule 8's loss test), cheaper than listing them."""
    if b.inner:
        for col in b.stand:
            names = {same_name_key(c, b.names) for c in col}
            if any(same_name_key(card, b.names) not in names for card in b.inner):
                return True
    return bool(gain_moves(b) or transfer_moves(b))


# ---- carrying a move out ---------------------------------------------------------------------

def play(b: Board, move: SimMove, returned: str | None = None, placements: list[tuple[str, str]] | None = None) -> None:
    """Carry `move` out with its follow-up answers: the task `returned` after a rotate with a full
    task row, the foreseen cards' `placements` ((where, card) in the order put back; default: all
    back on top in their order). Then the end of the turn (a win, or a loss with no move left)."""
    kind = move[0]
    if kind == "welcome":
        _, card, col = move
        space = b.inner.index(card)
        b.stand[col].append(card)
        if b.mana:
            b.inner[space] = b.mana.pop(0)
        else:
            del b.inner[space]
    elif kind == "gain":
        _, t, cols = move
        b.tasks.remove(t)
        column = [b.stand[c].pop() for c in cols]
        b.altar.append((t, column))
        b.votes.append(column_votes(t, column))
    else:
        _, col, t = move
        card = b.stand[col].pop()
        i = next(i for i, (tt, _) in enumerate(b.altar) if tt == t)
        b.altar[i][1].append(card)
        votes = b.votes[i]
        for j, v in enumerate(_votes(t, card)):
            votes[j] += v
        if kind == "rotate":
            if len(b.tasks) < TASKS:
                returned = None
            elif returned is None:
                returned = b.tasks[0]
            return_and_draw(b, returned)
            return
        looked, b.mana = b.mana[:LOOK], b.mana[LOOK:]
        put_back(b, placements if placements is not None else [("top", c) for c in reversed(looked)])
        return
    end_turn(b)


def return_and_draw(b: Board, returned: str | None) -> None:
    """7.3 step 3: the returned task (with a full task row) goes under the pile, then draw one."""
    if returned is not None:
        b.tasks.remove(returned)
        b.treasures.append(returned)
    if b.treasures:
        b.tasks.append(b.treasures.pop(0))
    end_turn(b)


def put_back(b: Board, placements: list[tuple[str, str]]) -> None:
    """7.4 step 3, one card at a time: a card put on top goes above those put back before it."""
    for where, card in placements:
        if where == "top":
            b.mana.insert(0, card)
        else:
            b.mana.append(card)
    end_turn(b)


def end_turn(b: Board) -> None:
    if len(b.altar) >= WIN:
        b.result = "won"
    elif not has_move(b):
        b.result = "lost"
