"""Setup: the cards dealt their ids, the sides' decks, the First Strike marker, each side's black card."""
from __future__ import annotations

from functools import cache

from games.kit import Event, Rng, T

from .data import load
from .options import Options
from .order import DUEL_COLOURS, other
from .piles import side_name, take_black
from .rounds import start_round
from .state import Card, EventList, Side, State

CARD_COLOURS = ("red", "green", "black", "purple")


@cache
def face(colour: str, rank: str) -> Card:
    return Card(colour=colour, rank=rank)


@cache
def _faces(colour_deck: str, purple: bool) -> tuple[Card, ...]:
    """Every card of a game in deal order: red's and green's decks, the black supply, purple's."""
    data = load()
    faces = [(colour, r) for colour in DUEL_COLOURS for r in data.colour_decks[colour_deck].all_ranks()]
    faces += [("black", r) for r in data.black_supply.all_ranks()]
    if purple:
        faces += [("purple", r) for r in data.purple_deck.all_ranks()]
    return tuple(face(colour, rank) for colour, rank in faces)


@cache
def _ids(count: int) -> tuple[str, ...]:
    return tuple(f"c{i:02d}" for i in range(1, count + 1))


def new_state(game_key: str, players: list[str], options: Options, rng: Rng) -> State:
    faces = _faces(options.colour_deck, options.mode != "duel")
    # Ids are dealt to the cards at random, so an id seen in a log of choices tells nothing.
    ids = list(_ids(len(faces)))
    rng.shuffle(ids)
    cards: dict[str, Card] = {}
    of: dict[str, list[str]] = {colour: [] for colour in CARD_COLOURS}  # each colour's ids, in `ids` order
    for card_id, card in zip(ids, faces, strict=True):
        cards[card_id] = card
        of[card.colour].append(card_id)
    hp = options.hp()
    sides = {colour: Side(colour=colour, player=players[i], hp=hp, deck=of[colour])
             for i, colour in enumerate(DUEL_COLOURS)}
    if options.mode != "duel":
        purple = Side(colour="purple", player=players[2] if options.mode == "three" else None, hp=hp,
                      deck=of["purple"])
        rng.shuffle(purple.deck)
        sides["purple"] = purple
    state = State(game=game_key, players=players, seed=rng.seed, rng=rng, options=options, cards=cards,
                  sides=sides, supply=of["black"])
    if options.mode == "duel":
        # じゃんけん decides who holds the First Strike marker; they pick their black card first.
        state.marker = rng.choice(list(DUEL_COLOURS))
        state.queue = [state.marker, other(state, state.marker)]
    else:
        state.queue = list(DUEL_COLOURS)
    return state


def setup_pick(state: State, colour: str, rank: str, events: EventList) -> None:
    """Setup: add one face-up black card to the colour cards and shuffle the 7 into the deck."""
    side = state.sides[colour]
    side.deck.append(take_black(state, rank))
    state.rng.shuffle(side.deck)
    state.queue.remove(colour)
    if events is not None:
        events.append(Event(kind="setup_pick", text=side_name(side) + T(f" takes a black {rank} and shuffles the deck.",
                                                                        f"は黒{rank}を取り、出撃デッキを混ぜました。"),
                            data={"colour": colour, "rank": rank}))
    if not state.queue:
        start_round(state, events)
