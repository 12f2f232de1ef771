"""Alt text on every picture the bot sends, for players who use a screen reader.

The words come from `games.kit.alt` (pure, per game, hidden-information safe); this module
adds what only the front end has: players' names and the last public move from the log, and
keeps it within what Discord takes for a media gallery item's description.
"""
from __future__ import annotations

from typing import Any

from bot.i18n import t
from games.kit.alt import ALT_LIMIT, plain
from tables.read_model import TableRead

from .presenters import clip, entry_lines, names_of, substitute


def _last_move(table: Any, recent: list[Any] | None, names: dict[str, str], lang: str) -> str:
    lines = [line for entry in recent or [] for line in entry_lines(entry, names, lang)]
    if not lines:
        return ""
    return t("alt.last_move", lang, move=plain(lines[-1]))


def _finish(text: str, table: Any, recent: list[Any] | None, lang: str) -> str:
    names = names_of(table, lang, markdown=False)  # read aloud, never rendered
    head, _, rest = substitute(text, names).partition("\n")
    last = _last_move(table, recent, names, lang)
    return clip("\n".join(part for part in (head, last, rest) if part), ALT_LIMIT)


def board(seen: TableRead, lang: str, recent: list[Any] | None = None) -> str | None:
    """The public board picture's description; None when there is no state to describe."""
    text = seen.board_alt(lang)
    return None if text is None else _finish(text, seen.table, recent, lang)


def hand(seen: TableRead, user_id: str, lang: str, recent: list[Any] | None = None) -> str | None:
    """A player's own picture's description: their cards and what they must decide."""
    text = seen.hand_alt(user_id, lang)
    return None if text is None else _finish(text, seen.table, recent, lang)
