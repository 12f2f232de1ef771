"""Combo chains (ver.2 コンボルール) over the combo graph chosen in the options (data: cards.json)."""
from __future__ import annotations

from functools import cache
from typing import NamedTuple

from .data import KINDS, REVOLUTION, load
from .state import State


class Link(NamedTuple):
    """A card that may be revealed as the next combo card (a plain value, built on every combo
    question: a named tuple, no validation)."""

    card: str
    kind: str
    from_discard: bool = False


def max_links() -> int:
    return len(load().combo_bonus.values)


def bonus(n: int, civ: str | None) -> int:
    """Points for revealing n combo cards: 1/3/6, Carthage 3/6/10."""
    if n <= 0:
        return 0
    table = load().carthage_combo_bonus if civ == "carthage" else load().combo_bonus
    return table.values[n - 1]


def played_kind(state: State, player: str) -> str | None:
    """What the player's placed card counts as (None = undeclared Revolution)."""
    kind = state.cards[state.placed[player]]
    if kind == REVOLUTION:
        return None if state.declared in (None, "none") else state.declared
    return kind


@cache
def _successors(graph: str) -> dict[str, list[str]]:
    """The combo graph's edges by kind, read once (callers copy before changing a list)."""
    return load().successors(graph)


def successors(state: State, player: str) -> list[str]:
    """Kinds that may follow the current end of the chain."""
    civ = state.civs.get(player)
    if not state.chain:
        if civ == "rome" and state.cards[state.placed[player]] == REVOLUTION:
            return list(KINDS)  # 共和制: Revolution combos to every card
        kind = played_kind(state, player)
    else:
        kind = state.cards[state.chain[-1]]
    if kind is None:
        return []
    nxt = list(_successors(state.options.combo_graph)[kind])
    if civ == "china" and kind == "explore" and "research" not in nxt:
        nxt.append("research")  # 天命
    return nxt


def combo_window(state: State, player: str) -> bool:
    """Whether the winner is asked for a combo: whenever one might follow by what the other
    player can see (a hand card they cannot see might link), not only when it does — so the
    question itself tells nothing. "Stop" answers it in one click."""
    if not state.options.combos or len(state.chain) >= max_links() or not successors(state, player):
        return False
    return any(c not in state.public for c in state.hands[player]) or bool(next_links(state, player))


def next_links(state: State, player: str) -> list[Link]:
    """The distinct cards (one per kind and place) that may be revealed next; [] when the chain must end."""
    if not state.options.combos or len(state.chain) >= max_links():
        return []
    kinds = successors(state, player)
    links: list[Link] = []
    seen: set[tuple[str, bool]] = set()
    for card in state.hands[player]:
        kind = state.cards[card]
        if kind in kinds and card not in state.chain and (kind, False) not in seen:
            seen.add((kind, False))
            links.append(Link(card=card, kind=kind))
    if state.civs.get(player) == "greece":  # 考古学: face-up discards serve as combo cards
        for entry in state.discard:
            kind = state.cards[entry.card]
            if entry.face_up and kind in kinds and entry.card not in state.chain and (kind, True) not in seen:
                seen.add((kind, True))
                links.append(Link(card=entry.card, kind=kind, from_discard=True))
    return links
