"""The one error the terminal front end shows instead of a traceback."""
from __future__ import annotations


class TerminalError(Exception):
    """Something on the command line cannot be used (an option, a player count, a replay file);
    `text` already says why in the player's language."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text
