"""Forged component ids: malformed, oversized, other digits, cut short, drawn for a
version the table never reached. Each gets "This control is not valid." in the clicker's
language, one log line, no traceback, and nothing changes."""
from __future__ import annotations

import logging

import discord
from simdriver import open_table, texts_of

FORGED = [
    "ct:1:0:Z",                    # no such kind
    "ct:1",                        # cut short
    "ct",
    "ct:1:0:B:civ",                # an option button without its option
    "ct:\u0661:0:H",               # Arabic-Indic digits
    "ct:\uff11:0:H",               # full-width digits
    "ct:1:x:B:civ:a",              # a version that is not a number
    "ct:1:0:D:civ:abc:ok",         # picks of odd length
    "ct:1:0:G:" + "9" * 91,        # 100 characters: an oversized number
    "ct:" + "9" * 25 + ":0:H",     # a table number no database holds
    "xx:1:0:H",
    "ct:1:999:S:civ:0",            # a select's id on a button
    "ct:1:999:B:civ:x",            # drawn for a version the table never reached
]


async def post_forged(world, custom_id: str):
    """A message carrying a button with this id, as if a client had forged it."""
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    view.stop()
    return await world.bot.get_partial_messageable(world.channel.id).send(content="forged", view=view)


async def test_forged_ids_are_refused_plainly(world, caplog):
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    version = (await world.bot.service.get(table_id)).version
    await world.bob.slash(world.channel, "game language", language="ja")
    for custom_id in FORGED:
        message = await post_forged(world, custom_id)
        stored = next(m for m in world.channel.history() if m.id == message.id)
        caplog.clear()
        with caplog.at_level(logging.INFO):
            refused = await world.alice.click(stored, custom_id=custom_id)
            ja = await world.bob.click(stored, custom_id=custom_id)
        assert refused.acknowledged and refused.ephemeral, custom_id
        assert texts_of(refused.response) == "This control is not valid.", custom_id
        assert texts_of(ja.response) == "この操作は無効です。", custom_id
        lines = [r for r in caplog.records if "invalid control" in r.getMessage()]
        assert len(lines) == 2 and all(r.exc_info is None for r in lines), custom_id
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], custom_id
    assert (await world.bot.service.get(table_id)).version == version
