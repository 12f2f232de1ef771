"""Hints and guided games in the table service (tables/hints.py): off by default and refused
when off; when allowed, a legal answer to the decision owed now, one per decision, searched
through the computer players' runner; such a table is unrated; a guided table is ready to play."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from svc_helpers import GUILD, open_table, owed, play_one, settled, started

from games import registry
from games.kit import Rng
from tables import TableError
from tables.cpu import PRIORITY_HINT, CpuRunner
from tables.hints import GUIDED_LEVEL


async def with_hints(svc, key="sutosute", humans=("u1", "u2"), cpus=0, channel=100):
    table = await open_table(svc, key, list(humans), cpus=cpus, channel=channel)
    table = await svc.update_table_settings(table.id, humans[0], False, hints=True)
    return await settled(svc, await svc.start(table.id, humans[0], seed=7))


def legal_answer(table, player, given) -> bool:
    game = registry.get(table.game)
    prompt = next(p for p in game.prompts(table.state(game)) if p.player == player and p.id == given.prompt_id)
    game.apply(table.state(game), player, prompt.id, given.choice)  # raises IllegalAction otherwise
    return prompt.min <= len(given.choice) <= prompt.max


async def test_hints_are_off_by_default_and_refused_then(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    assert table.settings.hints is False and table.settings.learn is False
    with pytest.raises(TableError) as refused:
        await svc.hint(table.id, "u1")
    assert refused.value.code == "hint_refused" and "Hints are off" in refused.value.message("en")
    assert "ヒントはオフ" in refused.value.message("ja")
    assert (await svc.get(table.id)).settings.hinted == {}


async def test_a_hint_is_a_legal_answer_to_the_decision_owed_now_one_per_decision(svc, clock):
    table = (await with_hints(svc)).table
    given = await svc.hint(table.id, "u1")
    assert given.version == table.version and legal_answer(table, "u1", given)
    assert given.simulations >= 1 and 0 < given.share <= 1 and given.win is not None
    stored = await svc.get(table.id)
    assert stored.version == table.version and stored.settings.hinted["u1"] == given  # kept with the table
    with pytest.raises(TableError) as again:
        await svc.hint(table.id, "u1")
    assert "already had the hint for this decision" in again.value.message("en")
    assert await svc.hint(table.id, "u1", again=True) == given  # shown again, never a second one
    other = await svc.hint(table.id, "u2")  # the other player's own decision
    assert legal_answer(stored, "u2", other)
    rng = Rng(seed=3)
    table = await svc.get(table.id)
    while (await svc.get(table.id)).version == stored.version:
        table = (await play_one(svc, table, rng)).table
    if "u1" in {p.player for p in owed(table)}:
        fresh = await svc.hint(table.id, "u1")  # the next decision gets its own
        assert fresh.version == table.version and legal_answer(table, "u1", fresh)


async def test_a_hint_needs_a_decision_and_a_seat(svc):
    table = (await with_hints(svc)).table
    game = registry.get("sutosute")
    place = next(p for p in game.prompts(table.state(game)) if p.player == "u1")
    table = (await settled(svc, await svc.act(table.id, "u1", table.version, place.id, [place.options[0].key]))).table
    assert "u1" not in {p.player for p in game.prompts(table.state(game))}  # u2 still places
    with pytest.raises(TableError) as idle:
        await svc.hint(table.id, "u1")
    assert "nothing to decide now" in idle.value.message("en")
    with pytest.raises(TableError) as outsider:
        await svc.hint(table.id, "stranger")
    assert outsider.value.code == "not_seated"


async def test_two_asks_at_once_get_one_search_and_one_refusal(svc):
    table = (await with_hints(svc)).table
    calls = []
    real = svc.cpu.hint

    async def slow(*args, **kwargs):
        calls.append(kwargs)
        await asyncio.sleep(0.05)
        return await real(*args, **kwargs)

    svc.cpu.hint = slow
    first = asyncio.ensure_future(svc.hint(table.id, "u1"))
    await asyncio.sleep(0)
    with pytest.raises(TableError) as busy:
        await svc.hint(table.id, "u1")
    assert "still being worked out" in busy.value.message("en")
    shown = await svc.hint(table.id, "u1", again=True)  # a guided hand waits for the same search
    assert shown == await first and len(calls) == 1 and calls[0]["table_id"] == table.id


async def test_a_table_that_allows_hints_is_unrated_and_a_running_one_cannot_change_it(svc, clock):
    rng = Rng(seed=4)
    table = (await with_hints(svc)).table
    with pytest.raises(TableError) as refused:
        await svc.update_table_settings(table.id, "admin", True, hints=False)
    assert refused.value.code == "bad_setting"
    with pytest.raises(TableError):
        await svc.update_table_settings(table.id, "admin", True, hinted={})
    while table.status == "running":
        clock.advance(30)
        table = (await play_one(svc, table, rng)).table
    result = await svc.store.results.get(table.id)
    assert result.ended_by == "rules" and not result.rated
    assert all(s.rated_games == 0 for s in await svc.stats(GUILD))
    plain = (await started(svc, "sutosute", ["u1", "u2"], channel=101)).table  # the same people, no hints
    while plain.status == "running":
        clock.advance(30)
        plain = (await play_one(svc, plain, rng)).table
    assert (await svc.store.results.get(plain.id)).rated


async def test_a_rematch_keeps_hints_allowed_but_no_hint_given(svc, clock):
    rng = Rng(seed=5)
    table = (await with_hints(svc)).table
    await svc.hint(table.id, "u1")
    while table.status == "running":
        table = (await play_one(svc, table, rng)).table
    again = await svc.rematch(table.id, "u1")
    assert again.settings.hints and again.settings.hinted == {}


async def test_a_guided_table_is_one_person_against_computers_ready_to_start(svc):
    table = await svc.open_guided(GUILD, 300, "u1", "Alice", "ganymede", "ja")
    assert [s.user_id for s in table.seats] == ["u1", "cpu:1"] and table.seats[1].level == GUIDED_LEVEL
    s = table.settings
    assert s.hints and s.learn and s.private and s.join_code and s.turn_limit_s is None
    assert table.lang == "ja" and table.status == "lobby"
    assert not s.thread and s.parent_channel_id is None  # it plays where it was opened
    solo = await svc.open_guided(None, 301, "u2", "Bob", "fort-of-gold")
    assert [x.user_id for x in solo.seats] == ["u2"] and not solo.settings.thread  # a DM has no threads
    started_ = await settled(svc, await svc.start(table.id, "u1", seed=3))
    assert started_.table.status == "running"
    given = await svc.hint(table.id, "u1", again=True)
    assert legal_answer(await svc.get(table.id), "u1", given)
    left = await svc.resign(table.id, "u1")  # leaving ends it: nobody else plays
    assert left.table.status == "finished"
    assert not (await svc.store.results.get(table.id)).rated


async def test_a_guided_table_in_its_own_thread_is_checked_against_the_channel_it_was_opened_in(svc):
    """In a server the guided game's thread is opened first: the table lives in the thread, a
    busy parent channel does not matter, the server's allowed channels are the parent's."""
    busy = await svc.open_lobby(GUILD, 300, "u2", "Bob", "sutosute")
    await svc.update_guild_settings(GUILD, allowed_channels=[300])
    table = await svc.open_guided(GUILD, 9001, "u1", "Alice", "sutosute", "en", parent_channel_id=300)
    assert table.channel_id == 9001 and table.settings.parent_channel_id == 300
    assert (await svc.table_in_channel(300)).id == busy.id
    with pytest.raises(TableError) as err:
        await svc.open_guided(GUILD, 9002, "u3", "Carol", "sutosute", parent_channel_id=301)
    assert err.value.code == "channel_not_allowed"


async def test_the_runner_searches_hints_in_its_workers_not_on_the_event_loop():
    """`CpuRunner.hint` hands the search to its executor (the process pool in the bot) and
    returns the strong player's answer with the search's figures."""
    submitted = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, *args, **kwargs):
            submitted.append(fn.__name__)
            return super().submit(fn, *args, **kwargs)

    game = registry.get("sutosute")
    state = game.setup(["u1", "u2"], None, seed=5)
    with Recording(1) as pool:
        runner = CpuRunner(iterations=30, executor=pool)
        advice = await runner.hint(game, state, "u1", seed=9, table_id=1)
    assert submitted == ["_advise"]
    assert advice.simulations == 30 and runner.stats.iterations >= 30
    assert PRIORITY_HINT is not None
