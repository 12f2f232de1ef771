"""The turn clock in SimCord's virtual time: reminders, quiet hours and expiry at the right
moments (also across a restart), idle seats auto-played to the end of a game."""
from __future__ import annotations

from simdriver import channel_texts, open_table, posted_lines, texts_of

HOUR = 3600
MINUTE = 60


def posted(world, prefix: str) -> list[str]:
    """Reminders, expiries and hand-overs the channel was shown: lines of the board, which
    carries them when it moves down."""
    return posted_lines(world, prefix)


async def clock_settings(world, **options) -> None:
    result = await world.admin.slash(world.channel, "gameadmin settings", **options)
    assert result.acknowledged and result.ephemeral and "Saved" in (result.response.embeds[0].description or "")


async def test_reminders_then_expiry_at_the_right_times(world):
    env = world.env
    await clock_settings(world, turn_limit=HOUR)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    version = (await world.bot.service.get(table_id)).version
    await env.advance_time(29 * MINUTE)
    assert posted(world, "⏰") == []
    await env.advance_time(2 * MINUTE)  # 31 min: the reminder at 50 % of the hour
    reminders = posted(world, "⏰")
    assert len(reminders) == 1, "both players' reminders are one message"
    assert f"<@{world.alice.id}>" in reminders[0] and f"<@{world.bob.id}>" in reminders[0]
    assert reminders[0].count("⏰") == 1, "one alarm clock, not two"
    await env.advance_time(22 * MINUTE)  # 53 min
    assert len(posted(world, "⏰")) == 1
    await env.advance_time(2 * MINUTE)  # 55 min: the reminder at 90 %, the last one: more urgent
    reminders = posted(world, "⏰")
    assert len(reminders) == 2 and "Last call" in reminders[1] and "Last call" not in reminders[0]
    assert reminders[1].count("⏰") == 1
    await env.advance_time(4 * MINUTE)  # 59 min
    assert posted(world, "⌛") == [] and (await world.bot.service.get(table_id)).version == version
    await env.advance_time(2 * MINUTE)  # 61 min: both seats expired, a move was made for each
    expired = posted(world, "⌛")
    assert len(expired) == 2 and "ran out of time" in expired[0]
    table = await world.bot.service.get(table_id)
    assert table.version > version
    log = await world.alice.slash(world.channel, "game log")
    assert "⏱" in log.response.embeds[0].description  # auto moves are marked in the log


async def test_reminder_and_expiry_survive_a_restart_without_repeats(world):
    env = world.env
    await clock_settings(world, turn_limit=HOUR)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await env.advance_time(20 * MINUTE)
    await world.restart()
    await env.advance_time(9 * MINUTE)  # 29 min
    assert posted(world, "⏰") == []
    await env.advance_time(2 * MINUTE)  # 31 min
    assert len(posted(world, "⏰")) == 1
    await world.restart()  # again, after the reminder fired: it must not fire twice
    await env.advance_time(10 * MINUTE)  # 41 min
    assert len(posted(world, "⏰")) == 1
    await env.advance_time(21 * MINUTE)  # 62 min
    assert len(posted(world, "⏰")) == 2
    assert len(posted(world, "⌛")) == 2
    assert (await world.bot.service.get(table_id)).version > 0


async def test_reminders_wait_for_the_end_of_quiet_hours(world):
    env = world.env  # virtual time starts at 00:00 UTC
    await clock_settings(world, turn_limit=12 * HOUR, reminders="1h", quiet_hours="0-3", utc_offset="+0")
    await open_table(world, "sutosute", [world.alice, world.bob])
    await env.advance_time(2 * HOUR + 59 * MINUTE)
    assert posted(world, "⏰") == []
    await env.advance_time(2 * MINUTE)  # 03:01, the quiet period is over
    assert len(posted(world, "⏰")) == 1


async def test_idle_seats_are_auto_played_to_a_legal_end(world):
    env = world.env
    await clock_settings(world, turn_limit=5 * MINUTE, idle_policy="auto", handover_after=2)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    for _ in range(10):
        await env.advance_time(5 * MINUTE + 1)
        if (await world.bot.service.get(table_id)).status == "finished":
            break
    table = await world.bot.service.get(table_id)
    assert table.status == "finished", "handed-over seats play on to the end"
    assert len(posted(world, "🤖")) == 2  # both seats handed over, each announced once
    assert any(f"table #{table_id} is over" in x for x in channel_texts(world, world.outsider))
    replay = await world.bot.service.export_log(table_id)
    from tables import replay_file
    _, outcome = replay_file(replay)  # raises if the moves do not replay to the same end
    assert outcome == replay.outcome and all(a.auto for a in replay.actions)
    results = await world.bot.service.stats(world.guild.id, game="sutosute")
    assert all(line.rated_games == 0 for line in results), "auto-played games are not rated"


async def test_a_solo_game_just_waits(world):
    env = world.env
    await clock_settings(world, turn_limit=5 * MINUTE)
    table_id, _ = await open_table(world, "fort-of-gold", [world.alice])
    version = (await world.bot.service.get(table_id)).version
    await env.advance_time(3 * HOUR)
    assert posted(world, "⌛") == [] and (await world.bot.service.get(table_id)).version == version


