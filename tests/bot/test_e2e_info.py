"""Read-only commands as a curious member uses them: `/game rules` for every game, in the
reader's language."""
from __future__ import annotations

import pytest

from games import registry


@pytest.mark.parametrize("key", registry.KEYS)
async def test_rules_summary_of_every_game_in_english_and_japanese(world, key):
    game = registry.get(key)
    shown = await world.outsider.slash(world.channel, "game rules", game=key)
    assert shown.acknowledged and shown.ephemeral
    embed = shown.response.embeds[0]
    assert game.names["en"] in embed.title
    assert embed.description.startswith(game.rules_summary("en")[:40].strip())
    assert f"/game new game:{key}" in embed.footer.text
    await world.outsider.slash(world.channel, "game language", language="ja")
    shown = await world.outsider.slash(world.channel, "game rules", game=key)
    embed = shown.response.embeds[0]
    assert game.names["ja"] in embed.title
    assert embed.description.startswith(game.rules_summary("ja")[:20].strip())
    players = (f"{game.min_players}人" if game.min_players == game.max_players
               else f"{game.min_players}～{game.max_players}人")  # never "1～1人"
    assert embed.footer.text.startswith(players)


async def test_board_reposts_the_live_board_with_the_last_moves(world):
    import random

    from simdriver import images_of, open_table, take_turn, texts_of

    from bot.discord_ui.announce import BOARD_PAUSE_S

    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    rng = random.Random(2)
    for member in (world.alice, world.bob):
        await take_turn(world, member, rng)
    await world.env.advance_time(BOARD_PAUSE_S + 1)  # players at the table play from their hands; the board follows
    board_id = (await world.bot.service.get(table_id)).board_message_id
    live = next(m for m in world.channel.history() if m.id == board_id)
    posted = await world.outsider.slash(world.channel, "game board")
    assert posted.acknowledged and not posted.ephemeral
    fresh = texts_of(posted.response)
    assert "Last moves" in fresh and "Last moves" in texts_of(live)
    assert fresh.split("Last moves")[1] == texts_of(live).split("Last moves")[1], "the same last moves"
    assert images_of(posted.response) and images_of(posted.response) == images_of(live)
    assert (await world.bot.service.get(table_id)).board_message_id == posted.response.id, "it is the live board now"
    assert board_id not in {m.id for m in world.channel.history()}, "the replaced board is gone"
