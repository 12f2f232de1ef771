"""The two DynamicItem classes behind every button and select the bot sends.

Their state is only the custom_id (see `ids`), so a click works after a restart without any
stored view; `add_dynamic_items` registers them once. Each click is routed by its kind to the
bot's `Router` (`router.py`), which answers it.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from . import ids

if TYPE_CHECKING:
    from .router import Router

BUTTON_KINDS = ("L", "H", "B", "P", "N", "D", "G", "R")
SELECT_KINDS = ("LO", "LM", "LV", "S", "DS")


def _router(interaction: discord.Interaction) -> Router:
    return interaction.client.router  # type: ignore[attr-defined]


class ActionButton(discord.ui.DynamicItem[discord.ui.Button], template=ids.template("|".join(BUTTON_KINDS))):
    """Any button of the bot: lobby, my hand, an option, paging, drafts, log pages."""

    def __init__(self, button: discord.ui.Button) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ActionButton:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> Any:
        parsed = ids.parse(self.item.custom_id or "")
        assert parsed is not None  # the template matched
        await _router(interaction).on_button(interaction, parsed, self.item.custom_id or "")


class ActionSelect(discord.ui.DynamicItem[discord.ui.Select], template=ids.template("|".join(SELECT_KINDS))):
    """Any string select of the bot: lobby options, prompt options, draft picks."""

    def __init__(self, select: discord.ui.Select) -> None:
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> ActionSelect:
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> Any:
        parsed = ids.parse(self.item.custom_id or "")
        assert parsed is not None
        await _router(interaction).on_select(interaction, parsed, list(self.item.values))


def button(custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           row: int | None = None, disabled: bool = False, emoji: str | None = None) -> ActionButton:
    return ActionButton(discord.ui.Button(label=clip(label, 80), style=style, custom_id=custom_id, row=row,
                                          disabled=disabled, emoji=emoji))


def select(custom_id: str, options: list[discord.SelectOption], placeholder: str, min_values: int = 1,
           max_values: int = 1, row: int | None = None) -> ActionSelect:
    return ActionSelect(discord.ui.Select(custom_id=custom_id, options=options, placeholder=clip(placeholder, 150),
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
