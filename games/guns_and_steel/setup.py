"""Setup (seed-B/seed-R ゲームの準備): starting hands, the pyramid, wonders, the first player
and the initial resources of the 3rd and 4th player (2 players: the second player's)."""
from __future__ import annotations

from games.kit import Rng

from .cards import load_set, starting_cards
from .flow import task
from .sets import rules_for
from .state import Options, Seat, State


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
