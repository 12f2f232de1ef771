"""Japanese and English from one catalogue: the server's language for public messages, the
user's for private replies, and localised command names uploaded with the commands."""
from __future__ import annotations

from simdriver import live_board, open_table, texts_of

from games import registry


async def test_public_messages_follow_the_server_language(world):
    await world.admin.slash(world.channel, "gameadmin settings", language="ja")
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    board = texts_of(live_board(world))
    assert board.startswith(f"### {registry.get('sutosute').names['ja']} — 卓 #{table_id}")
    assert f"<@{world.alice.id}>、<@{world.bob.id}>が同時に選びます" in board and f"卓 #{table_id} ・ 0手目" in board
    assert "伏せるカードを選んでください" not in board, "a prompt's own words are for its owner, not the channel"
    # an ephemeral reply follows the user's own language (Discord locale en-US here)
    hand = await world.alice.slash(world.channel, "game hand")
    assert texts_of(hand.response).startswith("### Your view")


async def test_a_user_can_choose_japanese_for_private_replies(world):
    set_lang = await world.bob.slash(world.channel, "game language", language="ja")
    assert set_lang.ephemeral and set_lang.response.content == "言語を保存しました。"
    await open_table(world, "sutosute", [world.alice, world.bob])
    hand = await world.bob.slash(world.channel, "game hand")
    assert texts_of(hand.response).startswith("### あなたの画面")
    assert "**あなたの選択**" in texts_of(hand.response)
    other = await world.alice.slash(world.channel, "game hand")
    assert texts_of(other.response).startswith("### Your view")


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


def japanese_clients(monkeypatch, *members) -> None:
    """These members' Discord clients are set to Japanese (SimCord always sends en-US; its
    private payload builder is pinned with simcord 3.2.1)."""
    import simcord.actors

    ids = {m.id for m in members}
    build = simcord.actors._interactions.base_payload

    def with_locale(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        if kwargs["user_id"] in ids:
            payload["locale"] = "ja"
        return record, payload

    monkeypatch.setattr(simcord.actors._interactions, "base_payload", with_locale)


async def test_a_japanese_client_gets_japanese_replies_and_dms_in_an_english_server(world, monkeypatch):
    japanese_clients(monkeypatch, world.bob)
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    assert f"table #{table_id}\n" in texts_of(live_board(world)), "the board follows the server"
    hand = await world.bob.slash(world.channel, "game hand")
    assert texts_of(hand.response).startswith("### あなたの画面")
    dm = world.bob.user.dm_channel.last_message  # the first hand comes by DM, in bob's language
    assert texts_of(dm).startswith("### あなたの画面")
    assert texts_of(world.alice.user.dm_channel.last_message).startswith("### Your view")


async def test_refusals_use_the_language_the_user_chose(world):
    commands = await world.bot.tree.fetch_commands()
    gameadmin = next(c for c in commands if c.name == "gameadmin")
    world.guild.set_command_permissions(gameadmin, {world.bob: True})  # shown, but bob is no admin
    await world.bob.slash(world.channel, "game language", language="ja")
    refused = await world.bob.slash(world.channel, "gameadmin end")
    assert refused.ephemeral and "サーバー管理" in refused.response.content


async def test_the_settings_options_are_named_in_japanese_too(world):
    commands = await world.bot.tree.fetch_commands()
    settings = next(o for o in next(c for c in commands if c.name == "gameadmin").to_dict()["options"]
                    if o["name"] == "settings")
    names = {o["name"]: o.get("name_localizations", {}).get("ja") for o in settings["options"]}
    assert names["language"] == "言語" and names["quiet_hours"] == "静かな時間"
    assert all(names.values()), f"options without a Japanese name: {[n for n, ja in names.items() if not ja]}"
    shown = await world.admin.slash(world.channel, "gameadmin settings", quiet_hours="22-7")  # English names work
    assert "22:00–7:00" in " ".join(f.value for f in shown.response.embeds[0].fields)


def test_japanese_calls_a_table_by_one_word():
    """The board says 卓 #1; refusals must not call the same thing テーブル."""
    from bot.i18n import catalogue

    assert not [key for key, texts in catalogue().items() if "テーブル" in texts.get("ja", "")]
