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


def with_names(text: str, names: Mapping[str, str]) -> str:
    """Player ids (Discord's long numbers, `cpu:1`) replaced by the players' names, longest
    first so that no id is replaced inside another."""
    for player in sorted(names, key=len, reverse=True):
        if player != names[player]:
            text = re.sub(rf"(?<![A-Za-z0-9_:]){re.escape(player)}(?![A-Za-z0-9_])", names[player], text)
    return text
