"""What one viewer may see, and its text rendering.

Hidden: other players' hands, the front of other players' resource-side cards (only the
resource and its VP show; both sides carry the same VP), and research-pile cards below the
top. Everything else is public.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.kit.words import count

from . import field
from .cards import ERAS, card, energy_name, energy_text, wonder
from .flow import open_prompt
from .scoring import card_count, score
from .sets import rules_for
from .state import State
from .turn import end_reason_text


class CardView(BaseModel):
    id: str
    card: str


class ResourceView(BaseModel):
    resource: str
    vp: int
    id: str | None = None        # only for the owner
    card: str | None = None


class SlotView(BaseModel):
    card: CardView | None = None
    extra: int = 0


class PileView(BaseModel):
    top: CardView | None = None
    count: int = 0
    extra: int = 0


class SeatView(BaseModel):
    player: str
    hand_count: int
    hand: list[CardView] | None = None
    face_up: list[CardView]
    resources: list[ResourceView]
    wonders: list[str]
    military: int
    score: int | None = None     # at the end of the game
    cards: int | None = None


class GunsView(BaseModel):
    viewer: str | None
    set: str
    turn: int
    active: str
    order: list[str]
    pyramid: dict[str, list[SlotView]]
    piles: dict[str, PileView]
    table_wonders: list[str]
    energy: dict[str, int]
    seats: list[SeatView]
    waiting_for: list[str]
    deciding: str | None = None
    finished: bool
    end_reason: str | None = None
    max_rounds: int | None = None
    extra: dict[str, Any] = {}


def hidden_ids(state: State, viewer: str | None) -> set[str]:
    hidden: set[str] = set()
    for p, seat in state.seats.items():
        if p == viewer:
            continue
        hidden.update(seat.hand)
        hidden.update(f.id for f in seat.field if not f.up)
    for pile in state.piles.values():
        hidden.update(pile[1:])
    return hidden


def build_view(state: State, viewer: str | None) -> GunsView:
    rules = rules_for(state)
    extras = {s.key: s.extra for s in rules.sources(state)} if not state.finished else {}
    pyramid = {era: [SlotView(card=CardView(id=c, card=state.cards[c]), extra=extras.get(c, 0)) if c else SlotView()
                     for c in state.pyramid.get(era, [])] for era in ERAS}
    piles = {era: PileView(top=CardView(id=p[0], card=state.cards[p[0]]) if p else None, count=len(p),
                           extra=extras.get(p[0], 0) if p else 0) for era, p in state.piles.items()}
    seats = []
    for p in state.order:
        seat = state.seats[p]
        own = p == viewer
        seats.append(SeatView(
            player=p, hand_count=len(seat.hand),
            hand=[CardView(id=c, card=state.cards[c]) for c in seat.hand] if own else None,
            face_up=[CardView(id=f.id, card=state.cards[f.id]) for f in seat.field if f.up],
            resources=[ResourceView(resource=field.info(state, f.id).resource, vp=field.info(state, f.id).vp.value,
                                    id=f.id if own else None, card=state.cards[f.id] if own else None)
                       for f in seat.field if not f.up],
            wonders=list(seat.wonders), military=field.military(state, p),
            score=score(state, p) if state.finished else None, cards=card_count(state, p) if state.finished else None))
    prompt = open_prompt(state)
    return GunsView(viewer=viewer, set=state.options.set, turn=state.turn, active=state.active, order=list(state.order),
                    pyramid=pyramid, piles=piles, table_wonders=list(state.table_wonders), energy=dict(state.energy),
                    seats=seats, waiting_for=[prompt.player] if prompt else [], deciding=prompt.id if prompt else None,
                    finished=state.finished, end_reason=state.end_reason, max_rounds=state.options.max_rounds,
                    extra=rules.view_extra(state, viewer))


# ---- text ------------------------------------------------------------------------------

def _name(key: str, ja: bool) -> str:
    c = card(key)
    return c.name.ja if ja else c.name.en


def _names(cards: list[CardView], ja: bool) -> str:
    return ("、" if ja else ", ").join(_name(c.card, ja) for c in cards) or "—"


SET_NAMES = {"base": ("base set", "基本セット"), "renaissance": ("Renaissance", "ルネサンス"), "mixed": ("mixed sets", "セット混合")}


def render(view: GunsView, lang: str = "en") -> str:
    ja = lang == "ja"
    lines = []
    title = "鋼鉄と火薬" if ja else "Guns & Steel"
    rnd = (view.turn - 1) // max(len(view.order), 1) + 1
    if view.turn == 0:
        when = "ゲーム開始前（初期資源の配置）" if ja else "before the game (initial resources)"
    else:
        when = f"第{view.turn}手番（ラウンド{rnd}）、手番：{view.active}" if ja else f"turn {view.turn} (round {rnd}), active: {view.active}"
    set_name = SET_NAMES.get(view.set, (view.set, view.set))[1 if ja else 0]
    lines.append(f"**{title}**（{set_name}）— " + when if ja else f"**{title}** ({set_name}) — " + when)
    if view.energy:
        lines.append(("エネルギー：" if ja else "Energy: ") + energy_text(view.energy).get(lang))
    lines.append("公共の場：" if ja else "Pyramid:")
    for era in reversed(ERAS):
        slots = []
        for s in view.pyramid.get(era, []):
            if s.card is None:
                slots.append("·")
            else:
                price = energy_text(card(s.card.card).cost.value, s.extra).get(lang)
                slots.append(f"{_name(s.card.card, ja)}（{price}）" if ja else f"{_name(s.card.card, ja)} ({price})")
        pile = view.piles.get(era)
        if pile is not None:
            price = energy_text(card(pile.top.card).cost.value, pile.extra).get(lang) if pile.top else ""
            top = ((f"{_name(pile.top.card, ja)}（{price}）" if ja else f"{_name(pile.top.card, ja)} ({price})")
                   if pile.top else "—")
            slots.append((f"｜研究の山{pile.count}枚：" if ja else f"| research pile of {pile.count}: ") + top)
        lines.append(f"  {energy_name(era).get(lang)}" + ("：" if ja else ": ") + " / ".join(slots))
    if view.table_wonders:
        ws = [f"{wonder(w).name.ja}（{wonder(w).vp.value}VP：{wonder(w).condition_text.ja}）" if ja
              else f"{wonder(w).name.en} ({wonder(w).vp.value}VP: {wonder(w).condition_text.en})" for w in view.table_wonders]
        lines.append(("世界遺産：" if ja else "Wonders: ") + ("、" if ja else "; ").join(ws))
    for s in view.seats:
        res = ("、" if ja else ", ").join(f"{energy_name(r.resource).get(lang)}" + (f"={_name(r.card, ja)}" if r.card else "") for r in s.resources) or "—"
        head = f"- **{s.player}**" + (f"（軍事力{s.military}）" if ja else f" (military {s.military})")
        if s.score is not None:
            head += f" — {s.score}点、{s.cards}枚" if ja else f" — {s.score} VP, {count(s.cards, 'card')}"
        lines.append(head)
        hand = _names(s.hand, ja) if s.hand is not None else (f"{s.hand_count}枚" if ja else count(s.hand_count, "card"))
        lines.append(("  手札：" if ja else "  Hand: ") + hand)
        lines.append(("  表：" if ja else "  Face up: ") + _names(s.face_up, ja))
        lines.append(("  資源：" if ja else "  Resources: ") + res)
        if s.wonders:
            lines.append(("  世界遺産：" if ja else "  Wonders: ")
                         + ("、" if ja else ", ").join(wonder(w).name.ja if ja else wonder(w).name.en for w in s.wonders))
    lines.extend(rules_for(view.set).render_extra(view.extra, lang))
    if view.finished:
        why = end_reason_text(view.end_reason).get(lang)
        lines.append(f"**ゲーム終了**（{why}）" if ja else f"**Game over**: {why}.")
    elif view.waiting_for:
        lines.append(("選択待ち：" if ja else "Waiting for: ") + ("、" if ja else ", ").join(view.waiting_for))
    return "\n".join(lines)


def describe(view: GunsView, lang: str = "en") -> str:
    """The alt text's summary (games/kit/alt.py): the text board without the pyramid's card
    list (a 4-player board is ~1,500 characters), one line a seat, its score at the end."""
    ja = lang == "ja"
    sep = "、" if ja else ", "
    lines = [render(view, lang).split("\n", 1)[0]]
    if view.energy:
        lines.append(("エネルギー：" if ja else "Energy: ") + energy_text(view.energy).get(lang))
    offered = sum(1 for slots in view.pyramid.values() for s in slots if s.card is not None)
    lines.append(f"公共の場のカード{offered}枚。" if ja else f"Pyramid: {count(offered, 'card')} on offer.")
    if view.table_wonders:
        lines.append(("世界遺産：" if ja else "Wonders: ")
                     + sep.join(wonder(w).name.ja if ja else wonder(w).name.en for w in view.table_wonders))
    for s in view.seats:
        parts = [f"軍事力{s.military}" if ja else f"military {s.military}"]
        if s.score is not None:
            parts.append(f"{s.score}点" if ja else f"{s.score} VP")
        hand = _names(s.hand, ja) if s.hand is not None else (f"{s.hand_count}枚" if ja else count(s.hand_count, "card"))
        parts.append(("手札：" if ja else "hand: ") + hand)
        if s.face_up:
            parts.append(("表：" if ja else "face up: ") + _names(s.face_up, ja))
        if s.resources:
            parts.append(("資源：" if ja else "resources: ")
                         + sep.join(energy_name(r.resource).get(lang) for r in s.resources))
        if s.wonders:
            parts.append(("世界遺産：" if ja else "wonders: ")
                         + sep.join(wonder(w).name.ja if ja else wonder(w).name.en for w in s.wonders))
        lines.append(f"{s.player}" + ("：" if ja else ": ") + ("／" if ja else "; ").join(parts))
    if view.finished:
        lines.append(render(view, lang).rsplit("\n", 1)[-1])
    return "\n".join(lines)
