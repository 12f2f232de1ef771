"""End-of-game scoring (ゲームの終了): printed VP of every civilisation card in hand and field,
plus wonders, plus the set's extra (Renaissance VP tokens). Ties: most cards, wonders
included (notes A7: every card owned); still tied = a shared place."""
from __future__ import annotations

from games.kit import Outcome, T

from . import field
from .cards import wonder
from .sets import rules_for
from .state import State
from .turn import end_reason_text


def score(state: State, player: str) -> int:
    cards = sum(field.info(state, c).vp.value for c in field.cards_owned(state, player))
    wonders = sum(wonder(w).vp.value for w in state.seats[player].wonders)
    return cards + wonders + rules_for(state).score_extra(state, player)


def card_count(state: State, player: str) -> int:
    return len(field.cards_owned(state, player)) + len(state.seats[player].wonders)


def ranking(state: State) -> list[list[str]]:
    keyed: dict[tuple[int, int], list[str]] = {}
    for p in state.order:
        keyed.setdefault((score(state, p), card_count(state, p)), []).append(p)
    return [keyed[k] for k in sorted(keyed, reverse=True)]


def outcome(state: State) -> Outcome | None:
    if not state.finished:
        return None
    rank = ranking(state)
    scores = {p: float(score(state, p)) for p in state.players}
    winners = rank[0]
    why = end_reason_text(state.end_reason)
    # who won and why; each player's VP and cards are on the final board and in the result's
    # score lines (Discord), so the summary does not write every score a second time
    summary = T(f"{', '.join(winners)} win{'s' if len(winners) == 1 else ''} ({why.en}).",
                f"{'、'.join(winners)}の勝利（{why.ja}）。")
    return Outcome(winners=winners, ranking=rank, scores=scores, summary=summary,
                   detail={"end_reason": state.end_reason, "cards": {p: card_count(state, p) for p in state.players}})
