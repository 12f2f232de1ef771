"""Every picture the bot sends carries alt text a screen reader can read (issue 31): the board
says whose turn it is by name, a hand names its player's cards and decision, in their language."""
from __future__ import annotations

import random

from simdriver import alt_texts_of, images_of, live_board, open_table, play_to_end

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
    mine = texts[-1]
    assert mine.startswith("すとすてカードゲーム：あなたの手札と盤面。") and "あなたの選択：" in mine and "手札：" in mine, mine

    table = await play_to_end(world, table_id, players, random.Random(4))
    assert table.status == "finished"
    result = next(m for m in reversed(world.channel.history()) if images_of(m))
    [final] = alt_texts_of(result)
    assert final and "The game is over." in final.split("\n", 1)[0]
