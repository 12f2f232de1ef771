"""The three glows (輝き) and the list of actions known to succeed (rule 7: only those may be taken).

Pure functions over card ids and the state; nothing here changes the state.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal

from .data import EMPTY, layout, rules, same_name_key
from .state import State

MoveKind = Literal["welcome", "gain", "rotate", "foresee"]


# ---- the glows ------------------------------------------------------------------------

def life_glow(treasure: str, column: list[str]) -> bool:
    """命の輝き (7.2.1): every required symbol appears at least once in the same slot of the column."""
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


def power_glow(treasure: str, column: list[str]) -> bool:
    """力の輝き (7.3.1): at least 2 of the 3 required symbols hold a strict majority."""
    return sum(slot_majorities(treasure, column)) >= 2


def wisdom_glow(column: list[str]) -> bool:
    """知の輝き (7.4.1): the column now holds its 6th (last allowed) card."""
    return len(column) == rules().altar_column_cap


# ---- actions -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """One complete action that is known to succeed. Columns of the stand are 0-based here and
    1-based in keys and labels."""

    kind: MoveKind
    card: str | None = None          # welcome: the 内陣 card
    column: int | None = None        # welcome: target stand column; rotate/foresee: source stand column
    columns: tuple[int, ...] = field(default_factory=tuple)  # gain: stand columns whose tops are attached
    treasure: str | None = None      # gain: the 課題 treasure; rotate/foresee: the altar treasure

    @property
    def key(self) -> str:
        if self.kind == "welcome":
            return f"welcome:{self.card}:{self.column + 1}"
        if self.kind == "gain":
            return f"gain:{self.treasure}:" + "+".join(str(c + 1) for c in self.columns)
        return f"{self.kind}:{self.column + 1}:{self.treasure}"


def names_in(state: State, column: int) -> set[str]:
    return {same_name_key(c, state.options.spirit_names) for c in state.stand[column]}


def welcome_moves(state: State) -> list[Move]:
    """マナを迎える: any 内陣 card onto any stand column that holds no card of the same name."""
    moves = []
    for card in state.inner:
        name = same_name_key(card, state.options.spirit_names)
        for col in range(len(state.stand)):
            if name not in names_in(state, col):
                moves.append(Move("welcome", card=card, column=col))
    return moves


def gain_moves(state: State) -> list[Move]:
    """宝物を得る: a 課題 treasure with the tops of 1+ stand columns that give it 命の輝き.
    The attaching order is free but changes nothing a rule reads, so column order is used."""
    filled = [i for i, col in enumerate(state.stand) if col]
    moves = []
    for treasure in state.tasks:
        for size in range(1, len(filled) + 1):
            for cols in combinations(filled, size):
                if life_glow(treasure, [state.stand[c][-1] for c in cols]):
                    moves.append(Move("gain", columns=cols, treasure=treasure))
    return moves


def transfer_moves(state: State) -> list[Move]:
    """宝物を回す (力の輝き) and 予見する (知の輝き): a stand top onto an altar column with room."""
    cap = rules().altar_column_cap
    moves = []
    for col, cards in enumerate(state.stand):
        if not cards:
            continue
        for slot in state.altar:
            if len(slot.column) >= cap:
                continue
            after = [*slot.column, cards[-1]]
            if power_glow(slot.treasure, after):
                moves.append(Move("rotate", column=col, treasure=slot.treasure))
            if wisdom_glow(after):
                moves.append(Move("foresee", column=col, treasure=slot.treasure))
    return moves


def legal_moves(state: State) -> list[Move]:
    """Every action that would succeed now, grouped by action."""
    transfers = transfer_moves(state)
    return (welcome_moves(state) + gain_moves(state)
            + [m for m in transfers if m.kind == "rotate"] + [m for m in transfers if m.kind == "foresee"])
