"""Builders of the bot's buttons and selects: each comes wrapped in the DynamicItem class of its
kind (`items`), so discord.py can answer its clicks after a restart without a stored view."""
from __future__ import annotations

import discord

from . import ids
from .items import BY_KIND, ActionButton, ActionSelect

__all__ = ["ActionButton", "ActionSelect", "button", "clip", "detached_view", "select", "select_option"]


def _wrap(item: discord.ui.Button | discord.ui.Select) -> ActionButton | ActionSelect:
    parsed = ids.parse(item.custom_id or "")
    if parsed is None or parsed.kind not in BY_KIND:
        raise ValueError(f"no control class for custom_id {item.custom_id!r}")
    return BY_KIND[parsed.kind](item)


def button(custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False, emoji: str | None = None) -> ActionButton:
    return _wrap(discord.ui.Button(label=clip(label, 80), style=style, custom_id=custom_id, row=row,
                                   disabled=disabled, emoji=emoji))


def select(custom_id: str, options: list[discord.SelectOption], placeholder: str, min_values: int = 1,
           max_values: int = 1, row: int | None = None) -> ActionSelect:
    return _wrap(discord.ui.Select(custom_id=custom_id, options=options, placeholder=clip(placeholder, 150),
                                   min_values=min_values, max_values=max_values, row=row))


def select_option(label: str, value: str, description: str | None = None, default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=clip(label, 100), value=value,
                                description=clip(description, 100) if description else None, default=default)


def detached_view(items: list[discord.ui.Item]) -> discord.ui.View:
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
