"""Hidden cards dealt again: the one redealer each game writes (`Game.resample`) and its two users.

A game says once which cards a viewer cannot tell apart: `Game.resample(state, viewer, rng,
keep)` returns a copy of `state` with every card hidden from `viewer` dealt again at random
from what they may know (cards in `keep` hold on to theirs), the game's RNG untouched. Two
parts of the kit use that one function:

- the leak check (kit/leaks.py) compares the real state with resampled ones, so the RNG
  stays: the same answer must meet the same dice in both worlds;
- the computer players (kit/ai.py, kit/ismcts.py) search states drawn by `determinize`: the
  resampled state with fresh chance as well (future dice and shuffles are unknown too).

`deal_within` is the deal most games need; it depends only on what the viewer may know, so two
real states the viewer cannot tell apart give the same deal for the same RNG.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .rng import Rng

if TYPE_CHECKING:
    from .game import BaseState, Game


def fresh_copy(state: BaseState) -> Any:
    """An independent copy (a dump/validate round trip beats a generic deep copy)."""
    return type(state).model_validate(state.model_dump())


def reseed(state: BaseState, rng: Rng) -> None:
    """Replace the state's RNG (and seed) by fresh ones: future dice and shuffles are unknown."""
    seed = rng.next64() >> 1
    state.seed = seed
    state.rng = Rng(seed=seed)


def deal_within(groups: list[list[str]], identity: Callable[[str], Any], rng: Rng,
                sort_key: Callable[[Any], Any] = str, keep: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Deal the identities of each group's ids back out to that group's ids at random; ids in
    `keep` are left out (they hold on to theirs).

    Ids and identities are both put in a canonical order before the shuffle, so the result
    depends only on the groups, the multiset of identities in each and `rng`: two states
    that differ only in which hidden id holds which card give the same deal."""
    dealt: dict[str, Any] = {}
    for group in groups:
        ids = sorted(set(group) - keep)
        cards = sorted((identity(c) for c in ids), key=sort_key)
        rng.shuffle(cards)
        dealt.update(zip(ids, cards, strict=True))
    return dealt


def determinize(game: Game, state: BaseState, seat: str, rng: Rng) -> Any:
    """A full state the seat cannot tell from `state`, for search: the game's `resample` for
    that seat (a plain copy where nothing is hidden from it) with a fresh RNG."""
    new = game.resample(state, seat, rng)
    if new is None:
        new = fresh_copy(state)
    reseed(new, rng)
    return new
