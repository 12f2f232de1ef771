"""Where a table's messages go: its board's channel, its lobby's channel, and how a DM names
the place (a link at a table in a DM or group DM between people, where the bot cannot post on
its own and a channel mention shows nothing)."""
from __future__ import annotations

from typing import Any

from bot.i18n import t


def by_clicks(table: Any) -> bool:
    """Whether the table lives where the bot cannot post on its own (a DM or group DM between
    people): its channel sees only answers to clicks."""
    return table.settings.place is not None


def where_link(table: Any) -> str:
    """Where a table is, as a link a player can follow from anywhere (a DM or group DM has no
    `<#channel>` mention that works outside it)."""
    place = f"https://discord.com/channels/{table.guild_id if table.guild_id is not None else '@me'}/{table.channel_id}"
    return f"{place}/{table.board_message_id}" if table.board_message_id else place


def board_channel(table: Any) -> int:
    """Where the table's board lives: its own thread, or the channel of its lobby."""
    return table.channel_id


def lobby_channel(table: Any) -> int:
    """Where the lobby was opened (and the result goes), also for a table in a thread."""
    return table.settings.parent_channel_id or table.channel_id


def where(table: Any, lang: str, *, lobby: bool = False) -> str:
    """The table's place for a DM: its channel as a mention, or a link at a table played by
    clicks (a DM or group DM between people, where a channel mention shows nothing)."""
    if by_clicks(table):
        return f"[{t(f'dm.place.{table.settings.place}', lang)}]({where_link(table)})"
    return f"<#{lobby_channel(table) if lobby else board_channel(table)}>"
