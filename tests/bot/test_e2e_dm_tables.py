"""Games in a DM or group DM between people (the bot installed to a user's account only): two
friends who share no server with the bot play a whole game there, over days, by clicks.

The bot may not post there on its own (the double refuses every post, edit and delete with
Missing Access), so every board comes as the answer to a click; the turn ping and reminders
come by DM; a click on a days-old board, after a restart, answers with the game as it is now.
"""
from __future__ import annotations

import random

import drawn_ids as ids
from private_chat import NotOffered, PrivateChat
from simdriver import controls, is_decision, kind, texts_of, use

from games import registry

DAY = 86400


def friends(world, *names: str) -> list:
    """People who share no server with the bot (they only installed it, or were DMed by a friend who did)."""
    return [world.env.create_user(name) for name in names]


def button(message, action: str) -> str:
    """A lobby button by its action, or "hand": the board's My hand."""
    if action == "hand":
        return next(c["custom_id"] for c in controls(message) if kind(c) == "H")
    return next(c["custom_id"] for c in controls(message) if c["custom_id"].endswith(f":{action}"))


def board_of(chat: PrivateChat):
    """The newest public message in the chat with a My hand button: the board people see last."""
    for message in reversed(chat.messages()):
        if any(kind(c) == "H" for c in controls(message)):
            return message
    return None


def channel_writes(world, chat: PrivateChat) -> list:
    """REST calls the bot made to the chat's channel on its own (not through an interaction)."""
    return [r for r in world.env.http_requests if f"/channels/{chat.id}/" in r.path]


async def open_and_start(world, chat: PrivateChat, host, guest, game: str = "sutosute"):
    opened = await chat.slash(host, "game new", game=game)
    assert opened.acknowledged and not opened.ephemeral, "the lobby is the command's public answer"
    lobby = opened.response
    assert "two players at most" in texts_of(lobby)
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    joined = await chat.click(guest, lobby, custom_id=button(lobby, "join"))
    assert joined.acknowledged and not joined.ephemeral  # the lobby redrawn in place
    started = await chat.click(host, lobby, custom_id=button(lobby, "start"))
    assert started.acknowledged
    return table_id, lobby, started


async def play_one(chat: PrivateChat, player, rng: random.Random, max_clicks: int = 40) -> bool:
    """As a player does: My hand on the newest board (which redraws it), then the hand's
    controls until one decision was sent. False if they owe nothing."""
    board = board_of(chat)
    shown = await chat.click(player, board, custom_id=button(board, "hand"))
    assert shown.acknowledged and not shown.ephemeral, "the clicked board is redrawn in place"
    hands = [f for f in shown.followups if f.ephemeral]
    assert hands, "the hand follows, ephemeral"
    message = hands[-1]
    for _ in range(max_clicks):
        offered = [c for c in controls(message) if kind(c) not in ("H", "U", "R")]
        deciding = [c for c in offered if is_decision(c)]
        if not deciding:
            return False
        component = rng.choice(deciding if rng.random() < 0.8 else offered)
        result = await use(_Player(chat, player), message, component, rng)
        assert result.acknowledged
        if is_decision(component):
            return True
        message = result.response
    raise AssertionError("no decision reached")


class _Player:
    """simdriver.use clicks through `member.click` / `member.select`: here, through the chat."""

    def __init__(self, chat: PrivateChat, user) -> None:
        self.chat, self.user = chat, user

    async def click(self, message, custom_id):
        return await self.chat.click(self.user, message, custom_id=custom_id)

    async def select(self, message, values, custom_id):
        return await self.chat.select(self.user, message, values, custom_id=custom_id)


