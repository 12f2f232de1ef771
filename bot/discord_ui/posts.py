"""Posting, editing and deleting the bot's own messages in a channel, for the announcer's parts.

A post carries the nonce of the notices being told (delivery.py), so a retry cannot post twice,
and reports a refusal to their delivery. A post or edit that finds the channel gone (a deletion
the bot missed, e.g. while offline) ends the channel's tables (channel_watch.py)."""
from __future__ import annotations

import logging
from typing import Any, Protocol

import discord

from . import delivery
from .channel_watch import MISSING_ACCESS, UNKNOWN_CHANNEL, Ending, access_lost, channel_deleted

log = logging.getLogger(__name__)


class PostsDesk(Ending, Protocol):
    """What posting needs of the bot: its channels, and the tables to end when one is gone."""

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...


class Posts:
    def __init__(self, desk: PostsDesk) -> None:
        self.desk = desk

    async def send(self, channel_id: int, *, mentions: list[str] | None = None,
                   followup: discord.Webhook | None = None, silent: bool = False, fallback: bool = True,
                   **kwargs: Any) -> discord.Message | None:
        """Post in the channel (as the follow-up of a public interaction when one is given);
        `silent` posts without a push notification (quiet hours). Without `fallback` a failed
        follow-up is not posted in the channel instead (where the bot may not post on its own)."""
        channel = self.desk.get_partial_messageable(channel_id)
        allowed = discord.AllowedMentions(everyone=False, roles=False,
                                          users=[discord.Object(int(u)) for u in mentions or [] if u.isdigit()])
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        nonce = delivery.nonce()  # a retry of the same notices cannot post twice (enforce_nonce)
        try:
            if followup is not None:
                try:
                    return await followup.send(allowed_mentions=allowed, wait=True, silent=silent, **kwargs)
                except discord.HTTPException as error:  # token expired (15 min): post normally
                    if not fallback:
                        log.info("follow-up failed (%s); the next click there shows it", error)
                        return None
                    log.info("follow-up failed (%s); posting in the channel", error)
            if nonce is not None:
                kwargs["nonce"] = nonce
            return await channel.send(allowed_mentions=allowed, silent=silent, **kwargs)
        except discord.HTTPException as error:
            delivery.post_failed(error)  # the notices this post carries are not delivered
            await self.unless_channel_gone(channel_id, error, "could not post in channel %s: %s")
            return None

    async def delete_message(self, channel_id: int, message_id: int) -> None:
        message = self.desk.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.delete()
        except discord.HTTPException as error:
            log.info("could not delete message %s: %s", message_id, error)

    async def unless_channel_gone(self, channel_id: int, error: discord.HTTPException, warning: str) -> None:
        """A post or edit failed: when the channel itself is gone (a deletion the bot missed,
        e.g. while offline), end its tables; otherwise log `warning`."""
        if isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL:
            await channel_deleted(self.desk, channel_id)
        elif isinstance(error, discord.Forbidden) and error.code == MISSING_ACCESS and await access_lost(
                self.desk, channel_id):
            return
        elif warning:
            log.warning(warning, channel_id, error)

    async def edit_message(self, channel_id: int, message_id: int, **kwargs: Any) -> bool:
        message = self.desk.get_partial_messageable(channel_id).get_partial_message(message_id)
        try:
            await message.edit(**kwargs)
        except (discord.NotFound, discord.Forbidden) as error:
            if error.code in (UNKNOWN_CHANNEL, MISSING_ACCESS):
                await self.unless_channel_gone(channel_id, error, "")
            elif isinstance(error, discord.Forbidden):
                log.warning("could not edit message %s: %s", message_id, error)
            return False
        except discord.HTTPException as error:
            log.warning("could not edit message %s: %s", message_id, error)
            return False
        return True
