"""Deliberate slash-command sync.

Discord allows 200 command creates per day per server, so the bot does not upload its
commands on every start. With `SYNC_COMMANDS=auto` (the default) it reads what Discord has
(one GET) and uploads only when that differs from the local tree; `always` uploads on every
start, `never` only through `python -m bot --sync`. With `DEV_GUILD_ID` the commands are
registered in that one server, where changes show up at once.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

_KEYS = ("name", "description", "type", "required", "name_localizations", "description_localizations",
         "default_member_permissions", "contexts", "autocomplete", "min_value", "max_value", "channel_types")


def _normal(payload: Any) -> Any:
    """The parts of a command payload that matter to users, in a comparable shape."""
    if isinstance(payload, list):
        return sorted((_normal(p) for p in payload), key=repr)
    if not isinstance(payload, dict):
        return payload
    out: dict[str, Any] = {}
    for key in _KEYS:
        value: Any = payload.get(key)
        if value in (None, {}, [], False) and key != "type":
            continue
        if key == "type" and value is None:
            value = 1
        if key == "default_member_permissions" and value is not None:
            value = str(value)
        out[key] = sorted(value) if key == "contexts" else value
    if payload.get("options"):
        out["options"] = [_normal(o) for o in payload["options"]]
    if payload.get("choices"):
        out["choices"] = [{"name": c["name"], "value": c["value"],
                           "name_localizations": c.get("name_localizations") or {}} for c in payload["choices"]]
    return out


async def local_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> Sequence[Mapping[str, Any]]:
    commands = tree._get_all_commands(guild=guild)
    translator = tree.translator
    if translator:
        return [await c.get_translated_payload(tree, translator) for c in commands]
    return [c.to_dict(tree) for c in commands]


async def remote_payload(client: discord.Client, guild: discord.abc.Snowflake | None) -> Sequence[Mapping[str, Any]]:
    assert client.application_id is not None
    if guild is None:
        return await client.http.get_global_commands(client.application_id)
    return await client.http.get_guild_commands(client.application_id, guild.id)


async def sync_commands(client: discord.Client, tree: app_commands.CommandTree, mode: str,
                        dev_guild_id: int | None) -> bool:
    """Upload the commands if `mode` asks for it; True when an upload happened."""
    if mode == "never":
        return False
    guild = discord.Object(dev_guild_id) if dev_guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    if mode == "auto":
        local = _normal(await local_payload(tree, guild))
        remote = _normal(await remote_payload(client, guild))
        if local == remote:
            log.info("slash commands unchanged; not syncing")
            return False
    await tree.sync(guild=guild)
    log.info("slash commands synced %s", f"to guild {dev_guild_id}" if guild else "globally")
    return True
