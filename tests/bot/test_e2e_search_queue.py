"""The bot's owners read the computer players' queue in /gameadmin tables; server admins who
are not owners do not see the whole process's figures."""
from __future__ import annotations


async def test_owners_see_how_computer_decisions_wait_for_a_worker(world):
    shown = await world.admin.slash(world.channel, "gameadmin tables")
    assert shown.acknowledged
    assert not [f for f in shown.response.embeds[0].fields if f.name.startswith("Computer players")]
    world.bot.settings.owner_ids = [world.admin.id]
    shown = await world.admin.slash(world.channel, "gameadmin tables")
    (field,) = [f for f in shown.response.embeds[0].fields if f.name.startswith("Computer players")]
    assert "Last 10 min: 0 decisions; waiting now: 0" in field.value and "SEARCH_WORKERS" in field.value


async def test_owners_see_searches_the_time_ceiling_cut_short(world):
    """A machine too busy for the computers' work shows as searches cut short: add workers."""
    import time
    world.bot.settings.owner_ids = [world.admin.id]
    stats = world.bot.service.cpu.stats
    stats.waits.extend([(time.time(), 31.0), (time.time(), 0.5)])
    stats.cut_short.append(time.time())
    shown = await world.admin.slash(world.channel, "gameadmin tables")
    (field,) = [f for f in shown.response.embeds[0].fields if f.name.startswith("Computer players")]
    assert "Last 10 min: 2 decisions" in field.value and "cut short by the time ceiling: 1;" in field.value