async def test_a_whole_game_in_a_group_dm_is_played_by_clicks_and_counts_under_direct_messages(world):
    fern, gus, hal = friends(world, "fern", "gus", "hal")
    chat = PrivateChat(world.env, [fern, gus, hal], group=True, installer=fern)
    table_id, lobby, started = await open_and_start(world, chat, fern, gus)
    first = [f for f in started.followups if not f.ephemeral]
    assert first and any(kind(c) == "H" for c in controls(first[0])), "Start answers with the board"
    assert "redrawn when you click" in texts_of(first[0])
    for player in (fern, gus):  # the first turn comes by DM, with the hand's controls
        dms = player.dm_channel.history()
        assert dms and any(is_decision(c) for c in controls(dms[-1])), f"{player.name} got no hand by DM"
    rng = random.Random(7)
    svc = world.bot.service
    for _ in range(400):
        table = await svc.get(table_id)
        if table.status != "running":
            break
        game = registry.get(table.game)
        owing = {p.player for p in game.prompts(table.state(game))}
        player = fern if str(fern.id) in owing else gus
        assert await play_one(chat, player, rng), f"{player.name} owed a decision but had none"
    table = await svc.get(table_id)
    assert table.status == "finished"
    assert channel_writes(world, chat) == [], "the bot never posted, edited or deleted there on its own"
    result = chat.messages()[-1]
    rematch = [c for c in controls(result) if c.get("label") == "Rematch"]
    assert rematch, "the result came there as the answer to the last move"
    hal_hand = await chat.click(hal, board_of(chat), custom_id=button(board_of(chat), "hand"))
    assert any("not playing" in (f.content or "") for f in hal_hand.followups), "a watcher has no hand"

    stats = await fern.slash("game stats")  # in fern's DM with the bot
    embed = stats.response.embeds[0]
    assert embed.footer.text == "Games in direct messages and group DMs"
    assert [f.name for f in embed.fields] == [registry.get("sutosute").names["en"]]
    assert embed.fields[0].value.startswith("1 game")
    in_server = await world.alice.slash(world.channel, "game stats")  # the server's own stats do not count it
    assert not in_server.response.embeds[0].fields

    again = await chat.click(gus, result, custom_id=rematch[0]["custom_id"])  # a rematch opens there, two seats
    assert again.acknowledged
    lobby = [f for f in [again.response, *again.followups] if f is not None and not f.ephemeral][-1]
    assert "two players at most" in texts_of(lobby)
    rematched = await world.bot.service.table_in_channel(chat.id)
    assert rematched.status == "lobby" and rematched.settings.place == "group_dm"


async def test_a_dm_game_survives_days_and_a_restart_old_clicks_answer_with_the_game_as_it_is(world):
    fern, gus = friends(world, "fern", "gus")
    chat = PrivateChat(world.env, [fern, gus], group=False, installer=fern)
    await chat.slash(gus, "game language", language="ja")
    table_id, lobby, started = await open_and_start(world, chat, fern, gus)
    old_board = board_of(chat)
    shown = await chat.click(fern, old_board, custom_id=button(old_board, "hand"))
    old_hand = [f for f in shown.followups if f.ephemeral][-1]
    old_choice = next(c for c in controls(old_hand) if is_decision(c))
    rng = random.Random(3)
    svc = world.bot.service
    for _ in range(4):  # a few moves by both
        table = await svc.get(table_id)
        game = registry.get(table.game)
        owing = {p.player for p in game.prompts(table.state(game))}
        await play_one(chat, fern if str(fern.id) in owing else gus, rng)
    before = await svc.get(table_id)
    assert before.status == "running" and before.version > 0

    for _ in range(8):  # two days, a quarter day at a time (SimCord settles each step within its 5 s)
        await world.env.advance_time(DAY / 4)
    await world.restart()
    svc = world.bot.service
    again = await chat.click(gus, old_board, custom_id=button(old_board, "hand"))  # two days old, new process
    assert again.acknowledged
    redrawn = world.env.backend.get_message(chat.id, old_board.id)
    assert f"table #{table_id} · move {before.version}" in texts_of(redrawn), "the old board shows the game now"
    assert "move 0" not in texts_of(redrawn)
    hand = [f for f in again.followups if f.ephemeral][-1]
    assert f"{before.version}手目" in texts_of(hand), "gus reads his hand, as of now, in Japanese"

    stale = await _Player(chat, fern).click(old_hand, old_choice["custom_id"]) if old_choice["type"] == 2 else \
        await chat.select(fern, old_hand, [old_choice["options"][0]["value"]], custom_id=old_choice["custom_id"])
    assert stale.acknowledged
    assert "out of date" in texts_of(stale.response) or any("out of date" in texts_of(f) for f in stale.followups)
    after = await svc.get(table_id)
    assert after.version == before.version and after.state_json == before.state_json, "nothing changed"

    # fern resigns: the computer takes the seat, and only the command's follow-up can say so there
    resigned = await chat.slash(fern, "game resign")
    assert resigned.ephemeral
    told = [f for f in resigned.followups if not f.ephemeral]
    assert told and "resigned; the computer plays that seat" in texts_of(told[-1])
    assert channel_writes(world, chat) == []


