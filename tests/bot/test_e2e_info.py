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
    assert f"{game.min_players}～{game.max_players}人" in embed.footer.text
