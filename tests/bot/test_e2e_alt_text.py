"""Every picture the bot sends carries alt text a screen reader can read: the board
says whose turn it is by name, a hand names its player's cards and decision, in their language."""
from __future__ import annotations

import random

from simdriver import alt_texts_of, images_of, live_board, open_table, play_to_end, texts_of

from games.kit.alt import ALT_LIMIT


async def test_board_hand_and_result_pictures_have_alt_text(world):
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    board = live_board(world)
    [alt] = alt_texts_of(board)
    assert alt and len(alt) <= ALT_LIMIT
    assert alt.startswith("Sutosute card game board. Waiting for ")
    assert alt.count("Waiting for") == 1
    assert "alice" in alt and "bob" in alt  # names, never ids
    assert str(world.alice.id) not in alt
    assert "Hand:" not in alt   # the public alt text lists nobody's cards

    await world.alice.slash(world.channel, "game language", language="ja")
    hand = (await world.alice.slash(world.channel, "game hand")).response
    texts = alt_texts_of(hand)
    assert len(texts) == len(images_of(hand)) and all(texts)
    mine = next(text for image, text in zip(images_of(hand), texts, strict=True) if image.startswith("hand-"))  # own picture
    assert mine.startswith("すとすてカードゲーム：あなたの手札と盤面。") and "あなたの選択：" in mine and "手札：" in mine, mine

    table = await play_to_end(world, table_id, players, random.Random(4))
    assert table.status == "finished"
    result = next(m for m in reversed(world.channel.history()) if images_of(m))
    [final] = alt_texts_of(result)
    assert final and "The game is over." in final.split("\n", 1)[0]


async def test_board_as_text_once_and_as_a_preference(world):
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    before = len(world.channel.history())
    shown = await world.bob.slash(world.channel, "game board", text=True)
    assert shown.acknowledged and shown.ephemeral
    text = texts_of(shown.response)
    assert f"Board of table #{table_id}, as text" in text and "Goal: 20+ points" in text
    assert "alice" in text and "Hand:" not in text          # the public board: nobody's cards
    assert len(world.channel.history()) == before          # nothing posted for everyone

    picture = (await world.alice.slash(world.channel, "game hand")).response
    assert images_of(picture)
    turned = await world.alice.slash(world.channel, "game textboard", text="on")
    assert turned.ephemeral and "as text instead of pictures" in texts_of(turned.response)
    hand = (await world.alice.slash(world.channel, "game hand")).response
    assert images_of(hand) == [] and not hand.attachments
    body = texts_of(hand)
    assert "Hand: " in body and "Goal: 20+ points" in body   # her own cards, as text
    mine = await world.alice.slash(world.channel, "game board")
    assert mine.ephemeral and "as text" in texts_of(mine.response)

    await world.alice.slash(world.channel, "game language", language="ja")
    hand = (await world.alice.slash(world.channel, "game hand")).response
    assert "手札：" in texts_of(hand) and "勝利条件" in texts_of(hand)
    await world.alice.slash(world.channel, "game textboard", text="off")
    assert images_of((await world.alice.slash(world.channel, "game hand")).response)
