"""Hidden cards dealt again (`Game.resample`, kit/redeal.py): what one viewer may know.

Only the order of the two piles is hidden, and card ids here name the cards, so a redeal
moves ids between places instead: the cards whose place the viewer knows (for the player:
looked at with 予見する; for everyone: treasures that were face up before going under the
pile) stay, the others trade places within their pile. Onlookers do not see the cards the
player is looking at, so those trade places with the mana pile too. The leak check compares
the result with the real state; the computer player searches it with a fresh RNG.
"""
from __future__ import annotations

from games.kit import Rng
from games.kit.redeal import fresh_copy

from .state import State
from .view import all_ids, visible_ids


def _shuffle_places(lists: list[list[str]], hidden: set[str], rng: Rng) -> None:
    """Shuffle the ids in `hidden` among their own places across `lists` (changed in place);
    the ids are put in a canonical order first, so the result depends on what is known only."""
    places = [(i, j) for i, row in enumerate(lists) for j, c in enumerate(row) if c in hidden]
    ids = sorted(lists[i][j] for i, j in places)
    rng.shuffle(ids)
    for (i, j), c in zip(places, ids, strict=True):
        lists[i][j] = c


def resample(state: State, viewer: str | None, rng: Rng, keep: frozenset[str] = frozenset()) -> State:
    new = fresh_copy(state)
    hidden = all_ids(state) - visible_ids(state, viewer) - keep
    _shuffle_places([new.mana_pile, new.foresight], hidden, rng)
    _shuffle_places([new.treasure_pile], hidden, rng)
    return new
