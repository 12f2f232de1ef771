"""Scenario builders for the Ganymede tests: put chosen cards in play, on the decks and in the piles,
then play through the prompts the way a player would.

A card is written as its number for a red/green card ("8"), "b7" for a black 7, "pA" for a purple A.
"""
from __future__ import annotations

from games.ganymede import GAME
from games.ganymede.draw_phase import continue_draw
from games.ganymede.order import turn_order
from games.ganymede.state import RoundRecord, State
from games.kit import Event, Prompt

A, B, C = "alice", "bob", "carol"
PLAYERS = {"duel": [A, B], "coop": [A, B], "three": [A, B, C]}
OWNER = {"red": A, "green": B, "purple": C}


def _taker(state: State):
    free = {cid for s in state.sides.values() for cid in s.deck} | set(state.supply)

    def take(spec: str, colour: str) -> str:
        if spec.startswith("b"):
            want = ("black", spec[1:])
        elif spec.startswith("p"):
            want = ("purple", spec[1:])
        else:
            want = (colour, spec)
        for cid in sorted(free, key=lambda c: int(c[1:])):
            card = state.cards[cid]
            if (card.colour, card.rank) == want:
                free.remove(cid)
                return cid
        raise AssertionError(f"no free card {spec} for {colour}")

    return take, free


def scenario(mode: str = "duel", play: dict[str, list[str]] | None = None, deck: dict[str, list[str]] | None = None,
             used: dict[str, list[str]] | None = None, hp: dict[str, int] | None = None, first: str = "red",
             marker: str = "red", supply: list[str] | None = None, options: dict | None = None,
             rest_in_deck: bool = True, round_number: int = 1, seed: int = 1) -> State:
    """A state at the start of a round's draw phase.

    `play[c]`: cards already in play (the initial card first). `deck[c]`: the top of the deck, in order;
    the side's other own cards follow unless `rest_in_deck` is False. `used[c]`: the used pile.
    `supply`: the black cards left in the middle (default: all 18 minus those placed).
    """
    opts = {"mode": mode, **(options or {})}
    state = GAME.setup(PLAYERS[mode], opts, seed)
    take, free = _taker(state)
    placed = {}
    for colour, side in state.sides.items():
        side.play = [take(s, colour) for s in (play or {}).get(colour, [])]
        side.deck = [take(s, colour) for s in (deck or {}).get(colour, [])]
        side.used = [take(s, colour) for s in (used or {}).get(colour, [])]
        placed[colour] = side
    for colour, side in placed.items():
        if rest_in_deck:
            side.deck += sorted((c for c in free if state.cards[c].colour == colour), key=lambda c: int(c[1:]))
        side.face_down, side.draws, side.known_top = [], 0, []
        side.hp = (hp or {}).get(colour, state.options.hp())
    black_left = sorted((c for c in free if state.cards[c].colour == "black"), key=lambda c: int(c[1:]))
    state.supply = black_left if supply is None else [take("b" + r, "black") for r in supply]
    state.round = round_number
    if mode == "duel":
        state.marker, state.first = marker, first
    state.current = RoundRecord(number=round_number, first=state.first)
    state.step = "draw"
    state.queue = turn_order(state)
    continue_draw(state, [])
    return State.model_validate(state.model_dump())


def prompt(state: State, pid: str, player: str | None = None) -> Prompt:
    found = [p for p in GAME.prompts(state) if p.id == pid and (player is None or p.player == player)]
    assert found, f"no open prompt {pid} for {player}: {[(p.id, p.player) for p in GAME.prompts(state)]}"
    return found[0]


def may_draw(state: State, player: str) -> bool:
    """Whether `player` is offered another draw (in the duel the window stays open to say "Done")."""
    return any(p.id == "draw" and p.player == player and p.option("draw") for p in GAME.prompts(state))


def open_ids(state: State) -> list[tuple[str, str]]:
    return [(p.id, p.player) for p in GAME.prompts(state)]


def act(state: State, pid: str, choice: str | list[str], player: str | None = None) -> tuple[State, list[Event]]:
    p = prompt(state, pid, player)
    return GAME.apply(state, p.player, pid, [choice] if isinstance(choice, str) else choice)


def draws(state: State, player: str, n: int, stop: bool = True, events: list | None = None) -> State:
    """`player` draws n cards (declining any 2/4 effect), then stops if still allowed."""
    for _ in range(n):
        state, ev = act(state, "draw", "draw", player)
        if events is not None:
            events.extend(ev)
        if ("effect", player) in open_ids(state):
            state, _ = act(state, "effect", "keep", player)
    if stop and ("draw", player) in open_ids(state):
        state, ev = act(state, "draw", "stop", player)
        if events is not None:
            events.extend(ev)
    return state


def stop_all(state: State) -> State:
    """Everyone still drawing stops (in turn order)."""
    while any(pid == "draw" for pid, _ in open_ids(state)):
        state, _ = act(state, "draw", "stop")
    return state


def key_of(state: State, p: Prompt, spec: str, colour: str) -> str:
    want = ("black", spec[1:]) if spec.startswith("b") else ("purple", spec[1:]) if spec.startswith("p") else (colour, spec)
    for o in p.options:
        card = state.cards.get(o.key)
        if card is not None and (card.colour, card.rank) == want:
            return o.key
    raise AssertionError(f"{spec} not offered in {p.id}: {[o.label.en for o in p.options]}")


def faces(state: State, cards: list[str]) -> list[str]:
    out = []
    for c in cards:
        card = state.cards[c]
        out.append(card.rank if card.colour in ("red", "green") else card.colour[0] + card.rank)
    return out


def hp(state: State) -> dict[str, int]:
    return {c: s.hp for c, s in state.sides.items()}


def played(state: State, colour: str) -> list[str]:
    """The faces `colour` showed at this round's showdown (or the last round's, once it is over)."""
    record = state.current if state.current and state.current.cards else state.last
    return [c.rank if c.colour in ("red", "green") else c.colour[0] + c.rank for c in record.cards.get(colour, [])]


def duel(red: list[str], green: list[str], first: str = "red", **kw) -> State:
    """A duel round where red and green open with their first card and draw the rest face down
    (first player first), each then stopping; the state is at the showdown or later."""
    state = scenario(play={"red": red[:1], "green": green[:1]}, deck={"red": red[1:], "green": green[1:]},
                     first=first, **kw)
    order = [(A, red), (B, green)] if first == "red" else [(B, green), (A, red)]
    for player, cards in order:
        state = draws(state, player, len(cards) - 1)
    return state
