"""The draw-time effects of 2 and 4 (notes G4–G6).

Only a card drawn in the draw phase triggers them (never the initial card). In the duel the card
was drawn face down and using the effect reveals it; in co-op and three players every draw is face
up and the owner just decides whether to use it. The automated co-op purple side never uses them.
"""
from __future__ import annotations

from games.kit import Event, T, one_per_identical
from games.kit.words import count

from .draw_phase import continue_draw, draw_one, stop_drawing
from .piles import label_text, put_on_top, side_name
from .rules import card_label, is_special
from .state import EventList, Pending, Side, State

KEEP = "keep"
PEEK = "peek"
SWAP = "swap"


def usable(state: State, side: Side, card: str) -> bool:
    """Whether the just-drawn `card` offers its owner a 2/4 effect now (G6: 2 needs a used card,
    4 needs a deck card; looking does not reshuffle)."""
    c = state.cards[card]
    if side.player is None or not is_special(c):
        return False
    return (c.rank == "2" and bool(side.used)) or (c.rank == "4" and bool(side.deck))


def player_draw(state: State, colour: str, events: EventList) -> None:
    """Draw one card. A usable 2 or 4 waits for its owner: in co-op and three players (drawn face
    up) as its own step; in the duel (face down) as options of the same draw window that every
    face-down draw opens, so nobody else can tell."""
    side = state.sides[colour]
    state.pending = None
    card = draw_one(state, side, events)
    if card is not None and usable(state, side, card):
        state.pending = Pending(colour=colour, card=card)
        if state.options.mode != "duel":
            state.step = "effect"
            return
    continue_draw(state, events)


def stop(state: State, colour: str, events: EventList) -> None:
    """End the draw phase; a 2 or 4 not used by now stays face down without effect."""
    state.pending = None
    stop_drawing(state, colour, events)


def face(state: State, card: str) -> tuple[str, str]:
    """Cards with the same colour and number are interchangeable; options are offered once per face."""
    c = state.cards[card]
    return c.colour, c.rank


def distinct(state: State, cards: list[str]) -> list[str]:
    """One card per face (colour and number), in order."""
    return one_per_identical(cards, lambda card: face(state, card))


def _reveal(state: State, side: Side, card: str, events: EventList) -> None:
    if card in side.face_down:
        side.face_down.remove(card)
        if events is not None:
            events.append(Event(kind="reveal", text=side_name(side) + T(" reveals ", "が公開：")
                                + card_label(state.cards[card]) + T(".", "。")))
    else:
        if events is not None:
            events.append(Event(kind="use", text=side_name(side) + T(" uses ", "が効果を使用：")
                                + card_label(state.cards[card]) + T(".", "。")))


def _done(state: State, events: EventList) -> None:
    state.pending = None
    state.step = "draw"
    continue_draw(state, events)


def use_effect(state: State, choice: str, events: EventList) -> None:
    """`choice`: KEEP, PEEK (a 4) or the id of a used card to put on top (a 2)."""
    pending = state.pending
    side = state.sides[pending.colour]
    if choice == KEEP:
        _done(state, events)
        return
    _reveal(state, side, pending.card, events)
    if state.cards[pending.card].rank == "2":
        put_on_top(side, choice)
        if events is not None:
            events.append(Event(kind="stack", text=side_name(side) + T(
                " puts a card from the used pile on top of the deck.", "は使用済デッキの1枚を出撃デッキの一番上に置きました。")))
            events.append(Event(kind="stacked", to=[side.player], text=T("On top of your deck: ", "出撃デッキの一番上：")
                                + card_label(state.cards[choice]) + T(".", "。")))
        _done(state, events)
        return
    peeked = side.deck[:2]
    side.known_top = side.deck[:max(len(side.known_top), len(peeked))]
    if events is not None:
        events.append(Event(kind="peek", text=side_name(side) + T(
            f" looks at the top {count(len(peeked), 'card')} of the deck.", f"は出撃デッキの上から{len(peeked)}枚を見ました。")))
        events.append(Event(kind="peeked", to=[side.player], text=T("Top of your deck: ", "出撃デッキの上から：")
                            + label_text(state, peeked) + T(".", "。")))
    if len(peeked) == 2:  # asked even for two equal cards: others must not learn that they are equal
        pending.peeked = peeked
        state.step = "order"
        return
    _done(state, events)


def order_top(state: State, choice: str, events: EventList) -> None:
    """The 4's reorder: SWAP exchanges the top two cards, anything else keeps them."""
    side = state.sides[state.pending.colour]
    if choice == SWAP:
        side.deck[0], side.deck[1] = side.deck[1], side.deck[0]
        side.known_top[0], side.known_top[1] = side.known_top[1], side.known_top[0]
    if events is not None:
        events.append(Event(kind="reorder", text=side_name(side) + T(" puts the cards back.", "はカードを戻しました。")))
        events.append(Event(kind="reordered", to=[side.player], text=T("Top of your deck now: ", "出撃デッキの上から：")
                            + label_text(state, side.deck[:2]) + T(".", "。")))
    _done(state, events)