async def test_pings_and_dms_in_quiet_hours_arrive_silently(world):
    """A move at night still pings the next player (nothing waits), but without a push
    notification; after the quiet hours pings notify again."""
    import random

    from simdriver import take_turn

    env = world.env  # virtual time starts at 00:00 UTC, inside quiet hours 0-7
    await clock_settings(world, quiet_hours="0-7", utc_offset="+0")
    await world.bob.slash(world.channel, "game notify", dm="on")
    table_id, started = await open_table(world, "sutosute", [world.alice, world.bob])
    ping = next(f for f in started.followups if f"<@{world.alice.id}>" in texts_of(f))
    assert ping.message.flags.suppress_notifications, "the first turn ping at night is silent"
    assert world.bob.user.dm_channel.last_message.flags.suppress_notifications
    await env.advance_time(8 * HOUR)  # 08:00: the quiet hours are over
    dm_before = world.bob.user.dm_channel.last_message.id
    mark = len(env.http_requests)
    rng = random.Random(3)
    for _ in range(4):
        for member in (world.alice, world.bob):
            await take_turn(world, member, rng)
            await env.advance_time(10 * MINUTE)  # away from the table when the turn comes back
    day_pings = [r.json for r in env.http_requests[mark:] if r.method == "POST" and isinstance(r.json, dict)
                 and f"<@{world.bob.id}>" in str(r.json.get("components"))
                 and not r.path.startswith(f"/channels/{world.bob.user.dm_channel.id}/")]
    assert day_pings and not any((p.get("flags") or 0) & 4096 for p in day_pings), "day pings notify"
    assert world.bob.user.dm_channel.last_message.id == dm_before, "the DM hand is edited, not sent again"
    dm_edits = [r for r in env.http_requests[mark:] if r.method == "PATCH"
                and r.path.startswith(f"/channels/{world.bob.user.dm_channel.id}/messages/")]
    assert dm_edits


async def test_a_reminder_for_someone_who_has_moved_meanwhile_is_not_sent(world):
    """The reminder is claimed, then announced a moment later: a move in between wins."""
    import random

    from simdriver import take_turn

    from tables.models import Notice

    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    service, rng = world.bot.service, random.Random(1)
    moved = None
    for _ in range(10):  # someone moves and then owes nothing (sutosute: the other still places)
        for member in (world.alice, world.bob):
            if await take_turn(world, member, rng) and not await service.prompts_for(table_id, str(member.id)):
                moved = member
                break
        if moved:
            break
    assert moved is not None
    table = await service.get(table_id)
    reminder = Notice(kind="reminder", table_id=table_id, channel_id=table.channel_id, guild_id=table.guild_id,
                      users=[str(moved.id)], data={"deadline": None})
    before = len(posted(world, "⏰"))
    await world.bot.announcer.publish(table_id, [reminder], board=False)
    assert len(posted(world, "⏰")) == before, "no 'still your turn' right after they moved"


async def test_the_host_sets_the_tables_own_reminders_and_quiet_hours_in_the_lobby(world):
    """The server has no quiet hours; this table sleeps 00:00–08:00 and reminds 1 h into a turn."""
    from simdriver import controls, kind, lobby_button, set_lobby_option

    env = world.env  # virtual time starts at 00:00 UTC
    await clock_settings(world, turn_limit=12 * HOUR, utc_offset="+0")
    opened = await world.alice.slash(world.channel, "game new", game="sutosute")
    lobby = opened.response
    await set_lobby_option(world, world.alice, lobby, "@reminders", "1h")
    await set_lobby_option(world, world.alice, lobby, "@quiet_hours", "0-8")
    shown = channel_texts(world, world.outsider)
    assert any("Reminders: 1 h after the turn starts · quiet hours: 00:00–08:00" in x for x in shown)
    more = next(c for c in controls(lobby) if kind(c) == "LM")
    refused = await world.bob.select(lobby, ["@quiet_hours"], custom_id=more["custom_id"])
    assert refused.ephemeral and "host" in refused.response.content
    await world.bob.click(lobby, custom_id=lobby_button(lobby, "join"))
    await world.alice.click(lobby, custom_id=lobby_button(lobby, "start"))
    await env.advance_time(7 * HOUR + 59 * MINUTE)
    assert posted(world, "⏰") == [], "01:00 is inside the table's quiet hours"
    await env.advance_time(2 * MINUTE)  # 08:01
    assert len(posted(world, "⏰")) == 1


async def test_a_player_who_left_the_server_is_noticed_and_the_computer_takes_their_seat(world):
    """With no turn limit, a table would wait for ever for someone who left the server.
    The bot (no member intent) notices when it is about to remind them: Discord answers Unknown
    Member, the computer takes the seat, the others are told, and the game goes on."""
    env = world.env
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    table = await world.bot.service.get(table_id)
    assert table.settings.turn_limit_s is None
    alice = str(world.alice.id)
    world.guild.remove_member(world.bob)
    await env.advance_time(13 * HOUR)  # the first reminder of a table with no turn limit
    await world.bot.announcer.drain()
    table = await world.bot.service.get(table_id)
    assert table.seat(str(world.bob.id)).auto and not table.seat(alice).auto
    told = [line for text in channel_texts(world, world.outsider) for line in text.splitlines()
            if line.startswith("🤖") and "thinking" not in line]  # "🤖 bob is thinking…": the computer in their seat
    assert told == [f"🤖 <@{world.bob.id}> left the server; the computer plays that seat from now on."], told
    assert table.status == "running"
