"""The terminal's `--replay FILE`: a downloaded game log printed move by move with the players'
names, then its result; a file that cannot be replayed is explained in the chosen language."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError

from bot.i18n import t
from bot.terminal.errors import TerminalError
from bot.terminal.plain import plain, safe_name, with_names
from games import registry
from games.kit import IllegalAction
from tables.models import ReplayFile
from tables.replay import ReplayEnd, ReplayIllegal, replay_moves


def read_replay(path: str | Path, lang: str) -> ReplayFile:
    try:
        return ReplayFile.model_validate_json(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise TerminalError(t("terminal.replay_unreadable", lang, path=path, detail=e.strerror or e)) from None
    except (ValidationError, ValueError) as e:
        detail = e.errors()[0]["msg"] if isinstance(e, ValidationError) else str(e)
        raise TerminalError(t("terminal.replay_unreadable", lang, path=path, detail=detail)) from None


def print_replay(path: str | Path, lang: str = "en", out: TextIO = sys.stdout) -> int:
    """Every move with its label, the final public board and the result, recomputed from
    setup + actions (not copied from the file)."""
    replay = read_replay(path, lang)
    try:
        game = registry.get(replay.game)
    except (KeyError, ImportError):
        raise TerminalError(t("terminal.replay_unknown_game", lang, path=path, game=replay.game)) from None
    names = {p: safe_name(replay.names.get(p) or "") or p for p in replay.players}

    def say(text: str, who: str | None = None) -> None:
        """A game's text (players named by id) with names put in once; `who` is the player
        the line is about, prefixed as "[name]" after the text is named."""
        line = with_names(plain(text), names)
        print(line if who is None else f"[{names.get(who, who)}] {line}", file=out)

    try:
        moves = replay_moves(replay, game, lang)
    except (IllegalAction, ValidationError, ValueError) as e:  # the set-up refused the file's players or options
        raise TerminalError(t("terminal.replay_unreadable", lang, path=path, detail=e)) from None
    say(t("terminal.replay_title", lang, game=game.names[lang], seed=replay.seed, id=replay.table_id))
    auto_mark = t("service.auto_marker", lang)
    try:
        for step in moves:
            if isinstance(step, ReplayEnd):
                say(step.board)
                if not step.as_recorded:
                    raise TerminalError(t("terminal.replay_mismatch", lang, path=path))
                if step.outcome is not None:
                    say(t("terminal.result", lang, summary=step.outcome.summary.get(lang)))
            else:
                mark = " " + auto_mark if step.auto else ""
                say(f"{('、' if lang == 'ja' else ', ').join(step.labels) or '—'}{mark}", who=step.player)
    except ReplayIllegal as e:
        raise TerminalError(t("terminal.replay_illegal", lang, path=path, n=e.n, player=names.get(e.player, e.player),
                              reason=plain(e.reason.get(lang)))) from None
    return 0
