"""The board as text instead of a picture, for screen readers and slow connections.

It is the terminal's text board (`Game.render`, what `python -m bot.local` prints) with
players' names put in. `/game board text:true` shows it once; `/game textboard on` makes it the
person's way of seeing every board and hand (`UserPrefs.text_board`); the channel's board stays
a picture with alt text, since others read it too.
"""
from __future__ import annotations

from bot.i18n import t
from tables.read_model import TableRead

from .desk import Preferring
from .presenters import clip, names_of, substitute

TEXT_LIMIT = 1800   # a 4-player Guns & Steel board runs to ~1,700 characters


async def wanted(bot: Preferring, user_id: str) -> bool:
    """Whether this person asked for text instead of pictures."""
    return bool(getattr(await bot.prefs.user(user_id), "text_board", False))


def board_text(seen: TableRead, viewer: str | None, lang: str) -> str:
    """What `viewer` may see (None: the public board), as the text board, names put in."""
    shown = seen.game.render(seen.seen_by(viewer).view, lang)
    return clip(substitute(shown, names_of(seen.table, lang)), TEXT_LIMIT)


def board_message(seen: TableRead, lang: str) -> str:
    """`/game board text:true`: the public board as text, under a heading."""
    return f"### {t('textboard.title', lang, id=seen.table.id)}\n{board_text(seen, None, lang)}"
