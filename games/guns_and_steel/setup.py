"""Setup (seed-B/seed-R ゲームの準備): starting hands, the pyramid, wonders, the first player
and the initial resources of the 3rd and 4th player (2 players: the second player's)."""
from __future__ import annotations

from games.kit import Rng

from .cards import ERAS, load_set, starting_cards
from .flow import task
from .sets import rules_for
from .state import Options, Seat, State


def standard_pyramid(card_sets: tuple[str, ...], players: int, rng: Rng) -> dict[str, list[str]]:
    """Card keys per era, shuffled, left to right. 2 players: the 2-player-icon cards are
    removed before shuffling."""
    rows: dict[str, list[str]] = {}
    for era in ERAS:
        keys = [c.id for s in card_sets for c in load_set(s).cards.values()
                if c.era is not None and c.era.value == era and not (players == 2 and c.two_player_excluded.value)]
        rng.shuffle(keys)
        rows[era] = keys
    return rows


def icon_winner(row: list[str], wonders: list[tuple[str, str]], rng: Rng) -> str:
    """Of [(wonder, icon card)], the wonder whose icon card lies furthest left in `row`;
    a missing icon card loses; with none present, a random one (notes A9)."""
    placed = [(row.index(icon), wid) for wid, icon in wonders if icon in row]
    if placed:
        return min(placed)[1]
    return rng.choice([wid for wid, _ in wonders])


def wonders_by_icon(rows: dict[str, list[str]], wonder_sets: tuple[str, ...], rng: Rng) -> list[str]:
    """One wonder per era: the one whose setup icon card is further left (seed-B 準備 2)."""
    out = []
    for era in ERAS:
        pair = [(w.id, w.setup_icon.value) for s in wonder_sets for w in load_set(s).wonders.values() if w.era.value == era]
        if pair:
            out.append(icon_winner(rows[era], pair, rng))
    return out


def new_state(game_key: str, players: list[str], options: Options, rng: Rng) -> State:
    rules = rules_for(options.set)
    ids: dict[str, str] = {}
    cards: dict[str, str] = {}
    # Pyramid cards get ids in a shuffled order so an id says nothing about its card.
    keys = [c.id for s in ("base", "renaissance") for c in load_set(s).cards.values()]
    rng.shuffle(keys)
    for n, key in enumerate(keys, 1):
        ids[key] = f"c{n:02d}"
        cards[f"c{n:02d}"] = key
    seats = {}
    for i, p in enumerate(players, 1):
        hand = []
        for j, c in enumerate(starting_cards()):
            cid = f"s{i}{'abcde'[j]}"
            cards[cid] = c.id
            hand.append(cid)
        seats[p] = Seat(hand=hand)
    first = rng.choice(players)
    k = players.index(first)
    order = players[k:] + players[:k]
    state = State(game=game_key, players=players, seed=rng.seed, rng=rng, options=options, cards=cards, order=order,
                  active=first, seats=seats, pyramid={})
    rules.build_table(state, state.rng, ids)
    used = {c for row in state.pyramid.values() for c in row if c} | {c for pile in state.piles.values() for c in pile}
    state.cards = {cid: key for cid, key in state.cards.items() if cid.startswith("s") or cid in used}
    rules.init_extra(state)
    # 4th step of the setup: the 3rd and 4th player place one resource (2 players: the 2nd).
    starters = order[1:2] if len(order) == 2 else order[2:]
    state.tasks = [task("initial_resource", p) for p in reversed(starters)]
    state.turn = 0
    return state
