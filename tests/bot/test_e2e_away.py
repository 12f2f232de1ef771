"""Time away in SimCord's virtual time: a player who travels for a few days sees
their clocks wait and the board say so, the other player's clock runs out and spends a day
of their allowance, `/game back` ends it early; bad numbers are refused and change nothing;
admins lower or turn off the allowance and see who is away."""
from __future__ import annotations

import pytest
from simdriver import live_board, open_table, posted_lines, texts_of

DAY = 24 * 3600
HOUR = 3600


async def day_limit(world, **extra) -> None:
    result = await world.admin.slash(world.channel, "gameadmin settings", turn_limit=DAY, **extra)
    assert result.acknowledged and "Saved" in (result.response.embeds[0].description or "")


async def test_a_player_away_for_three_days_keeps_their_seat_and_the_board_says_so(world):
    env = world.env
    await day_limit(world)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    answer = await world.alice.slash(world.channel, "game away", days=3)
    assert answer.acknowledged and answer.ephemeral
    text = answer.response.content
    assert "You are away until <t:" in text and "27 days left this year" in text
    assert f"#{table_id}" in text and "Your clock waits" in text
    assert "is away: their clock waits until <t:" in texts_of(live_board(world))
    version = (await world.bot.service.get(table_id)).version
    await env.advance_time(DAY + HOUR)  # bob's clock ran out: a day of his allowance is spent
    spent = posted_lines(world, "🏖️")
    assert any("bob ran out of time: one day of time away was spent" in line for line in spent), spent
    assert posted_lines(world, "⌛") == [], "nobody's seat was played for them"
    assert (await world.bot.service.get(table_id)).version == version
    await env.advance_time(DAY)
    assert (await world.bot.service.get(table_id)).seat(str(world.alice.id)).idle_expiries == 0
    back = await world.alice.slash(world.channel, "game back")
    assert back.ephemeral and "Welcome back" in back.response.content
    assert "is away" not in texts_of(live_board(world))
    admin = await world.admin.slash(world.channel, "gameadmin tables")
    assert "Away" not in admin.response.embeds[0].description


@pytest.mark.parametrize("days", [0, -2, 31])
async def test_bad_numbers_of_days_are_refused_and_change_nothing(world, days):
    await day_limit(world)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    refused = await world.alice.slash(world.channel, "game away", days=days)
    assert refused.acknowledged and refused.ephemeral
    assert ("whole number" in refused.response.content) if days < 1 else ("30 days" in refused.response.content)
    assert await world.bot.service.store.away.get(str(world.alice.id)) is None
    assert "is away" not in texts_of(live_board(world))


async def test_short_limits_play_on_and_the_answer_says_so_in_japanese(world):
    result = await world.admin.slash(world.channel, "gameadmin settings", turn_limit=HOUR)
    assert result.acknowledged
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.alice.slash(world.channel, "game language", language="ja")
    answer = await world.alice.slash(world.channel, "game away", days=2)
    assert "不在にします" in answer.response.content and "持ち時間が1日未満" in answer.response.content
    assert f"#{table_id}" in answer.response.content
    assert "is away" not in texts_of(live_board(world))


async def test_admins_turn_time_away_off_and_see_who_is_away(world):
    await day_limit(world, away_days=0)
    await open_table(world, "sutosute", [world.alice, world.bob])
    answer = await world.alice.slash(world.channel, "game away", days=2)
    assert "do not allow time away" in answer.response.content
    shown = await world.admin.slash(world.channel, "gameadmin settings")
    fields = {f.name: f.value for f in shown.response.embeds[0].fields}
    assert fields["Time away a year"] == "off"
    tables = await world.admin.slash(world.channel, "gameadmin tables")
    assert f"Away: <@{world.alice.id}> until <t:" in tables.response.embeds[0].description
    await world.admin.slash(world.channel, "gameadmin settings", away_days=7)
    shown = await world.admin.slash(world.channel, "gameadmin settings")
    assert {f.name: f.value for f in shown.response.embeds[0].fields}["Time away a year"] == "7 days"


async def test_time_away_survives_a_restart(world):
    env = world.env
    await day_limit(world)
    table_id, _ = await open_table(world, "sutosute", [world.alice, world.bob])
    await world.alice.slash(world.channel, "game away", days=2)
    await world.restart()
    await env.advance_time(DAY + HOUR)
    assert (await world.bot.service.get(table_id)).seat(str(world.alice.id)).idle_expiries == 0
    assert not [line for line in posted_lines(world, "⌛") if "alice" in line]


async def test_a_japanese_server_board_says_who_is_away(world):
    await day_limit(world, language="ja")
    await open_table(world, "sutosute", [world.alice, world.bob])
    await world.alice.slash(world.channel, "game away", days=2)
    board = texts_of(live_board(world))
    assert "aliceさんは不在です" in board and "まで時計が止まっています" in board
