"""`/game learn` through Discord (tables/hints.py, bot/discord_ui/table_commands.py): a guided
first game in a server's own thread, opened before its table (so a channel with an open table
of its own takes one too, and a channel where no thread can be opened refuses and changes
nothing), and in a DM with the bot; played to the end with an explanation and a hint at every
decision, for every game, or left."""
from __future__ import annotations

import itertools
import random

import pytest
from simdriver import controls, direct_turn, kind, take_turn, texts_of


async def guided_game(world, member, start, rng: random.Random, lang: str = "en", dm: bool = False,
                      direct: bool = False) -> tuple[object, int]:
    """Play a guided game from the `/game learn` answer to its end, as a newcomer: each turn
    from the hand the bot keeps current (or /game hand), reading the explanation and the hint
    first. Returns the finished table and how many decisions were explained. `dm`: the game
    is in the member's DM with the bot, where they click as themselves (not as a member).
    `direct`: each decision taken by its shortest clicks (a long game), not by random ones."""
    service = world.bot.service
    tables = [t for t in await service.tables_for_user(str(member.id)) if t.status == "running"]
    assert len(tables) == 1
    table_id = tables[0].id
    hands = {member.id: start}
    explained = 0
    book, bulb = ("📖", "💡 **Hint:**" if lang == "en" else "💡 **ヒント**：")
    for _ in range(400):
        await service.settle(table_id)
        table = await service.get(table_id)
        if table.status != "running":
            return table, explained
        if not await service.prompts_for(table_id, str(member.id)):
            continue
        hand = hands.get(member.id)
        if hand is None or not any(kind(c) in ("B", "S", "C", "N", "P", "D", "DS") for c in controls(hand)):
            hand = (await (member.user.slash("game hand") if dm else member.slash(world.channel, "game hand"))).response
            hands[member.id] = hand
        text = texts_of(hand)
        assert book in text and bulb in text, text
        assert any(kind(c) == "Q" for c in controls(hand)), "Leave is always on the hand"
        explained += 1
        clicker = member.user if dm else member
        hands[clicker.id] = hands[member.id]
        if direct:
            assert await direct_turn(world, clicker, table_id, rng, hands, [])
        else:
            assert await take_turn(world, clicker, rng, open_hands=hands)
        hands[member.id] = hands[clicker.id]
    raise AssertionError("the guided game did not finish")


async def test_learn_in_a_server_plays_in_its_own_thread_to_the_end(world):
    result = await world.alice.slash(world.channel, "game learn", game="sutosute")
    assert result.acknowledged and not result.ephemeral
    (thread,) = world.channel.threads
    table = await world.bot.service.table_in_channel(thread.id)
    assert table is not None and table.settings.learn and table.settings.private
    record = texts_of(result.response)  # the opening message, now the record of the game
    assert "📖 A guided first game" in record and "Hints allowed: this game is unrated" in record
    hand = next(m for m in result.followups if "guided game of Sutosute" in texts_of(m))
    table, explained = await guided_game(world, world.alice, hand, random.Random(4))
    assert table.status == "finished" and explained >= 3
    result_text = "\n".join(texts_of(m) for m in world.channel.history())
    assert "Hints were allowed, so this game is unrated." in result_text
    assert not (await world.bot.service.store.results.get(table.id)).rated


async def test_learn_in_a_channel_with_an_open_table_plays_in_a_new_thread(world):
    """The channel's own table does not stand in the way: the guided game opens in a thread
    of its own, and the other table is left as it was."""
    lobby = (await world.bob.slash(world.channel, "game new", game="ganymede")).response
    before = await world.bot.service.table_in_channel(world.channel.id)
    result = await world.alice.slash(world.channel, "game learn", game="fort-of-gold")
    assert result.acknowledged and not result.ephemeral, result.response
    (thread,) = world.channel.threads
    guided = await world.bot.service.table_in_channel(thread.id)
    assert guided.settings.learn and guided.status == "running" and guided.settings.parent_channel_id == world.channel.id
    assert f"<#{thread.id}>" in texts_of(result.response), "the answer says where the game is"
    (board,) = thread.history()  # the game's board is in its thread, naming whose turn it is
    assert f"<@{world.alice.id}>'s turn" in texts_of(board)
    after = await world.bot.service.table_in_channel(world.channel.id)
    assert after.id == before.id and after.status == "lobby" and after.lobby_version == before.lobby_version
    assert [s.user_id for s in after.seats] == [str(world.bob.id)]
    kept = next(m for m in world.channel.history() if m.id == lobby.id)  # Bob's lobby still takes players
    assert texts_of(kept) == texts_of(lobby) and any(kind(c) == "L" for c in controls(kept))
    dm = world.alice.user.dm_channel  # the hand answered the command: no copy of it by DM
    assert dm is None or not dm.history()


