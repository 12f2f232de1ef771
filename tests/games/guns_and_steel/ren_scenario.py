"""Renaissance / mixed positions on top of `gs_scenario.position`: token and honor supplies
and research piles, so tests read like the rulebook examples."""
from __future__ import annotations

from typing import Any

from gs_scenario import position

from games.guns_and_steel.renaissance import RenState
from games.guns_and_steel.state import State

PLAYERS = ["you", "gandhi", "napoleon", "elizabeth"]
# notes LD9: the setup figure of seed-R, left to right per era
LD9 = {"horse": ["chariot", "tribute", "espionage", "calendar", "coup", "writing", "sailing"],
       "gunpowder": ["theology", "code_of_laws", "exile", "horse_archer", "compass", "education"],
       "oil": ["ceasefire", "frigate", "economics", "light_cavalry", "printing_press"],
       "earth": ["battleship", "newspaper", "nationalism", "machine_gun"],
       "space": ["film", "space_race", "stealth_bomber"]}
LD9_WONDERS = ["colossus", "hagia_sophia", "forbidden_city", "panama", "sydney"]


def ren_position(seats: dict[str, dict[str, Any]], pyramid: dict[str, list[str | None]] | None = None,
                 wonders: list[str] | None = None, players: list[str] | None = None, set_: str = "renaissance",
                 tokens: dict[str, int] | None = None, honor: dict[str, dict[str, int]] | None = None,
                 piles: dict[str, list[str]] | None = None, energy: dict[str, int] | None = None) -> State:
    """A Renaissance (or mixed) position; `honor` = wonder -> player -> tokens on it (taken
    from that player's five)."""
    players = players or PLAYERS
    table = list(LD9_WONDERS if wonders is None else wonders)
    state = position(players, seats, pyramid, table, set_=set_, energy=energy)
    ren = RenState.start(players, table)
    for p, n in (tokens or {}).items():
        ren.vp_tokens[p] = n
    for w, by in (honor or {}).items():
        for p, n in by.items():
            ren.honor[w][p] = n
            ren.honor_supply[p] -= n
    state.ren = ren
    for era, keys in (piles or {}).items():
        state.piles[era] = []
        for k in keys:
            cid = k if k not in state.cards else f"{k}_pile"
            state.cards[cid] = k
            state.piles[era].append(cid)
    return state


def inst(state: State, player: str, key: str) -> str:
    """The instance id of `player`'s card `key` (hand or field)."""
    seat = state.seats[player]
    for cid in [*seat.hand, *(f.id for f in seat.field)]:
        if state.cards[cid] == key:
            return cid
    raise KeyError(f"{player} has no {key}")


def tokens(state: State) -> dict[str, int]:
    assert state.ren is not None
    return dict(state.ren.vp_tokens)
