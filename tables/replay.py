"""A finished game's log as a JSON file, and replaying such a file to its result."""
from __future__ import annotations

from typing import Any

from games import registry
from games.kit import Outcome

from .models import ReplayAction, ReplayFile


class ReplayMismatch(Exception):
    """The replayed game did not end as the file says."""


def replay_file(replay: ReplayFile) -> tuple[Any, Outcome | None]:
    """Set the game up from the file and apply every action: (final state, outcome).
    Raises ReplayMismatch when the outcome differs from the recorded one."""
    game = registry.get(replay.game)
    state = game.setup(replay.players, game.parse_options(replay.options), replay.seed)
    prompts = None  # each step hands the next position's prompts on
    for a in replay.actions:
        _, prompts = game.step(state, a.player, a.prompt_id, a.choice, prompts, events=False)
    outcome = game.outcome(state)
    if replay.outcome is not None and outcome != replay.outcome:
        raise ReplayMismatch(f"replay ended with {outcome} but the file records {replay.outcome}")
    return state, outcome


def to_replay(table: Any, entries: list[Any], outcome: Outcome | None, ended_by: str) -> ReplayFile:
    return ReplayFile(
        table_id=table.id, game=table.game, options=table.options, seed=table.seed or 0, players=table.players,
        names={s.user_id: s.display_name for s in table.seats},
        actions=[ReplayAction(player=e.player, prompt_id=e.prompt_id, choice=e.choice, auto=e.auto) for e in entries],
        outcome=outcome, ended_by=ended_by)

