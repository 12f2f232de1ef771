"""What one viewer may see (notes G13): face-down cards only by their owner until the showdown;
deck order by nobody (except what a 2 or 4 showed the owner); the used and removed piles, and
even their sizes, only by their owner."""
from __future__ import annotations

from pydantic import BaseModel

from .data import ACE, EFFECT_RANKS
from .rules import special_count
from .state import RoundRecord, Side, State


class CardView(BaseModel):
    id: str
    colour: str
    rank: str
    face_down: bool = False


class SideView(BaseModel):
    colour: str
    player: str | None
    hp: int
    alive: bool
    in_play: list[CardView]                 # face-up cards, plus the viewer's own face-down ones
    face_down: int                          # how many cards in play are face down
    draws: int
    aces_high: int | None = None            # declared A as 11 (once declared this round)
    threes: dict[str, int] = {}             # declared 3s: target colour -> change
    deck_count: int | None = None           # own side only
    known_top: list[CardView] | None = None  # own side only: the deck's top cards the owner has seen
    used: list[CardView] | None = None      # own side only
    removed: list[CardView] | None = None   # own side only


class GanymedeView(BaseModel):
    viewer: str | None
    viewer_colour: str | None
    mode: str
    round: int
    round_limit: int
    start_hp: int
    step: str
    sides: list[SideView]
    supply: dict[str, int]                  # black rank -> cards left (face up, public)
    marker: str | None                      # colour holding the First Strike marker (duel)
    first: str | None                       # this round's first player's colour (duel)
    this_round: RoundRecord | None          # public record of the round so far (after the showdown)
    last: RoundRecord | None
    waiting_for: list[str]
    finished: bool
    winners: list[str]
    end_reason: str | None


def owner_sees(side: Side) -> set[str]:
    return set(side.face_down) | set(side.used) | set(side.removed) | set(side.known_top)


def visible_ids(state: State, viewer: str | None) -> set[str]:
    seen = set(state.supply)
    for side in state.sides.values():
        seen |= set(side.play) - set(side.face_down)
        if viewer is not None and side.player == viewer:
            seen |= owner_sees(side) | set(side.play)
    return seen


def _declared_aces(state: State, side: Side) -> int | None:
    """A side's A choice, once made (co-op purple's is automatic); None before or without an A."""
    if state.step != "declare" or f"{side.colour}:aces" in state.queue or not special_count(state, side, ACE):
        return None
    return side.aces_high


def build_view(state: State, viewer: str | None, waiting: list[str]) -> GanymedeView:
    def cv(card: str, face_down: bool = False) -> CardView:
        c = state.cards[card]
        return CardView(id=card, colour=c.colour, rank=c.rank, face_down=face_down)

    sides = []
    own_colour = None
    for side in state.sides.values():
        own = viewer is not None and side.player == viewer
        if own:
            own_colour = side.colour
        sides.append(SideView(
            colour=side.colour, player=side.player, hp=side.hp, alive=side.alive,
            in_play=[cv(c, c in side.face_down) for c in side.play if own or c not in side.face_down],
            face_down=len(side.face_down), draws=side.draws, aces_high=_declared_aces(state, side),
            threes=dict(side.threes) if state.step == "declare" else {},
            deck_count=len(side.deck) if own else None,
            known_top=[cv(c) for c in side.known_top] if own else None,
            used=[cv(c) for c in side.used] if own else None,
            removed=[cv(c) for c in side.removed] if own else None))
    ranks = [state.cards[c].rank for c in state.supply]
    supply = {r: ranks.count(r) for r in EFFECT_RANKS if r in ranks}
    return GanymedeView(
        viewer=viewer, viewer_colour=own_colour, mode=state.options.mode, round=state.round,
        round_limit=state.options.round_limit, start_hp=state.options.hp(), step=state.step, sides=sides,
        supply=supply, marker=state.marker, first=state.first,
        this_round=state.current if state.current and state.current.cards else None, last=state.last,
        waiting_for=waiting, finished=state.finished, winners=list(state.winners), end_reason=state.end_reason)
