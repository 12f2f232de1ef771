"""The three glows (輝き) and the list of actions known to succeed (rule 7: only those may be taken).

Pure functions over card ids and the state; nothing here changes the state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from itertools import combinations
from typing import Literal

from .data import EMPTY, layout, load, rules, same_name_key
from .state import State

MoveKind = Literal["welcome", "gain", "rotate", "foresee"]


# ---- the glows ------------------------------------------------------------------------

def life_glow(treasure: str, column: list[str] | tuple[str, ...]) -> bool:
    """命の輝き (7.2.1): every required symbol appears at least once in the same slot of the column."""
    return _life_glow(treasure, tuple(column))


@lru_cache(maxsize=65536)
def _life_glow(treasure: str, column: tuple[str, ...]) -> bool:
    wanted = layout(treasure)
    return all(any(layout(s)[i] == need for s in column) for i, need in enumerate(wanted))


def slot_majorities(treasure: str, column: list[str]) -> list[bool]:
    """For each required symbol: do matching symbols outnumber the other colours in that slot?
    空 is not counted and a tie fails (7.3.1)."""
    wanted = layout(treasure)
    out = []
    for i, need in enumerate(wanted):
        symbols = [layout(s)[i] for s in column]
        same = sum(1 for x in symbols if x == need)
        other = sum(1 for x in symbols if x not in (need, EMPTY))
        out.append(same > other)
    return out


def power_glow(treasure: str, column: list[str] | tuple[str, ...]) -> bool:
    """力の輝き (7.3.1): at least 2 of the 3 required symbols hold a strict majority."""
    return _power_glow(treasure, tuple(column))


@lru_cache(maxsize=65536)
def _power_glow(treasure: str, column: tuple[str, ...]) -> bool:
    # slot_majorities, summed from each card's vote per slot (+1 the required colour, -1 another
    # colour, 0 空): the majority test of 7.3.1 with no list built per call.
    votes = [0] * len(layout(treasure))
    for spirit in column:
        for i, v in enumerate(_votes(treasure, spirit)):
            votes[i] += v
    return sum(1 for v in votes if v > 0) >= 2


@cache
def _votes(treasure: str, spirit: str) -> tuple[int, ...]:
    return tuple(1 if have == need else 0 if have == EMPTY else -1
                 for need, have in zip(layout(treasure), layout(spirit), strict=True))


def wisdom_glow(column: list[str]) -> bool:
    """知の輝き (7.4.1): the column now holds its 6th (last allowed) card."""
    return len(column) == rules().altar_column_cap


# ---- actions -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """One complete action that is known to succeed. Columns of the stand are 0-based here and
    1-based in keys and labels. Moves are interned (`welcome_move`, `gain_move`,
    `transfer_move`), so each distinct move and its key are built once."""

    kind: MoveKind
    card: str | None = None          # welcome: the 内陣 card
    column: int | None = None        # welcome: target stand column; rotate/foresee: source stand column
    columns: tuple[int, ...] = field(default_factory=tuple)  # gain: stand columns whose tops are attached
    treasure: str | None = None      # gain: the 課題 treasure; rotate/foresee: the altar treasure

    @classmethod
    def from_key(cls, key: str) -> Move:
        """The move an offered option's key stands for (the inverse of `key`)."""
        return _from_key(key)

    def __hash__(self) -> int:  # moves key the option cache: hash the (cached) key, not five fields
        return hash(self.key)

    @cached_property
    def key(self) -> str:
        if self.kind == "welcome":
            return f"welcome:{self.card}:{self.column + 1}"
        if self.kind == "gain":
            return f"gain:{self.treasure}:" + "+".join(str(c + 1) for c in self.columns)
        return f"{self.kind}:{self.column + 1}:{self.treasure}"


@cache
def welcome_move(card: str, column: int) -> Move:
    return Move("welcome", card=card, column=column)


@cache
def gain_move(treasure: str, columns: tuple[int, ...]) -> Move:
    return Move("gain", columns=columns, treasure=treasure)


@cache
def transfer_move(kind: MoveKind, column: int, treasure: str) -> Move:
    return Move(kind, column=column, treasure=treasure)


@lru_cache(maxsize=4096)
def _from_key(key: str) -> Move:
    kind, first, second = key.split(":")
    if kind == "welcome":
        return welcome_move(first, int(second) - 1)
    if kind == "gain":
        return gain_move(first, tuple(int(c) - 1 for c in second.split("+")))
    return transfer_move(kind, int(first) - 1, second)  # type: ignore[arg-type]


def can_welcome(state: State) -> bool:
    """Whether マナを迎える is possible (then some action is): rule 8's loss test, cheaper than
    listing every action."""
    if not state.inner:
        return False
    rule = state.options.spirit_names
    name = _name_table(rule)
    inner = [name[c] for c in state.inner]
    for col in state.stand:
        if not col:  # an empty column takes any card
            return True
        held = _names(tuple(col), rule)
        for n in inner:
            if n not in held:
                return True
    return False


@cache
def _name_table(rule: str) -> dict[str, str]:
    """Every spirit's name under one same-name reading (a dict: the move lists read it often)."""
    return {c.id: same_name_key(c.id, rule) for c in load().spirits.cards}


