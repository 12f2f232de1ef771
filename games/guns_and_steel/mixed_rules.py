"""Mixed sets (seed-R セットの混合): both sets' cards, a pyramid one card shorter per era, a
face-up research pile per era, wonders from the non-base set only; otherwise the
Renaissance rules (tokens, honor, end of game).

The last-space-card end condition looks at the pyramid only: the rulebook says the other end
conditions are unchanged and warns that there are only 2 space cards "秘密研究の山を除く"
(research piles excluded).
"""
from __future__ import annotations

from games.kit import Rng

from .cards import ERAS, card, load_set
from .pyramid import Rows, Source, new_source, rows_of, sources_of, standard_pyramid
from .research import choose_mixed_wonder, pile_extra_cost, split_rows_and_piles
from .rules_renaissance import RenaissanceRules
from .state import State


class MixedRules(RenaissanceRules):
    key = "mixed"
    card_sets = ("base", "renaissance")
    wonder_sets = ("renaissance",)

    def build_table(self, state: State, rng: Rng, ids: dict[str, str]) -> None:
        shuffled = standard_pyramid(self.card_sets, len(state.players), rng)
        rows, piles = split_rows_and_piles(shuffled)
        state.pyramid = {era: [ids[c] for c in rows[era]] for era in ERAS}
        state.piles = {era: [ids[c] for c in piles[era]] for era in ERAS}
        wonders = [w for s in self.wonder_sets for w in load_set(s).wonders.values()]
        state.table_wonders = [
            choose_mixed_wonder(era, rows[era], [(w.id, w.setup_icon.value) for w in wonders if w.era.value == era],
                                lambda key: card(key).set == "base", rng)
            for era in ERAS]

    def sources(self, state: State) -> tuple[Source, ...]:
        tops = tuple((era, pile[0], state.cards[pile[0]]) for era, pile in state.piles.items() if pile)
        return _with_piles(rows_of(state), tops)


def _with_piles(rows: Rows, tops: tuple[tuple[str, str, str], ...]) -> tuple[Source, ...]:
    """The pyramid's offers, then each research pile's top (era, instance id, card key) at its
    printed cost plus the cards left in the row of the era below."""
    left = {era: len(row) - row.count(None) for era, row in zip(ERAS, rows[0], strict=True)}
    return (*sources_of(rows),
            *(new_source(Source, (cid, key, era, pile_extra_cost(era, left), "pile")) for era, cid, key in tops))
