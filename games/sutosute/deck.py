"""Card movements shared by every step: shuffle and burn, deal, draw, the reshuffles, the reset, dice."""
from __future__ import annotations

from games.kit import Event, T

from .data import die_name, kind_name, load
from .state import DiscardEntry, State

# What the steps append their events to; None when the caller throws the events away
# (playouts, search), so their texts are not even written.
EventList = list[Event] | None


def burn_after_shuffle(state: State) -> None:
    """整理案: after every shuffle one card is put face down on the discard."""
    if state.options.reshuffle_rule == "burn_and_empty" and state.deck:
        state.discard.append(DiscardEntry(card=state.deck.pop(0), face_up=False))


def deal(state: State) -> None:
    size = load().hand_size.value
    for _ in range(size):
        for p in state.players:
            draw_card(state, p, None)  # the deal is not told card by card: no events


def draw_card(state: State, player: str, events: EventList) -> None:
    """Draw 1 from the deck; an empty deck first takes the whole discard back (整理案 / fallback)."""
    if not state.deck:
        state.deck = [e.card for e in state.discard]
        state.discard = []
        state.rng.shuffle(state.deck)
        burn_after_shuffle(state)
        if events is not None:
            events.append(Event(kind="reshuffle", text=T("The deck is empty: the discard is shuffled into a new deck.",
                                                         "山札が尽きたので捨て札を切り直して山にしました。")))
    if not state.deck:
        return
    card = state.deck.pop(0)
    state.hands[player].append(card)
    if events is not None:
        events.append(Event(kind="draw", text=T(f"{player} draws a card.", f"{player}が1枚引きました。")))
        events.append(Event(kind="drew", to=[player], text=T("You drew ", "あなたが引いたのは") + kind_name(state.cards[card])
                            + T(".", "です。"), data={"card": card}))


def take_from_hand(state: State, player: str, card: str) -> None:
    state.hands[player].remove(card)
    if card in state.public:
        state.public.remove(card)


def v2_reshuffle(state: State, events: EventList) -> None:
    """ver.2: with 4 or more cards in the discard, put them on the deck and shuffle the deck."""
    if state.options.reshuffle_rule == "v2_discard4" and len(state.discard) >= 4:
        state.deck.extend(e.card for e in state.discard)
        state.discard = []
        state.rng.shuffle(state.deck)
        if events is not None:
            events.append(Event(kind="reshuffle", text=T("The discard holds 4 cards: it goes onto the deck and the deck is shuffled.",
                                                         "捨て札が4枚になったので山に乗せて切り直しました。")))


def reset_cards(state: State, events: EventList) -> None:
    """整理案 リセット: gather every play card, shuffle, (burn 1,) deal 4 each. Scores stay."""
    state.deck = list(state.cards)
    state.discard = []
    state.hands = {p: [] for p in state.players}
    state.placed = {}
    state.public = []
    state.rng.shuffle(state.deck)
    burn_after_shuffle(state)
    deal(state)
    state.draws_in_row = 0
    if events is not None:
        events.append(Event(kind="reset", text=T("Reset: all cards are gathered, shuffled and 4 are dealt to each player.",
                                                 "リセット：全てのカードを集めて切り直し、4枚ずつ配りました。")))


def roll(state: State, dice: list[str], events: EventList) -> None:
    for d in dice:
        state.dice[d] = state.rng.below(6) + 1
    if dice and events is not None:
        shown = ", ".join(f"{die_name(d).en} {state.dice[d]}" for d in dice)
        shown_ja = "、".join(f"{die_name(d).ja}{state.dice[d]}" for d in dice)
        events.append(Event(kind="roll", text=T(f"Rolled: {shown}.", f"ダイス：{shown_ja}。"),
                            data={d: state.dice[d] for d in dice}))
