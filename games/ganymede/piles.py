"""Decks and piles: drawing with the reshuffle rule, and naming sides in events."""
from __future__ import annotations

from functools import lru_cache

from games.kit import Event, T, Text

from .data import colour_name
from .rules import card_label
from .state import Side, State


def side_name(side: Side) -> Text:
    """"alice (red)" / "alice(赤)"; the automated co-op purple side is just "Purple" / "紫陣営"."""
    return side_label(side.player, side.colour)


@lru_cache(maxsize=1024)
def side_label(player: str | None, colour_key: str) -> Text:
    colour = colour_name(colour_key)
    if player is None:
        return T(colour.en.capitalize(), f"{colour.ja}陣営")
    return T(f"{player} ({colour.en})", f"{player}（{colour.ja}）")


def labels(state: State, cards: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(card_label(state.cards[c]).get(lang) for c in cards) if cards else "—"


def label_text(state: State, cards: list[str]) -> Text:
    return T(labels(state, cards, "en"), labels(state, cards, "ja"))


def draw_card(state: State, side: Side, events: list[Event]) -> str | None:
    """Take the top card of the side's deck. An empty deck is first rebuilt from the shuffled
    used pile (「どのフェイズにおいても…出撃デッキを作り直します」); with both empty, nothing (G15)."""
    if not side.deck:
        if not side.used:
            if events is not None:
                events.append(Event(kind="no_cards", text=side_name(side) + T(" has no card left to draw.",
                                                                             "は引けるカードがありません。")))
            return None
        side.deck, side.used = side.used, []
        state.rng.shuffle(side.deck)
        side.known_top = []
        if events is not None:
            events.append(Event(kind="reshuffle", text=side_name(side) + T(
                ": the deck is empty, so the used pile is shuffled into a new deck.",
                "：出撃デッキが尽きたので、使用済デッキを混ぜて出撃デッキを作り直しました。")))
    card = side.deck.pop(0)
    known = side.known_top
    side.known_top = known[1:] if known[:1] == [card] else []
    return card


def take_black(state: State, rank: str) -> str:
    """A black card of this rank from the face-up supply (setup and reinforcement)."""
    card = next(c for c in state.supply if state.cards[c].rank == rank)
    state.supply.remove(card)
    return card


def put_on_top(side: Side, card: str) -> None:
    """The 2's effect: a card from the used pile goes on top of the deck; its owner knows it."""
    side.used.remove(card)
    side.deck.insert(0, card)
    side.known_top.insert(0, card)
