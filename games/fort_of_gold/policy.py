"""A quick player for the look-ahead's rollouts: what a decent player does at a glance, reading
only the table (never the pile order).

Gain a treasure whenever possible (with the fewest cards); otherwise take the move that leaves
the stand tops most useful: tasks they can gain, partial coverage of the other tasks, altar
columns they can feed for Power (worth most while a task is missing, as Rotate then draws one).
"""
from __future__ import annotations

from .rules import _matches
from .sim import CAP, FULL, LOOK, TASKS, Board, SimMove, cover, gain_moves, play, powered, transfer_moves, welcome_moves

_BITS = [bin(i).count("1") for i in range(FULL + 1)]
PLAN_FORESEE = True
KIND_BONUS = {"welcome": 0, "rotate": 2, "foresee": 3}
# what the stand tops are worth (tuned on 1,000 deals of the sim)
GAINABLE = 10.0     # a task the tops can gain now
PER_SLOT = 2.0      # each slot of another task the tops already cover
POWER_NEEDED = 3.0  # a top that gives an altar column Power while a task is missing
POWER = 1.0         # … while both tasks are there
WISDOM = 1.0        # a top that would be an altar column's 6th card
NEW_TASK = 8.0      # a Rotate that draws a task (the row is not full)


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
        value += GAINABLE if bits == FULL else PER_SLOT * _BITS[bits]
    for (t, column), votes in zip(b.altar, b.votes, strict=True):
        if len(column) >= CAP:
            continue
        for top in tops:
            if len(column) == CAP - 1:
                value += WISDOM
            elif powered(t, votes, top):
                value += POWER_NEEDED if len(tasks) < TASKS else POWER
    return value


def score_move(b: Board, move: SimMove) -> float:
    """How good a non-gain move looks (higher is better)."""
    value = tops_value(b, tops_after(b, move), b.tasks) + KIND_BONUS[move[0]]
    if move[0] == "rotate" and len(b.tasks) < TASKS:
        value += NEW_TASK
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


def put_back_plan(b: Board, cards: list[str]) -> list[tuple[str, str]]:
    """The quick player's way to put foreseen cards back: cards no task can use go to the
    bottom, the others on top with the most useful put back last (it is drawn first)."""
    ranked = sorted(cards, key=lambda c: useful(b, c))
    if not b.mana:  # top and bottom of an empty pile are one place
        return [("top", c) for c in ranked]
    return [("bottom" if useful(b, c) == 0 else "top", c) for c in ranked]


def step(b: Board) -> bool:
    """One turn by this player; False when there is nothing to do (the game is over)."""
    if b.result is not None:
        return False
    move = choose_turn(b)
    if move is None:
        b.result = "lost"
        return False
    returned, placements = None, None
    if move[0] == "rotate" and len(b.tasks) >= TASKS:
        returned = choose_return(b, tops_after(b, move))
    elif move[0] == "foresee" and PLAN_FORESEE:
        probe = b.copy()
        probe.mana = b.mana[LOOK:]
        placements = put_back_plan(probe, b.mana[:LOOK])
    play(b, move, returned, placements)
    return True


def rollout(b: Board, limit: int = 200) -> Board:
    """Play `b` to its end with this player (in place)."""
    for _ in range(limit):
        if not step(b):
            break
    return b
