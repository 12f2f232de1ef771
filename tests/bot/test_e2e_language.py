"""Japanese and English from one catalogue: the server's language for public messages, the
user's for private replies, and localised command names uploaded with the commands."""
from __future__ import annotations

from simdriver import open_table

from games import registry


async def test_public_messages_follow_the_server_language(world):
    await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    board = started.response.embeds[0]
    assert board.title == f"{registry.get('sutosute').names['ja']} — 卓 #{table_id}"
    assert "手番" in [f.name for f in board.fields]
    # an ephemeral reply follows the user's own language (Discord locale en-US here)
    hand = await world.alice.slash(world.channel, "game hand")
    assert hand.response.embeds[0].title.startswith("Your view")


async def test_a_user_can_choose_japanese_for_private_replies(world):
    set_lang = await world.bob.slash(world.channel, "game language", language="ja")
    assert set_lang.ephemeral and set_lang.response.content == "言語を保存しました。"
    await open_table(world, "sutosute", [world.alice, world.bob])
    hand = await world.bob.slash(world.channel, "game hand")
    assert hand.response.embeds[0].title.startswith("あなたの画面")
    assert hand.response.embeds[0].fields[0].name == "あなたの選択"
    other = await world.alice.slash(world.channel, "game hand")
    assert other.response.embeds[0].title.startswith("Your view")


async def test_command_names_and_descriptions_are_localised(world):
    commands = await world.bot.tree.fetch_commands()
    game = next(c for c in commands if c.name == "game")
    payload = game.to_dict()
    assert payload["name_localizations"].get("ja") == "ゲーム"
    new = next(o for o in payload["options"] if o["name"] == "new")
    assert new["name_localizations"]["ja"] == "新規"
    assert new["description_localizations"]["ja"]
    choices = new["options"][0]["choices"]
    sutosute = next(c for c in choices if c["value"] == "sutosute")
    assert sutosute["name_localizations"]["ja"] == registry.get("sutosute").names["ja"]
