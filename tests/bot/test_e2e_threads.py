"""Tables in their own threads: the server's setting (or the host's lobby choice) starts the
game in a thread made from the lobby message; the channel keeps the lobby record and the
result, so several tables can play from one channel; the thread keeps the board."""
from __future__ import annotations

import dataclasses
import random

import drawn_ids as ids
from simdriver import (
    controls,
    images_of,
    kind,
    live_board,
    lobby_button,
    open_table,
    play_to_end,
    set_lobby_option,
    texts_of,
)


async def test_a_table_plays_in_its_own_thread_and_the_channel_stays_free(world):
    await world.admin.slash(world.channel, "gameadmin settings", threads=True)
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    thread = next(iter(world.channel.threads))
    table = await world.bot.service.get(table_id)
    assert table.channel_id == thread.id and table.settings.parent_channel_id == world.channel.id
    assert f"<#{thread.id}>" in texts_of(started.response), "the lobby says where the game is"
    board = live_board(world, thread)
    assert board is not None and images_of(board)
    assert live_board(world) is None, "no board in the channel"
    # /game hand works from the channel too, and a second table may open there meanwhile
    hand = await world.alice.slash(world.channel, "game hand")
    assert hand.ephemeral and f"table #{table_id}" in texts_of(hand.response)
    second = await world.carol.slash(world.channel, "game new", game="fort-of-gold")
    assert second.acknowledged and not second.ephemeral
    second_id = ids.parse(controls(second.response)[0]["custom_id"]).table
    assert second_id != table_id
    cancelled = await world.carol.click(second.response, custom_id=lobby_button(second.response, "cancel"))
    assert cancelled.acknowledged
    in_thread = dataclasses.replace(world, channel=thread)  # the players play where the board is
    finished = await play_to_end(in_thread, table_id, [world.alice, world.bob], random.Random(5))
    assert finished.status == "finished"
    results = [m for m in world.channel.history(viewer=world.outsider) if f"table #{table_id} is over" in texts_of(m)]
    assert len(results) == 1 and [kind(c) for c in controls(results[0])] == ["R"]
    in_thread = thread.history(viewer=world.outsider)
    assert len(in_thread) <= 3, [texts_of(m)[:60] for m in in_thread]
    assert not any(controls(m) for m in in_thread), "the thread's final board has no controls"
    assert any(images_of(m) for m in in_thread), "the thread keeps the final picture"


async def test_the_host_can_choose_a_thread_in_the_lobby(world):
    lobby = (await world.alice.slash(world.channel, "game new", game="sutosute")).response
    await set_lobby_option(world, world.alice, lobby, "@thread", "on")
    await world.bob.click(lobby, label="Join")
    started = await world.alice.click(lobby, label="Start")
    assert started.acknowledged
    thread = next(iter(world.channel.threads))
    assert live_board(world, thread) is not None