async def test_more_than_two_players_in_a_dm_is_refused_clearly_and_nothing_changes(world):
    fern, gus, hal = friends(world, "fern", "gus", "hal")
    chat = PrivateChat(world.env, [fern, gus, hal], group=True, installer=fern)
    opened = await chat.slash(fern, "game new", game="guns-and-steel")
    lobby = opened.response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    assert (await chat.click(gus, lobby, custom_id=button(lobby, "join"))).acknowledged
    third = await chat.click(hal, lobby, custom_id=button(lobby, "join"))
    assert third.ephemeral and "seats two players" in texts_of(third.response)
    table = await world.bot.service.get(table_id)
    assert [s.user_id for s in table.seats] == [str(fern.id), str(gus.id)]
    added = await chat.click(fern, lobby, custom_id=button(lobby, "cpu"))  # nor a computer as a third
    assert added.ephemeral and "seats two players" in texts_of(added.response)
    await chat.click(fern, lobby, custom_id=button(lobby, "cancel"))

    await chat.slash(hal, "game language", language="ja")
    ganymede = await chat.slash(hal, "game new", game="ganymede")
    lobby = ganymede.response
    assert "ボタンで遊びます" in texts_of(lobby), "a DM has no server language: the lobby speaks its host's"
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    mode = next(c for c in controls(lobby) if kind(c) == "LO")
    three = next(o["value"] for o in mode["options"] if o["value"].endswith("three"))
    refused = await chat.select(hal, lobby, [three], custom_id=mode["custom_id"])
    assert refused.ephemeral and "2人まで" in texts_of(refused.response), "refused in hal's language"
    table = await world.bot.service.get(table_id)
    assert table.options["mode"] != "three" and table.lobby_version == 0


async def test_refusals_someone_elses_table_and_commands_discord_does_not_offer_here(world):
    fern, gus, hal = friends(world, "fern", "gus", "hal")
    chat = PrivateChat(world.env, [fern, gus, hal], group=True, installer=fern)
    table_id, lobby, started = await open_and_start(world, chat, fern, gus)
    before = await world.bot.service.get(table_id)
    log = await hal.slash("game log", table=table_id)  # hal was not seated: from his DM with the bot
    assert log.ephemeral and f"#{table_id}" in log.response.content and "no" in log.response.content.lower()
    await chat.slash(hal, "game language", language="ja")
    replay = await chat.slash(hal, "game replay", table=table_id)
    assert replay.ephemeral and f"#{table_id}" in replay.response.content
    board = board_of(chat)
    watcher = await chat.click(hal, board, custom_id=button(board, "hand"))
    assert any(f"#{table_id}" in (f.content or "") and "参加していません" in f.content for f in watcher.followups)
    browse = await chat.slash(hal, "game browse")
    assert browse.ephemeral and "サーバー内で" in browse.response.content
    for admin in ("gameadmin tables", "gameadmin end"):
        try:
            await chat.slash(fern, admin)
        except NotOffered:
            continue
        raise AssertionError(f"/{admin} must not be offered in a group DM")
    busy = await chat.slash(gus, "game new", game="sutosute")  # one table per DM, as per channel
    assert busy.ephemeral
    after = await world.bot.service.get(table_id)
    assert (after.version, after.lobby_version, after.state_json) == (before.version, before.lobby_version,
                                                                      before.state_json)


async def test_the_turn_ping_goes_by_dm_and_closed_dms_are_named_on_the_next_board(world):
    fern, gus = friends(world, "fern", "gus")
    chat = PrivateChat(world.env, [fern, gus], group=False, installer=fern)
    gus_dm = gus.dm_channel
    world.env.inject_error("POST", f"/channels/{gus_dm.id}/messages", status=403, code=50007,
                           message="Cannot send messages to this user", times=None)
    table_id, lobby, started = await open_and_start(world, chat, fern, gus, game="fort-of-gold") \
        if False else await open_and_start(world, chat, fern, gus)
    first = [f for f in started.followups if not f.ephemeral][0]
    assert f"<@{gus.id}>" in texts_of(first) and "can't DM" in texts_of(first), "gus is named on the board"
    assert (await world.bot.prefs.user(str(gus.id))).dm_closed
    mine = await chat.slash(gus, "game mine")
    assert mine.ephemeral and "your turn" in mine.response.embeds[0].fields[0].value
    link = next(c["url"] for c in controls_or_links(mine.response))
    assert link.startswith(f"https://discord.com/channels/@me/{chat.id}/")

    fern_dm = fern.dm_channel.history()[-1].id
    rng = random.Random(5)
    svc = world.bot.service
    await play_one(chat, fern, rng)  # fern answers; gus still owes his card: no new turn for fern yet
    table = await svc.get(table_id)
    game = registry.get(table.game)
    if str(gus.id) in {p.player for p in game.prompts(table.state(game))}:
        await play_one(chat, gus, rng)
    table = await svc.get(table_id)
    owing = {p.player for p in game.prompts(table.state(game))}
    if str(fern.id) in owing:
        assert fern.dm_channel.history()[-1].id > fern_dm, "fern's turn came by DM, as a new message (it notifies)"
    assert channel_writes(world, chat) == []


def controls_or_links(message) -> list[dict]:
    from simdriver import payload_components, walk
    return [c for c in walk(payload_components(message)) if c.get("type") == 2 and c.get("url")]


