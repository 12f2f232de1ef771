"""A reusable check that a public board picture shows no hidden information: two states that differ
only in hidden cards must give byte-identical board pictures.

    altered = swap_hidden(game_key, state, rng)      # None when nothing hidden can be swapped
    assert_board_hides(game_key, state, rng)         # True when a meaningful swap was checked

A swap exchanges two card ids that the public may not see (another hand, a deck's order, a
face-down card) and whose backs look the same (BACKS) everywhere they appear as values in the state (list items, fields, dict values;
never dict keys, so each id keeps its card). The state stays consistent, every player's private
view may change, and the public view must not.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games import registry
from games.kit.game import BaseState
from games.kit.rng import Rng

from . import board_png


def _ganymede(state: Any) -> set[str]:
    from games.ganymede.view import visible_ids
    return set(state.cards) - visible_ids(state, None)


def _sutosute(state: Any) -> set[str]:
    from games.sutosute.view import visible_ids
    return set(state.cards) - visible_ids(state, None)


def _fort(state: Any) -> set[str]:
    from games.fort_of_gold.view import all_ids, visible_ids
    return all_ids(state) - visible_ids(state, None)


def _guns(state: Any) -> set[str]:
    from games.guns_and_steel.view import hidden_ids
    return hidden_ids(state, None)


HIDDEN_FROM_PUBLIC: dict[str, Callable[[Any], set[str]]] = {
    "ganymede": _ganymede, "sutosute": _sutosute, "fort-of-gold": _fort, "guns-and-steel": _guns,
}


def _guns_back(state: Any, card_id: str) -> tuple:
    """A Guns & Steel card face down shows its resource side (resource and VP) to everyone."""
    from games.guns_and_steel.cards import card
    c = card(state.cards[card_id])
    return c.resource, c.vp.value


# What everyone sees of a hidden card (its back): only cards with the same back are swapped.
BACKS: dict[str, Callable[[Any, str], Any]] = {
    "guns-and-steel": _guns_back,
    "fort-of-gold": lambda state, card_id: card_id[0],  # spirit (S..) or treasure (T..) back
}


def _swap(value: Any, a: str, b: str) -> Any:
    if isinstance(value, str):
        return b if value == a else a if value == b else value
    if isinstance(value, list):
        return [_swap(v, a, b) for v in value]
    if isinstance(value, dict):
        return {k: _swap(v, a, b) for k, v in value.items()}
    return value


def _private_views(game_key: str, state: BaseState) -> list:
    game = registry.get(game_key)
    return [game.view(state, p).model_dump() for p in state.players]


def swap_hidden(game_key: str, state: BaseState, rng: Rng, tries: int = 40) -> BaseState | None:
    """`state` with two publicly hidden cards exchanged, chosen so that some player's own view changes
    (the swap really moved a secret); None if no such pair exists."""
    hidden = sorted(HIDDEN_FROM_PUBLIC[game_key](state))
    if len(hidden) < 2:
        return None
    data = state.model_dump(mode="json")
    before = _private_views(game_key, state)
    back = BACKS.get(game_key, lambda _state, _id: None)
    for _ in range(tries):
        a, b = rng.sample(hidden, 2)
        if back(state, a) != back(state, b):
            continue
        try:
            altered = type(state).model_validate(_swap(data, a, b))
        except ValueError:
            continue
        if _private_views(game_key, altered) != before:
            return altered
    return None


def assert_board_hides(game_key: str, state: BaseState, rng: Rng, langs: tuple[str, ...] = ("en", "ja")) -> bool:
    """Raise AssertionError if the public board picture changes when hidden cards are swapped.
    Returns False when the state has no secret to swap (nothing was checked)."""
    altered = swap_hidden(game_key, state, rng)
    if altered is None:
        return False
    game = registry.get(game_key)
    for lang in langs:
        original = board_png(game_key, game.view(state, None), lang)
        changed = board_png(game_key, game.view(altered, None), lang)
        assert original == changed, f"{game_key}: the public board ({lang}) changes with hidden cards"
    return True
