"""Build a Guns & Steel position card by card and play it through the public API.

Instance ids in a scenario are the card keys (a second copy gets a suffix), so tests read
like the rulebook: `seat(hand=["barter"], res=["agriculture", "mining"], up=["warrior"])`.
"""
from __future__ import annotations

from typing import Any

from games.guns_and_steel import GAME
from games.guns_and_steel.cards import ERAS
from games.guns_and_steel.flow import advance, push_seq, task
from games.guns_and_steel.state import FieldCard, Seat, State, TurnRecord
from games.kit import Event, Prompt


def seat(hand: list[str] = (), res: list[str] = (), up: list[str] = (), wonders: list[str] = ()) -> dict[str, Any]:
    return {"hand": list(hand), "res": list(res), "up": list(up), "wonders": list(wonders)}


def position(players: list[str], seats: dict[str, dict[str, Any]], pyramid: dict[str, list[str | None]] | None = None,
             wonders: list[str] | None = None, active: str | None = None, set_: str = "base", seed: int = 1,
             energy: dict[str, int] | None = None) -> State:
    """A state where `active` (default: the first player) is about to start a turn."""
    state = GAME.setup(players, {"set": set_}, seed)
    cards: dict[str, str] = {}

    def new_id(key: str) -> str:
        cid, n = key, 1
        while cid in cards:
            n += 1
            cid = f"{key}{n}"
        cards[cid] = key
        return cid

    state.seats = {}
    for p in players:
        s = seats.get(p, seat())
        state.seats[p] = Seat(hand=[new_id(k) for k in s["hand"]],
                              field=[FieldCard(id=new_id(k), up=False) for k in s["res"]]
                              + [FieldCard(id=new_id(k), up=True) for k in s["up"]],
                              wonders=list(s["wonders"]))
    rows = pyramid or {era: [] for era in ERAS}
    state.pyramid = {era: [new_id(k) if k else None for k in rows.get(era, [])] for era in ERAS}
    state.piles = {}
    state.table_wonders = list(wonders or [])
    state.cards = cards
    state.order = list(players)
    state.active = active or players[0]
    state.turn = 1
    state.record = TurnRecord()
    state.energy = dict(energy or {})
    state.tasks = []
    p = state.active
    push_seq(state, [task("resource", p), task("progress", p), task("purchase", p), task("end", p)])
    advance(state, [])
    return state


def prompt(state: State) -> Prompt:
    ps = GAME.prompts(state)
    assert len(ps) == 1, ps
    return ps[0]


def act(state: State, prompt_id: str, *choice: str, player: str | None = None) -> tuple[State, list[Event]]:
    """Answer the open prompt (checked: it is `prompt_id`) with option keys; a card key that is
    not itself an option stands for an offered instance of that card."""
    p = prompt(state)
    assert p.id == prompt_id, f"expected prompt {prompt_id}, open is {p.id} for {p.player}: {[o.key for o in p.options]}"
    if player is not None:
        assert p.player == player, f"{prompt_id} belongs to {p.player}, not {player}"
    offered = [o.key for o in p.options]
    picked: list[str] = []
    for c in choice:
        if c not in offered:
            c = next((k for k in offered if state.cards.get(k) == c and k not in picked), c)
        picked.append(c)
    return GAME.apply(state, p.player, p.id, picked)


def keys(p: Prompt, state: State | None = None) -> list[str]:
    """Option keys; with `state`, card instances are shown as their card keys."""
    return [state.cards.get(o.key, o.key) if state is not None else o.key for o in p.options]


def field_of(state: State, player: str) -> tuple[list[str], list[str]]:
    """(face-up card keys, resource card keys) of a player's field."""
    f = state.seats[player].field
    return [state.cards[c.id] for c in f if c.up], [state.cards[c.id] for c in f if not c.up]


def hand_of(state: State, player: str) -> list[str]:
    return [state.cards[c] for c in state.seats[player].hand]
