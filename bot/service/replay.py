"""A finished game's log as a JSON file, and replaying such a file to its result."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import t
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
    for a in replay.actions:
        state, _ = game.apply(state, a.player, a.prompt_id, a.choice)
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


def load_replay(path: str | Path) -> ReplayFile:
    """Read a replay file; SystemExit with a readable reason when it is not one."""
    try:
        return ReplayFile.model_validate_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SystemExit(f"{path} is not a replay file the bot exported: {e}") from e


def print_replay(path: str | Path, lang: str = "en", out: TextIO = sys.stdout) -> int:
    """The terminal's `--replay FILE`: every move with its label, the final public board and
    the result, recomputed from setup + actions (not copied from the file)."""
    replay = load_replay(path)
    game = registry.get(replay.game)
    state = game.setup(replay.players, game.parse_options(replay.options), replay.seed)
    print(f"== {game.names[lang]} (seed {replay.seed}) — {'replay' if lang == 'en' else 'リプレイ'} "
          f"#{replay.table_id} ==", file=out)
    auto_mark = t("service.auto_marker", lang)
    for a in replay.actions:
        prompt = next((p for p in game.prompts(state) if p.id == a.prompt_id and p.player == a.player), None)
        labels = [prompt.option(k).label.get(lang) if prompt and prompt.option(k) else k for k in a.choice]
        name = replay.names.get(a.player, a.player)
        print(f"[{name}] {', '.join(labels) or '—'}{' ' + auto_mark if a.auto else ''}", file=out)
        state, _ = game.apply(state, a.player, a.prompt_id, a.choice)
    print(game.render(game.view(state, None), lang), file=out)
    outcome = game.outcome(state)
    if replay.outcome is not None and outcome != replay.outcome:
        raise SystemExit(f"{path} does not replay to the result it records")
    if outcome is not None:
        print(("Result: " if lang == "en" else "結果: ") + outcome.summary.get(lang), file=out)
    return 0
