"""Discord Markdown turned into what a terminal shows: no `**`, `*`, `__` or backticks, no
`<@id>` mentions, no block quotes. The games and the catalogue write for Discord first."""
from __future__ import annotations

import re
from collections.abc import Mapping

_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__", re.S)
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])")
_CODE = re.compile(r"`([^`]*)`")
_MENTION = re.compile(r"<@!?(\d+)>")
_QUOTE = re.compile(r"^> ?", re.M)


def plain(text: str, names: Mapping[str, str] | None = None) -> str:
    """`text` without Markdown; `<@id>` becomes the name in `names` (else the id)."""
    names = names or {}
    text = _CODE.sub(r"\1", text)
    text = _BOLD.sub(lambda m: m[1] or m[2], text)
    text = _ITALIC.sub(lambda m: m[1] or m[2], text)
    text = _MENTION.sub(lambda m: names.get(m[1], m[1]), text)
    return _QUOTE.sub("", text)


_CONTROL = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|[\x00-\x1f\x7f-\x9f]")


def safe_name(name: str) -> str:
    """A name as a terminal may print it: ANSI escape sequences and other control characters
    removed (a display name from a stored table must not move the cursor, recolour the screen
    or retitle the window)."""
    return _CONTROL.sub("", name)


def with_names(text: str, names: Mapping[str, str]) -> str:
    """Player ids (Discord's long numbers, `cpu:1`) replaced by the players' names in one pass
    over `text` (longest first, never inside another id): an inserted name is never read again,
    so a name that looks like another player's id stays its owner's."""
    players = sorted((p for p in names if p != names[p]), key=len, reverse=True)
    if not players:
        return text
    pattern = rf"(?<![A-Za-z0-9_:])(?:{'|'.join(re.escape(p) for p in players)})(?![A-Za-z0-9_])"
    return re.sub(pattern, lambda m: names[m[0]], text)
