"""Whether a player may take a move back (Board Game Arena's undo policy, as pure rules).

A move may be undone by the player who made it while nothing irreversible happened:
no chance event (the seeded RNG moved: a shuffle, a draw, a die), no hidden information
revealed to anyone (some viewer's set of hidden cards shrank: a card drawn, a face-down
card shown, a hand looked at), nobody new has to decide (the turn did not pass, no one
else was asked anything), and the game did not end. A game can also declare a move
irreversible by putting `"irreversible": True` in the data of an event it returns.
Where unsure, it is irreversible. The table service enforces the rest: only the latest
move of the table, by its own player, one at a time.
"""
from __future__ import annotations

from dataclasses import dataclass

from .game import BaseState, Game
from .models import Event, Prompt

# Why a move may not be taken back; front ends show these (catalogue keys undo.refused.<reason>).
REASONS = ("chance", "revealed", "turn_passed", "game_over", "declared")


@dataclass(frozen=True, slots=True)
class BeforeMove:
    """What `undo_refusal` needs of the position a move starts from, taken before the move
    changes the state in place (a few sets instead of a deep copy of the whole state)."""

    rng: tuple[int, int]
    owed: frozenset[str]
    hidden: tuple[tuple[str | None, frozenset[str]], ...]  # (viewer, its hidden ids): the public view, then each player


def before_move(game: Game, state: BaseState, prompts: list[Prompt] | None = None) -> BeforeMove:
    """The facts of `state` a later `undo_refusal_after` compares with; `prompts`, when
    given, are `game.prompts(state)`."""
    open_prompts = game.prompts(state) if prompts is None else prompts
    return BeforeMove((state.rng.seed, state.rng.counter), frozenset(p.player for p in open_prompts),
                      tuple((viewer, frozenset(game.hidden_ids(state, viewer))) for viewer in (None, *state.players)))


def undo_refusal(game: Game, before: BaseState, after: BaseState, events: list[Event], player: str) -> str | None:
    """The reason the move `player` made from `before` to `after` cannot be undone, or None."""
    return undo_refusal_after(game, before_move(game, before), after, events, player)


def undo_refusal_after(game: Game, before: BeforeMove, after: BaseState, events: list[Event], player: str,
                       prompts_after: list[Prompt] | None = None) -> str | None:
    """`undo_refusal` from the facts taken before the move; `prompts_after`, when given,
    are `game.prompts(after)`."""
    if any(e.data.get("irreversible") for e in events):
        return "declared"
    if game.outcome(after) is not None:
        return "game_over"
    if (after.rng.seed, after.rng.counter) != before.rng:
        return "chance"
    owed_before = before.owed
    owed_after = {p.player for p in (game.prompts(after) if prompts_after is None else prompts_after)}
    if not owed_after or owed_after - owed_before:
        return "turn_passed"
    if player not in owed_after and owed_after != owed_before - {player}:
        return "turn_passed"
    for viewer, hidden in before.hidden:
        if hidden - game.hidden_ids(after, viewer):
            return "revealed"
    return None
