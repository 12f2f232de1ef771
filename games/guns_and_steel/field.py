"""Primitives on hands and fields: what a player holds, military, deplete, replenish, moves.

Every rule module changes cards only through these, so the invariants (a card is in exactly
one place; resource side = `up=False`) live here.
"""
from __future__ import annotations

from games.kit import one_per_identical

from .cards import CardDef, card
from .state import FieldCard, State, field_card


def info(state: State, cid: str) -> CardDef:
    """The card definition of instance `cid`."""
    return card(state.cards[cid])


def hand(state: State, player: str) -> list[str]:
    return state.seats[player].hand


def resources(state: State, player: str) -> list[str]:
    """Instance ids of the player's cards showing their resource side."""
    return [f.id for f in state.seats[player].field if not f.up]


def face_up(state: State, player: str) -> list[str]:
    """Instance ids of the player's civilisation cards showing their progress side."""
    return [f.id for f in state.seats[player].field if f.up]


def military(state: State, player: str) -> int:
    """Every face-up card's military (notes A2: not only units; the resource side counts nothing)."""
    return sum(info(state, cid).military.value for cid in face_up(state, player))


def owner_of(state: State, cid: str) -> str | None:
    for p, seat in state.seats.items():
        if cid in seat.hand or any(f.id == cid for f in seat.field):
            return p
    return None


def _field_index(state: State, player: str, cid: str) -> int:
    for i, f in enumerate(state.seats[player].field):
        if f.id == cid:
            return i
    raise ValueError(f"{cid} is not in {player}'s field")


def _field_card(state: State, player: str, cid: str) -> FieldCard:
    return state.seats[player].field[_field_index(state, player, cid)]


def _turn_over(state: State, player: str, cid: str, up: bool) -> None:
    """Put `cid`'s other side in its place (field cards are frozen and shared)."""
    field = state.seats[player].field
    i = _field_index(state, player, cid)
    if field[i].up == up:
        raise ValueError(f"{cid} is not a resource" if up else f"{cid} is already a resource")
    field[i] = field_card(cid, up)


def deplete(state: State, player: str, cid: str, energy: bool = False) -> None:
    """Turn a resource to its progress side (its effect is not applied). Only a depletion by
    the active player to pay in the purchase phase makes energy (`energy=True`)."""
    _turn_over(state, player, cid, True)
    if energy:
        add_energy(state, info(state, cid).resource, 1)


def replenish(state: State, player: str, cid: str) -> None:
    """Turn a face-up card of your field to its resource side."""
    _turn_over(state, player, cid, False)


def to_field(state: State, player: str, cid: str, up: bool) -> None:
    """Play a card from hand into the field, resource side (`up=False`) or progress side."""
    seat = state.seats[player]
    seat.hand.remove(cid)
    seat.field.append(field_card(cid, up))


def return_to_hand(state: State, player: str, cid: str) -> None:
    seat = state.seats[player]
    seat.field = [f for f in seat.field if f.id != cid]
    seat.hand.append(cid)


def move_field_card(state: State, cid: str, src: str, dst: str) -> None:
    """Move a card between fields, keeping its side (Renaissance Exile)."""
    f = _field_card(state, src, cid)
    state.seats[src].field.remove(f)
    state.seats[dst].field.append(f)


def add_energy(state: State, kind: str, n: int) -> None:
    if n:
        state.energy[kind] = state.energy.get(kind, 0) + n


def matches(state: State, cid: str, resource: str) -> bool:
    """Whether card `cid` can be replenished as `resource`: a name, alternatives "food|iron",
    or "any" (every card)."""
    return resource == "any" or info(state, cid).resource in resource.split("|")


def distinct_by_card(state: State, ids: list[str]) -> list[str]:
    """One instance per card key (identical cards are the same choice), in order."""
    return one_per_identical(ids, state.cards.__getitem__)


def cards_owned(state: State, player: str) -> list[str]:
    seat = state.seats[player]
    return [*seat.hand, *(f.id for f in seat.field)]
