"""The pictures a channel sees are drawn from the public view only, never from a player's view."""
from __future__ import annotations

import random

from simdriver import images_of, open_table, play_to_end

import pictures
from games import registry


async def test_public_pictures_come_from_the_public_view_only(world, monkeypatch):
    boards: list[object] = []
    hands: list[object] = []
    draw_board, draw_hand = pictures.board_png, pictures.hand_png

    def spy_board(key, view, lang="en"):
        boards.append(view)
        return draw_board(key, view, lang)

    def spy_hand(key, view, lang="en"):
        hands.append(view)
        return draw_hand(key, view, lang)

    monkeypatch.setattr(pictures, "board_png", spy_board)
    monkeypatch.setattr(pictures, "hand_png", spy_hand)
    players = [world.alice, world.bob]
    table_id, _ = await open_table(world, "sutosute", players)
    table = await play_to_end(world, table_id, players, random.Random(9))
    assert boards and hands
    assert all(getattr(view, "viewer", None) is None for view in boards), "a board drawn from a private view"
    assert all(getattr(view, "viewer", None) is not None for view in hands)
    game = registry.get("sutosute")
    private = {view.model_dump_json() for view in hands}
    assert not any(view.model_dump_json() in private for view in boards)
    # what the channel shows: board pictures and the final one, never a hand
    shown = [name for message in world.channel.history(viewer=world.outsider) for name in images_of(message)]
    assert shown and all(name.startswith("board-") for name in shown)
    assert table.status == "finished" and game.key == table.game
