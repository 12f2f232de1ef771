"""Alt text for the pictures: what a person who cannot see a board or a hand is told.

Pure and built from views only, like the pictures themselves, so the public alt text obeys the
same hidden-information rules (tests/test_alt_text.py resamples hidden cards and compares). It
is a summary, not the text board: whose decision it is, the standings from the game's own
`describe`, and in a hand what the player must decide. Player ids stay ids; the front end puts
names in (and the last public move, which lives in the log) and clips to `ALT_LIMIT`.
"""
from __future__ import annotations

import re
from typing import Any

from .game import Game

# Discord documents 1,024 characters for a media gallery item's description; SimCord validates
# the same; discord.py 2.7 only mentions 256 in a docstring and checks nothing.
ALT_LIMIT = 1024

_MARKUP = re.compile(r"\*\*|`|^#+ |^-# ", re.MULTILINE)


def plain(text: str) -> str:
    """Markdown a screen reader would read aloud as symbols, taken out."""
    return _MARKUP.sub("", text)


def _join(names: list[str], lang: str) -> str:
    return ("、" if lang == "ja" else ", ").join(names)


def status(game: Game, state: Any, lang: str) -> str:
    """Whose decision it is, or that the game is over (and who won), for everyone."""
    ja = lang == "ja"
    outcome = game.outcome(state)
    if outcome is not None:
        line = "ゲーム終了。" if ja else "The game is over."
        if outcome.winners:
            line += (f"勝者：{_join(outcome.winners, lang)}。" if ja else f" Won: {_join(outcome.winners, lang)}.")
        return line
    who = game.current_players(state)
    if not who:
        return ""
    return f"{_join(who, lang)}の選択を待っています。" if ja else f"Waiting for {_join(who, lang)}."


def board_alt(game: Game, state: Any, lang: str) -> str:
    """The public board's alt text: safe to show anyone (built from the public view)."""
    name = game.names.get(lang) or game.names["en"]
    head = f"{name}の盤面。" if lang == "ja" else f"{name} board."
    lines = [head + " " + status(game, state, lang) if lang != "ja" else head + status(game, state, lang)]
    lines.append(plain(game.describe(game.view(state, None), lang)))
    return "\n".join(line for line in lines if line.strip())


def hand_alt(game: Game, state: Any, viewer: str, lang: str) -> str:
    """One player's alt text for their own picture: their cards (from their view) and what
    they must decide now (their own prompts, which only they are shown)."""
    ja = lang == "ja"
    name = game.names.get(lang) or game.names["en"]
    lines = [(f"{name}：あなたの手札と盤面。" if ja else f"{name}: your hand and board.") + ("" if ja else " ")
             + status(game, state, lang)]
    mine = [p for p in game.prompts(state) if p.player == viewer]
    if mine:
        lines.append(("あなたの選択：" if ja else "You must decide: ") + " / ".join(p.text.get(lang) for p in mine))
    lines.append(plain(game.describe(game.view(state, viewer), lang)))
    return "\n".join(line.rstrip() for line in lines if line.strip())
