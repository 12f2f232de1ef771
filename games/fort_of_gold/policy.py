"""A quick player for the look-ahead's rollouts: what a decent player does at a glance, reading
only the table (never the pile order).

Gain a treasure whenever possible (with the fewest cards); otherwise take the move that leaves
the stand tops most useful: tasks they can gain, partial coverage of the other tasks, altar
columns they can feed for Power (worth most while a task is missing, as Rotate then draws one).
"""
from __future__ import annotations

from .rules import _matches
from .sim import CAP, FULL, TASKS, Board, SimMove, cover, gain_moves, play, powered, transfer_moves, welcome_moves

_BITS = [bin(i).count("1") for i in range(FULL + 1)]
KIND_BONUS = {"welcome": 0, "rotate": 2, "foresee": 3}


def tops_after(b: Board, move: SimMove) -> list[str]:
    """The stand tops once `move` is made (welcome adds a top, a transfer uncovers one)."""
    out = []
    col = move[2] if move[0] == "welcome" else move[1]
    for i, cards in enumerate(b.stand):
        if i != col:
            if cards:
                out.append(cards[-1])
        elif move[0] == "welcome":
            out.append(move[1])
        elif len(cards) > 1:
            out.append(cards[-2])
    return out


def tops_value(b: Board, tops: list[str], tasks: list[str]) -> float:
    value = 0.0
    for t in tasks:
        bits = cover(t, tops)
        value += 10 if bits == FULL else 2 * _BITS[bits]
    for (t, column), votes in zip(b.altar, b.votes):
        if len(column) >= CAP:
            continue
        for top in tops:
            if len(column) == CAP - 1:
                value += 1
            elif powered(t, votes, top):
                value += 3 if len(tasks) < TASKS else 1
    return value


def score_move(b: Board, move: SimMove) -> float:
    """How good a non-gain move looks (higher is better)."""
    value = tops_value(b, tops_after(b, move), b.tasks) + KIND_BONUS[move[0]]
    if move[0] == "rotate" and len(b.tasks) < TASKS:
        value += 8  # a new task is drawn
    return value


def choose_turn(b: Board) -> SimMove | None:
    gains = gain_moves(b)
    if gains:
        return min(gains, key=lambda m: len(m[2]))
    best, best_score = None, -1.0
    for m in welcome_moves(b) + transfer_moves(b):
        s = score_move(b, m)
        if s > best_score:
            best, best_score = m, s
    return best


def choose_return(b: Board, tops: list[str] | None = None) -> str:
    """The task that the stand tops cover least goes back under the pile."""
    tops = tops if tops is not None else [c[-1] for c in b.stand if c]
    return min(b.tasks, key=lambda t: _BITS[cover(t, tops)])


def useful(b: Board, card: str) -> int:
    """How many task slots `card` could fill: the foreseen cards worth keeping on top."""
    return sum(_BITS[_matches(t, card)] for t in b.tasks)


def step(b: Board) -> bool:
    """One turn by this player; False when there is nothing to do (the game is over)."""
    if b.result is not None:
        return False
    move = choose_turn(b)
    if move is None:
        b.result = "lost"
        return False
    returned = None
    if move[0] == "rotate" and len(b.tasks) >= TASKS:
        returned = choose_return(b, tops_after(b, move))
    play(b, move, returned)
    return True


def rollout(b: Board, limit: int = 200) -> Board:
    """Play `b` to its end with this player (in place)."""
    for _ in range(limit):
        if not step(b):
            break
    return b
