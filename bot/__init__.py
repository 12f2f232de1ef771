"""Everything outside the rules: the Discord front end, the table service and the terminal front end.

`from bot import Settings, create_bot` is the factory of the Discord bot. Both are loaded
lazily so that the table service and the terminal front end never import discord.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .discord_ui.client import create_bot
    from .settings import Settings

__all__ = ["Settings", "create_bot"]


def __getattr__(name: str) -> Any:
    if name == "Settings":
        from .settings import Settings
        return Settings
    if name == "create_bot":
        from .discord_ui.client import create_bot
        return create_bot
    raise AttributeError(f"module 'bot' has no attribute {name!r}")
