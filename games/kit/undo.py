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

from .game import BaseState, Game
from .models import Event

# Why a move may not be taken back; front ends show these (catalogue keys undo.refused.<reason>).
REASONS = ("chance", "revealed", "turn_passed", "game_over", "declared")


def undo_refusal(game: Game, before: BaseState, after: BaseState, events: list[Event], player: str) -> str | None:
    """The reason the move `player` made from `before` to `after` cannot be undone, or None."""
    if any(e.data.get("irreversible") for e in events):
        return "declared"
    if game.outcome(after) is not None:
        return "game_over"
    if after.rng != before.rng:
        return "chance"
    owed_before = {p.player for p in game.prompts(before)}
    owed_after = {p.player for p in game.prompts(after)}
    if not owed_after or owed_after - owed_before:
        return "turn_passed"
    if player not in owed_after and owed_after != owed_before - {player}:
        return "turn_passed"
    for viewer in (None, *before.players):
        if game.hidden_ids(before, viewer) - game.hidden_ids(after, viewer):
            return "revealed"
    return None
