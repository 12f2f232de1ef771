"""The terminal's `--replay FILE`: a downloaded game log printed move by move, then its result."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from games import registry
from tables.i18n import t
from tables.replay import load_replay


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
        prompts = game.prompts(state)
        prompt = next((p for p in prompts if p.id == a.prompt_id and p.player == a.player), None)
        labels = [prompt.option(k).label.get(lang) if prompt and prompt.option(k) else k for k in a.choice]
        name = replay.names.get(a.player, a.player)
        print(f"[{name}] {', '.join(labels) or '—'}{' ' + auto_mark if a.auto else ''}", file=out)
        game.apply_in_place(state, a.player, a.prompt_id, a.choice, prompts)
    print(game.render(game.view(state, None), lang), file=out)
    outcome = game.outcome(state)
    if replay.outcome is not None and outcome != replay.outcome:
        raise SystemExit(f"{path} does not replay to the result it records")
    if outcome is not None:
        print(("Result: " if lang == "en" else "結果: ") + outcome.summary.get(lang), file=out)
    return 0
