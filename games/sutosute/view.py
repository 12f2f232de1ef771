"""What one viewer may see: own hand and placed card, the cards shown to everyone, the face-up
discard; never the deck order or another player's hand. `render.py` turns it into text."""
from __future__ import annotations

from pydantic import BaseModel

from .data import REVOLUTION
from .state import RoundRecord, State


class CardView(BaseModel):
    id: str
    kind: str


class TableView(BaseModel):
    status: str                 # "empty" | "face_down" | "face_up"
    card: CardView | None = None
    declared: str | None = None  # Revolution's declaration ("none" = undeclared)


class PlayerView(BaseModel):
    player: str
    score: int
    civ: str | None = None
    hand_count: int
    hand: list[CardView] | None = None     # only the viewer's own hand
    shown: list[CardView] = []             # hand cards that are face up for everyone
    table: TableView
    pyramids: int = 0
    pacifism: bool | None = None           # India's ability still active
    to_discard: CardView | None = None     # ver.2 draw: own face-down discard chosen, not yet done
    own_face_down: list[CardView] = []     # ver.2 draw: own cards in the face-down discard (only the owner knows)


class SutosuteView(BaseModel):
    viewer: str | None
    step: str
    round: int
    round_limit: int            # 0 = no limit (the rulebook has none)
    target: int
    lead: int
    dice: dict[str, int]
    players: list[PlayerView]
    deck_count: int
    discard_face_up: list[CardView]
    discard_face_down: int
    combo: list[CardView]
    combo_winner: str | None
    draws_in_row: int
    waiting_for: list[str]
    last: RoundRecord | None
    finished: bool
    end_reason: str | None
    civ_choices_open: list[str] = []
    combo_graph: str = "tech_tree"  # options.combo_graph (which combo picture to draw); "" = combos off


def visible_ids(state: State, viewer: str | None) -> set[str]:
    """Card ids the viewer may see: own hand and placed card, shown cards, face-up discard, revealed table."""
    seen = set(state.public) | set(state.chain)
    seen |= {e.card for e in state.discard if e.face_up or (viewer is not None and e.owner == viewer)}
    for p, card in state.placed.items():
        if p == viewer or state.revealed or (state.step == "declare" and state.cards[card] == REVOLUTION):
            seen.add(card)
    if viewer in state.hands:
        seen |= set(state.hands[viewer])
    return seen


def build_view(state: State, viewer: str | None, waiting: list[str]) -> SutosuteView:
    def cv(card: str) -> CardView:
        return CardView(id=card, kind=state.cards[card])

    visible = visible_ids(state, viewer)
    players = []
    for p in state.players:
        placed = state.placed.get(p)
        if placed is None:
            table = TableView(status="empty")
        elif placed in visible:
            face_up = state.revealed or (state.step == "declare" and state.cards[placed] == REVOLUTION)
            table = TableView(status="face_up" if face_up else "face_down", card=cv(placed),
                              declared=state.declared if state.cards[placed] == REVOLUTION else None)
        else:
            table = TableView(status="face_down")
        own = p == viewer
        pending = state.tie_discards.get(p) if own else None
        players.append(PlayerView(
            player=p, score=state.scores[p], civ=state.civs.get(p), hand_count=len(state.hands[p]),
            hand=[cv(c) for c in state.hands[p]] if own else None,
            shown=[cv(c) for c in state.hands[p] if c in state.public],
            table=table, pyramids=state.pyramids[p],
            pacifism=state.india_active[p] if state.civs.get(p) == "india" else None,
            to_discard=cv(pending) if pending else None,
            own_face_down=[cv(e.card) for e in state.discard if own and not e.face_up and e.owner == p]))
    return SutosuteView(
        viewer=viewer, step=state.step, round=state.round, round_limit=state.options.round_limit,
        target=state.options.target(), lead=state.options.target_lead, dice=dict(state.dice), players=players,
        deck_count=len(state.deck), discard_face_up=[cv(e.card) for e in state.discard if e.face_up],
        discard_face_down=sum(1 for e in state.discard if not e.face_up),
        combo=[cv(c) for c in state.chain], combo_winner=state.winner if state.chain else None,
        draws_in_row=state.draws_in_row, waiting_for=waiting, last=state.last, finished=state.finished,
        end_reason=state.end_reason, civ_choices_open=list(state.civ_turn),
        combo_graph=state.options.combo_graph if state.options.combos else "")
