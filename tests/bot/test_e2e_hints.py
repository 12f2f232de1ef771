"""Hints and guided first games through Discord (tables/hints.py, bot/discord_ui/play.py):
the 💡 Hint control on a hand, the lobby option that allows it (off by default; the table is
then unrated and its log and result say so), and `/game learn` in a server's thread and in a
DM, played to the end with an explanation and a hint at every decision, or left at once."""
from __future__ import annotations

import random

import pytest
from simdriver import controls, kind, lobby_button, set_lobby_option, texts_of

from bot.discord_ui import ids
from games import registry


def hint_button(message):
    return next((c for c in controls(message) if kind(c) == "HT"), None)


def first_decision(message):
    return next(c for c in controls(message) if kind(c) in ("B", "S", "C", "N"))


async def test_probe_learn_server(world):
    result = await world.alice.slash(world.channel, "game learn", game="sutosute")
    assert result.acknowledged
    for m in world.channel.history():
        print("CHANNEL:", texts_of(m)[:300])
    print("RESPONSE", result.ephemeral, texts_of(result.response)[:1500] if result.response else None)
    for r in getattr(result, "followups", []) or []:
        print("FOLLOWUP", texts_of(r)[:1500])
    print([ (c.get('custom_id'), c.get('label')) for c in controls(result.response)] if result.response else None)
