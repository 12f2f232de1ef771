"""Per-set rules: what differs between `base`, `renaissance` and `mixed` lives behind `SetRules`.

The engine calls only these hooks; `BaseRules` is the base game. The Renaissance and mixed
rules subclass it in their own modules (`rules_renaissance.py`, `mixed_rules.py`); `wiring.py`
lists every set.
"""
from __future__ import annotations

from typing import Any

from games.kit import Rng

from .cards import ERAS
from .flow import Events, task
from .pyramid import Source, pyramid_sources, standard_pyramid, wonders_by_icon
from .state import State, Task


class BaseRules:
    """The base game (New World). Every hook is a method so a set can override one at a time."""

    key = "base"
    card_sets: tuple[str, ...] = ("base",)      # whose civilisation cards form the pyramid
    wonder_sets: tuple[str, ...] = ("base",)    # whose wonders may be placed
    ends_immediately = True                     # base: the game ends at once (notes A3)

    # ---- setup -------------------------------------------------------------------------
    def build_table(self, state: State, rng: Rng, ids: dict[str, str]) -> None:
        """Fill `state.pyramid` (and `state.piles`) and `state.table_wonders`. `ids` maps a card
        key to its instance id. 2 players: cards with the 2-player icon are removed first."""
        rows = standard_pyramid(self.card_sets, len(state.players), rng)
        state.pyramid = {era: [ids[c] for c in rows[era]] for era in ERAS}
        state.table_wonders = wonders_by_icon(rows, self.wonder_sets, rng)

    def init_extra(self, state: State) -> None:
        """Set-specific state after the table is built (e.g. token supplies)."""

    # ---- purchase ------------------------------------------------------------------------
    def sources(self, state: State) -> tuple[Source, ...]:
        """Cards that may be bought now, with their extra cost. Read only the pyramid, the
        research piles and the cards behind their ids: `purchase._offers` reuses the last
        answer while those are unchanged."""
        return pyramid_sources(state)

    def last_space_bought(self, state: State) -> bool:
        """An end condition: no space-era card is left to buy."""
        return not any(c is not None for c in state.pyramid.get("space", []))

    # ---- end of turn ---------------------------------------------------------------------
    def end_phase(self, state: State) -> list[Task]:
        """The end phase steps in order (the engine then ends the turn). Base: with 0–1 cards
        in hand, the wonder check, then recollection (seed-B 手番終了フェイズ a)."""
        p = state.active
        if len(state.seats[p].hand) <= 1:
            return [task("wonders", p), task("recollect", p)]
        return []

    def end_of_turn(self, state: State, events: Events) -> None:
        """After the end phase, before the next turn (Renaissance: the token end check)."""

    # ---- scoring and display ----------------------------------------------------------------
    def score_extra(self, state: State, player: str) -> int:
        return 0

    def view_extra(self, state: State, viewer: str | None) -> dict[str, Any]:
        return {}

    def render_extra(self, extra: dict[str, Any], lang: str) -> list[str]:
        return []


# Set key -> its rules; filled from the list in `wiring.py`.
RULES: dict[str, BaseRules] = {}


def rules_for(state_or_key: State | str) -> BaseRules:
    key = state_or_key if isinstance(state_or_key, str) else state_or_key.options.set
    return RULES[key]
