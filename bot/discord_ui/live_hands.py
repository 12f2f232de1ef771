"""The hands players have open right now, so a new decision refreshes them in place.

An ephemeral message can only be edited through the interaction that showed it, and only for
15 minutes (Discord's token lifetime). Each time a player's hand is shown or redrawn through an
interaction, that interaction is remembered; when their turn comes back the hand is redrawn
with the new controls instead of asking them to press **My hand** again. A DM hand is one
message per table and player, edited rather than sent again. Nothing here survives a restart:
after one, the next turn simply posts or pings as before.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import discord

log = logging.getLogger(__name__)

TOKEN_LIFETIME_S = 15 * 60
SAFETY_S = 60  # leave a minute for the edit itself


@dataclass
class OpenHand:
    interaction: discord.Interaction
    message_id: int | None  # None: the interaction's original response
    opened_at: float
    drawn: tuple = ()       # the decisions its controls answer (see `signature`)


def signature(prompts: list[Any]) -> tuple:
    """What a hand's controls answer: the prompts with their options. Controls drawn for an
    equal signature still work (the service judges staleness by the player's own prompts)."""
    return tuple((p.id, p.min, p.max, tuple(o.key for o in p.options)) for p in prompts)


class LiveHands:
    def __init__(self, now: Any) -> None:
        self._now = now
        self._open: dict[tuple[int, str], OpenHand] = {}
        self._dm: dict[tuple[int, str], tuple[int, int]] = {}  # (channel id, message id)
        self._dm_drawn: dict[tuple[int, str], tuple | None] = {}

    # ---- ephemeral hands ------------------------------------------------------------------
    def opened(self, table_id: int, user_id: str, interaction: discord.Interaction,
               message_id: int | None = None, drawn: tuple = ()) -> None:
        """`interaction` just showed (or redrew) this player's hand ephemerally."""
        if interaction.guild_id is None and not interaction.context.private_channel:
            return  # the DM with the bot: the DM hand is tracked by its message instead
        self._open[(table_id, user_id)] = OpenHand(interaction, message_id, self._now(), drawn)

    def needs_redraw(self, table_id: int, user_id: str, drawn: tuple) -> bool:
        """Whether the open hand answers other decisions than `drawn` (else its controls
        still work and a redraw would only cost a call)."""
        hand = self._open.get((table_id, user_id))
        return hand is not None and hand.drawn != drawn

    def last_seen(self, table_id: int, user_id: str) -> float | None:
        hand = self._open.get((table_id, user_id))
        return hand.opened_at if hand else None

    def editable(self, table_id: int, user_id: str) -> OpenHand | None:
        hand = self._open.get((table_id, user_id))
        if hand is None:
            return None
        if self._now() - hand.opened_at > TOKEN_LIFETIME_S - SAFETY_S:
            del self._open[(table_id, user_id)]
            return None
        return hand

    async def refresh(self, table_id: int, user_id: str, payload: dict[str, Any], drawn: tuple = ()) -> bool:
        """Redraw the player's open ephemeral hand; False if there is none or it failed."""
        hand = self.editable(table_id, user_id)
        if hand is None:
            return False
        hand.drawn = drawn
        try:
            if hand.message_id is None:
                await hand.interaction.edit_original_response(**payload)
            else:
                await hand.interaction.followup.edit_message(hand.message_id, **payload)
        except discord.HTTPException as error:
            log.info("could not refresh the hand of %s at table %s: %s", user_id, table_id, error)
            self._open.pop((table_id, user_id), None)
            return False
        return True

    # ---- DM hands ---------------------------------------------------------------------------
    def dm_message(self, table_id: int, user_id: str) -> tuple[int, int] | None:
        return self._dm.get((table_id, user_id))

    def dm_sent(self, table_id: int, user_id: str, channel_id: int, message_id: int, drawn: tuple = ()) -> None:
        self._dm[(table_id, user_id)] = (channel_id, message_id)
        self._dm_drawn[(table_id, user_id)] = drawn

    def dm_drawn(self, table_id: int, user_id: str) -> tuple | None:
        """The decisions the DM hand's controls answer (see `signature`); None once it has
        none (retired: it only says where to play, until the game's end is told there)."""
        return self._dm_drawn.get((table_id, user_id), ())

    def dm_retired(self, table_id: int, user_id: str) -> None:
        self._dm_drawn[(table_id, user_id)] = None

    def forget_table(self, table_id: int) -> None:
        for key in [k for k in self._open if k[0] == table_id]:
            del self._open[key]
        for key in [k for k in self._dm if k[0] == table_id]:
            del self._dm[key]
            self._dm_drawn.pop(key, None)