async def test_reminders_go_by_dm_at_a_table_played_by_clicks(world):
    fern, gus = friends(world, "fern", "gus")
    chat = PrivateChat(world.env, [fern, gus], group=False, installer=fern)
    opened = await chat.slash(fern, "game new", game="sutosute")
    lobby = opened.response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    more = next(c for c in controls(lobby) if kind(c) == "LM")  # the host sets a day a turn, as anywhere
    picker = await chat.select(fern, lobby, ["@turn_limit"], custom_id=more["custom_id"])
    assert picker.ephemeral
    value = next(c for c in controls(picker.response) if kind(c) == "LV")
    saved = await chat.select(fern, picker.response, [str(DAY)], custom_id=value["custom_id"])
    assert "next time someone clicks" in saved.response.content, "the lobby there follows at the next click"
    assert (await world.bot.service.get(table_id)).settings.turn_limit_s == DAY
    joined = await chat.click(gus, lobby, custom_id=button(lobby, "join"))
    lobby = joined.response
    await chat.click(fern, lobby, custom_id=button(lobby, "start"))
    assert not any("⏰" in texts_of(m) for m in gus.dm_channel.history())
    for _ in range(4):
        await world.env.advance_time(DAY / 5)
    reminders = [m for m in gus.dm_channel.history() if "⏰" in texts_of(m)]
    assert reminders, "gus was reminded by DM (the first reminder comes after half the turn's day)"
    assert any(is_decision(c) for c in controls(reminders[-1])), "with his controls"
    assert channel_writes(world, chat) == []


async def test_a_server_where_the_bot_is_only_installed_to_the_users_account_refuses_a_table(world, monkeypatch):
    """Discord says which installs authorised an interaction: here only alice's own (user
    install), not the server's, so the bot cannot post in this channel: /game new says where a
    table can be opened instead, in her language, and opens nothing."""
    from simcord import interactions

    build = interactions.base_payload

    def user_install_only(backend, **kwargs):
        record, payload = build(backend, **kwargs)
        payload["authorizing_integration_owners"] = {"1": str(kwargs["user_id"])}
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", user_install_only)
    refused = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert refused.ephemeral and "only installed to your account" in refused.response.content
    await world.alice.slash(world.channel, "game language", language="ja")
    refused = await world.alice.slash(world.channel, "game new", game="sutosute")
    assert refused.ephemeral and "アカウントにだけ追加" in refused.response.content
    assert await world.bot.service.table_in_channel(world.channel.id) is None
    mine = await world.alice.slash(world.channel, "game mine")  # the personal commands still work there
    assert mine.acknowledged and mine.ephemeral


async def test_against_the_computer_in_a_dm_the_turn_comes_back_by_dm_and_the_game_ends(world):
    """fern plays the computer in her DM with gus (who watches): the computer's moves happen
    after her click is answered, when the bot cannot post there; her next turn comes by DM (with
    her controls), and she can play from there or from any board in the DM until the end."""
    from games.kit import ai
    from tables.cpu import CpuRunner

    class Quick(CpuRunner):
        def __init__(self):
            super().__init__(iterations=4)

        async def choose(self, game, state, player, level, seed):
            return ai.choose(game, state, player, level=level, seed=seed, iterations=4)

    world.bot.service.cpu = Quick()
    fern, gus = friends(world, "fern", "gus")
    chat = PrivateChat(world.env, [fern, gus], group=False, installer=fern)
    lobby = (await chat.slash(fern, "game new", game="sutosute")).response
    table_id = ids.parse(controls(lobby)[0]["custom_id"]).table
    assert (await chat.click(fern, lobby, custom_id=button(lobby, "cpu"))).acknowledged
    started = await chat.click(fern, lobby, custom_id=button(lobby, "start"))
    assert started.acknowledged
    svc = world.bot.service
    rng = random.Random(2)
    for _ in range(300):
        table = await svc.get(table_id)
        if table.status != "running":
            break
        game = registry.get(table.game)
        if str(fern.id) not in {p.player for p in game.prompts(table.state(game))}:
            await world.env.advance_time(1)  # the computer thinks
            continue
        dm = fern.dm_channel.history()[-1]  # her turn came by DM: she plays from it
        offered = [c for c in controls(dm) if is_decision(c)]
        assert offered, "the DM carries her controls for the present turn:\n" + texts_of(dm)
        answered = await use(fern, dm, rng.choice(offered), rng)
        assert answered.acknowledged
    table = await svc.get(table_id)
    assert table.status == "finished"
    assert channel_writes(world, chat) == [], "nothing posted there on the bot's own"
    ended = [m for m in fern.dm_channel.history() if f"table #{table_id} is over" in texts_of(m)]
    assert ended, "the result came by DM (no click there showed the end)"
    assert "[your DM](https://discord.com/channels/@me/" in texts_of(ended[-1]), "with a link to the DM"
    assert not controls(ended[-1]), "no Rematch from the bot's DM: a rematch opens where the table was"