async def test_learn_where_the_bot_may_not_create_threads_changes_nothing(world):
    """Without Create Public Threads the guided game has nowhere to go: the person is told why
    in their language, and no table, thread or message is made."""
    import discord

    no_threads = world.guild.create_text_channel(
        "no-threads", overwrites={world.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    await world.alice.slash(world.channel, "game language", language="ja")
    refused = await world.alice.slash(no_threads, "game learn", game="sutosute")
    assert refused.ephemeral and "スレッドを作れません" in refused.response.content
    assert "公開スレッドの作成" in refused.response.content
    assert not no_threads.threads and not no_threads.history()
    assert await world.bot.service.tables_for_user(str(world.alice.id)) == []
    english = await world.bob.slash(no_threads, "game learn", game="sutosute")
    assert english.ephemeral and "I can't create threads here" in english.response.content


async def test_learn_in_a_channel_that_holds_no_threads_says_where_it_can_be_used(world):
    """A voice channel's chat has no threads: the person is told to use a text channel or a DM."""
    lounge = world.guild.create_voice_channel("lounge")
    refused = await world.alice.slash(lounge, "game learn", game="ganymede")
    assert refused.ephemeral and "this channel can't hold one" in refused.response.content
    assert "in a DM with me" in refused.response.content
    assert await world.bot.service.tables_for_user(str(world.alice.id)) == []


async def test_learn_in_a_dm_with_the_bot_plays_to_the_end_in_japanese(world):
    user = world.alice.user
    await world.alice.slash(world.channel, "game language", language="ja")
    result = await user.slash("game learn", game="ganymede")
    assert result.acknowledged
    table = (await world.bot.service.tables_for_user(str(user.id)))[0]
    assert table.guild_id is None and table.channel_id == user.dm_channel.id and table.status == "running"
    assert table.lang == "ja" and not table.settings.thread  # a DM has no threads: it plays right there
    hand = next(m for m in result.followups if "練習ゲーム" in texts_of(m))
    assert "📖 黒カード：" in texts_of(hand) and "💡 **ヒント**：" in texts_of(hand)
    assert "やめる" in [c.get("label") for c in controls(hand)]
    table, explained = await guided_game(world, world.alice, hand, random.Random(5), lang="ja", dm=True)
    assert table.status == "finished" and explained >= 3


@pytest.mark.parametrize("key, lang, welcome", [("fort-of-gold", "ja", "練習ゲーム"),
                                                ("guns-and-steel", "en", "guided game of")])
async def test_a_whole_guided_game_plays_to_the_end_in_its_thread(world, key, lang, welcome):
    """The games not played whole above: every decision explained with its hint, to the result
    (a fixed deal; each decision taken by its shortest clicks)."""
    world.bot.service.seed_source = itertools.count(1).__next__
    if lang == "ja":
        await world.alice.slash(world.channel, "game language", language="ja")
    result = await world.alice.slash(world.channel, "game learn", game=key)
    (thread,) = world.channel.threads
    hand = next(m for m in result.followups if welcome in texts_of(m))
    table, explained = await guided_game(world, world.alice, hand, random.Random(6), lang=lang, direct=True)
    assert table.status == "finished" and explained >= 3
    assert table.channel_id == thread.id and not (await world.bot.service.store.results.get(table.id)).rated


async def test_leave_ends_a_guided_game_at_once(world):
    result = await world.alice.slash(world.channel, "game learn", game="guns-and-steel")
    hand = next(m for m in result.followups if "guided game of" in texts_of(m))
    leave = next(c for c in controls(hand) if kind(c) == "Q")
    assert leave["label"] == "Leave"
    left = await world.alice.click(hand, custom_id=leave["custom_id"])
    assert left.ephemeral and "You left the guided game" in left.response.content
    finished = await world.bot.service.get(int(leave["custom_id"].split(":")[1]))
    assert finished.status == "finished"
    again = await world.alice.slash(world.channel, "game learn", game="guns-and-steel")  # free to start another
    assert again.acknowledged and not again.ephemeral


async def test_the_welcome_stays_on_the_hand_when_the_computer_moves_first(world):
    """Ganymede's first deal here lets the computer choose its black card first: the hand comes
    after that move, with the welcome and the computer's move on it."""
    world.bot.service.seed_source = itertools.count(1).__next__
    result = await world.alice.slash(world.channel, "game learn", game="ganymede")
    (hand,) = [m for m in result.followups if m.ephemeral]
    text = texts_of(hand)
    assert "Your guided game of The War Chronicles of Ganymede has begun" in text, text
    assert "CPU 1 (green) takes a black" in text and "💡 **Hint:**" in text
