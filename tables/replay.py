"""A finished game's log as a JSON file, and replaying such a file to its result."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games import registry
from games.kit import Game, IllegalAction, Outcome, Text

from .models import ReplayAction, ReplayFile


class ReplayMismatch(Exception):
    """The replayed game did not end as the file says."""


class ReplayIllegal(Exception):
    """Move `n` of the file (1-based) is not legal where it stands: `reason` says why."""

    def __init__(self, n: int, player: str, reason: Text) -> None:
        super().__init__(f"move {n} of {player} is illegal: {reason.get('en')}")
        self.n, self.player, self.reason = n, player, reason


@dataclass(frozen=True)
class ReplayedMove:
    """One move of a replayed file as a front end prints it: who, the labels of the answers
    in `lang` (the keys where the position offered none), and whether the table made it."""

    player: str
    labels: list[str]
    auto: bool


@dataclass(frozen=True)
class ReplayEnd:
    """Where a replayed file ends: the public board as text, the result by the rules, and
    whether that is the result the file records (a file that was edited may not end so)."""

    board: str
    outcome: Outcome | None
    as_recorded: bool


def replay_moves(replay: ReplayFile, game: Game, lang: str) -> Iterator[ReplayedMove | ReplayEnd]:
    """Each move of the file as it is replayed, then its end: what the terminal's `--replay`
    prints, recomputed from the set-up and the moves (not copied from the file), so that a front
    end prints a file without stepping a game itself. The game is set up at once (its own errors,
    of the file's options or players, are raised here); the iterator raises ReplayIllegal at a
    move the rules refuse."""
    state = game.setup(replay.players, game.parse_options(replay.options), replay.seed)
    return _replayed(replay, game, state, lang)


def _replayed(replay: ReplayFile, game: Game, state: Any, lang: str) -> Iterator[ReplayedMove | ReplayEnd]:
    for n, a in enumerate(replay.actions, 1):
        prompts = game.prompts(state)
        prompt = next((p for p in prompts if p.id == a.prompt_id and p.player == a.player), None)
        labels = [option.label.get(lang) if prompt and (option := prompt.option(k)) else k for k in a.choice]
        try:
            game.step(state, a.player, a.prompt_id, a.choice, prompts)  # validates before it changes anything
        except IllegalAction as e:
            raise ReplayIllegal(n, a.player, Text(en=e.message("en"), ja=e.message("ja"))) from None
        yield ReplayedMove(a.player, labels, a.auto)
    outcome = game.outcome(state)
    yield ReplayEnd(game.render(game.view(state, None), lang), outcome,
                    replay.outcome is None or outcome == replay.outcome)


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