# The legal moves read only these zones, so they are memoised on a snapshot of them: the turn
# procedure, the prompt and the chosen move's lookup share one computation per position, and a
# changed zone is a different key (never stale, whoever mutates the state).
Position = tuple[str, tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...], tuple[tuple[str, tuple[str, ...]], ...]]


def position(state: State) -> Position:
    return (state.options.spirit_names, tuple(state.inner), tuple(state.tasks),
            tuple([tuple(col) for col in state.stand]), tuple([(s.treasure, tuple(s.column)) for s in state.altar]))


def welcome_moves(pos: Position) -> list[Move]:
    """マナを迎える: any 内陣 card onto any stand column that holds no card of the same name."""
    rule, inner, _, stand, _ = pos
    name_of = _name_table(rule)
    held = [{name_of[c] for c in col} for col in stand]
    columns = range(len(stand))
    moves = []
    for card in inner:
        name, row = name_of[card], _welcome_row(card, len(stand))
        for col in columns:
            if name not in held[col]:
                moves.append(row[col])
    return moves


@cache
def _welcome_row(card: str, columns: int) -> tuple[Move, ...]:
    return tuple(welcome_move(card, col) for col in range(columns))


@lru_cache(maxsize=4096)
def _names(column: tuple[str, ...], rule: str) -> frozenset[str]:
    name_of = _name_table(rule)
    return frozenset([name_of[c] for c in column])


def gain_moves(pos: Position) -> list[Move]:
    """宝物を得る: a 課題 treasure with the tops of 1+ stand columns that give it 命の輝き.
    The attaching order is free but changes nothing a rule reads, so column order is used."""
    _, _, tasks, stand, _ = pos
    tops = tuple([col[-1] if col else None for col in stand])
    return [m for treasure in tasks for m in _gains(treasure, tops)]


def _gains(treasure: str, tops: tuple[str | None, ...]) -> tuple[Move, ...]:
    """The gain moves of one treasure given the stand tops (None: an empty column)."""
    bits = _match_table(treasure)
    return _gains_for(treasure, tuple([bits[top] if top is not None else -1 for top in tops]))


@lru_cache(maxsize=16384)
def _gains_for(treasure: str, bits: tuple[int, ...]) -> tuple[Move, ...]:
    """Every set of columns, smallest first, whose tops together cover the treasure's symbols
    (命の輝き); `bits` are each top's matching slots (-1: an empty column). Few bit patterns
    exist, so each is worked out once."""
    full = (1 << len(layout(treasure))) - 1
    moves = []
    for cols in _subsets(len(bits)):
        covered = 0
        for c in cols:
            if bits[c] < 0:
                break
            covered |= bits[c]
        else:
            if covered == full:
                moves.append(gain_move(treasure, cols))
    return tuple(moves)


@cache
def _match_table(treasure: str) -> dict[str, int]:
    return {c.id: _matches(treasure, c.id) for c in load().spirits.cards}


@cache
def _subsets(n: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty set of n columns, smallest first, each in column order."""
    return tuple(cols for size in range(1, n + 1) for cols in combinations(range(n), size))


@cache
def _matches(treasure: str, spirit: str) -> int:
    """Bit i set when the spirit carries the treasure's required symbol in slot i."""
    return sum(1 << i for i, (need, have) in enumerate(zip(layout(treasure), layout(spirit), strict=True)) if need == have)


@lru_cache(maxsize=4096)
def _column_votes(treasure: str, column: tuple[str, ...]) -> tuple[int, ...]:
    """Per required symbol, matching minus other coloured symbols over the column (7.3.1)."""
    votes = [0] * len(layout(treasure))
    for spirit in column:
        for i, v in enumerate(_votes(treasure, spirit)):
            votes[i] += v
    return tuple(votes)


def transfer_moves(pos: Position) -> list[Move]:
    """宝物を回す (力の輝き) and 予見する (知の輝き): a stand top onto an altar column with room."""
    _, _, _, stand, altar = pos
    cap = rules().altar_column_cap
    rotates, foresees = [], []
    for col, cards in enumerate(stand):
        if not cards:
            continue
        top = cards[-1]
        for treasure, column in altar:
            if len(column) >= cap:
                continue
            # power_glow of the column with `top` added, from the column's cached vote sums
            added = _votes(treasure, top)
            if sum(1 for v, w in zip(_column_votes(treasure, column), added, strict=True) if v + w > 0) >= 2:
                rotates.append(transfer_move("rotate", col, treasure))
            if len(column) + 1 == cap:  # wisdom_glow: the move places the 6th card
                foresees.append(transfer_move("foresee", col, treasure))
    return rotates + foresees


@lru_cache(maxsize=4096)
def moves_at(pos: Position) -> tuple[Move, ...]:
    """The legal moves of a position (see `position`), computed once per position."""
    return tuple(welcome_moves(pos) + gain_moves(pos) + transfer_moves(pos))


def legal_moves(state: State) -> list[Move]:
    """Every action that would succeed now, grouped by action."""
    return list(moves_at(position(state)))
