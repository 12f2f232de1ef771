"""Small helpers for drawing components: Discord's length limits, select options, and a View
used only as a container. The controls themselves are built by their classes (`items`)."""
from __future__ import annotations

from typing import Any

import discord

__all__ = ["clip", "detached_view", "select_option"]


def select_option(label: str, value: str, description: str | None = None, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=clip(label, 100), value=value,
                                description=clip(description, 100) if description else None, default=default)


def detached_view(items: list[discord.ui.Item[Any]]) -> discord.ui.View:
    """A View that is only a container: stopped at once so discord.py does not keep it in
    memory for weeks; the DynamicItem registry answers its clicks instead."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


def clip(text: str, limit: int) -> str:
    text = text.strip() or "—"
    return text if len(text) <= limit else text[: limit - 1] + "…"
