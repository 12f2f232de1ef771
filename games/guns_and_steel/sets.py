"""Per-set rules: what differs between `base`, `renaissance` and `mixed` lives behind `SetRules`.

The engine calls only these hooks; `BaseRules` is the base game. The Renaissance and mixed
rules subclass it in their own modules and call `register_rules` at import;
`load_extensions` imports those modules if they exist. Until one is registered, a set falls
back to `BaseRules` over its card data (playable, but without its own rules).
"""
from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from typing import Any

from games.kit import Rng

from .cards import ERAS
from .flow import Events, task
from .pyramid import Source, pyramid_sources
from .state import State, Task

EXTENSIONS = ("games.guns_and_steel.effects_renaissance", "games.guns_and_steel.rules_renaissance",
              "games.guns_and_steel.mixed_rules")


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
        from .setup import standard_pyramid, wonders_by_icon
        rows = standard_pyramid(self.card_sets, len(state.players), rng)
        state.pyramid = {era: [ids[c] for c in rows[era]] for era in ERAS}
        state.table_wonders = wonders_by_icon(rows, self.wonder_sets, rng)

    def init_extra(self, state: State) -> None:
        """Set-specific state after the table is built (e.g. token supplies)."""

    # ---- purchase ------------------------------------------------------------------------
    def sources(self, state: State) -> list[Source]:
        """Cards that may be bought now, with their extra cost."""
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


class FallbackRules(BaseRules):
    """A set whose rules module is not registered: its cards with the base turn rules."""

    def __init__(self, key: str, card_sets: tuple[str, ...], wonder_sets: tuple[str, ...]):
        self.key, self.card_sets, self.wonder_sets = key, card_sets, wonder_sets


RULES: dict[str, BaseRules] = {"base": BaseRules()}
_FALLBACK = {"renaissance": FallbackRules("renaissance", ("renaissance",), ("renaissance",)),
             "mixed": FallbackRules("mixed", ("base", "renaissance"), ("renaissance",))}


def register_rules(rules: BaseRules) -> None:
    RULES[rules.key] = rules


def rules_for(state_or_key: State | str) -> BaseRules:
    key = state_or_key if isinstance(state_or_key, str) else state_or_key.options.set
    return RULES.get(key) or _FALLBACK[key]


EXTENSION_ERRORS: dict[str, str] = {}


def load_extensions() -> None:
    """Import the set modules that exist. One that fails to import is recorded in
    EXTENSION_ERRORS (a test asserts it stays empty) so the base game still loads."""
    for name in EXTENSIONS:
        if find_spec(name) is not None:
            try:
                import_module(name)
            except ImportError as e:
                EXTENSION_ERRORS[name] = f"{type(e).__name__}: {e}"

