"""Playing through the service: refusals change nothing, exactly one of concurrent clicks
wins, computer seats move, and a restart (a new service on the same database) continues."""
from __future__ import annotations

import asyncio

import pytest
from svc_helpers import owed, play_one, play_to_end, snapshot, started

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice, replay
from persistence import open_store
from persistence.testing import FakeClock
from tables import TableError, TableService
from tables.chains import FORCED_EVENT


async def test_an_outdated_click_is_refused_and_changes_nothing(svc):
    result = await started(svc, "sutosute", ["u1", "u2"])
    table, rng = result.table, Rng(seed=1)
    for _ in range(200):  # until the player who just moved owes a decision again
        table = (await play_one(svc, table, rng)).table
        mover = (await svc.log(table.id, limit=1))[-1].player
        prompt = next((p for p in owed(table) if p.player == mover), None)
        if prompt is not None:
            break
    before = await snapshot(svc, table.id)
    with pytest.raises(TableError) as err:  # drawn before their own move: their decision changed
        await svc.act(table.id, prompt.player, table.version - 1, prompt.id, [prompt.options[0].key])
    assert err.value.code == "out_of_date"
    assert "out of date" in err.value.message("en") and "古く" in err.value.message("ja")
    assert await snapshot(svc, table.id) == before


async def test_a_click_by_someone_who_owes_no_such_decision_is_refused(svc):
    rng = Rng(seed=5)
    table = (await started(svc, "ganymede", ["u1", "u2"])).table
    for _ in range(500):  # find a decision only one of the two owes
        prompts = owed(table)
        lone = next((p for p in prompts if not any(q.id == p.id and q.player != p.player for q in prompts)), None)
        if lone is not None:
            break
        table = (await play_one(svc, table, rng)).table
    other = "u2" if lone.player == "u1" else "u1"
    before = await snapshot(svc, table.id)
    with pytest.raises(TableError) as err:
        await svc.act(table.id, other, table.version, lone.id, [lone.options[0].key])
    assert err.value.code == "illegal" and err.value.params["code"] in ("not_your_decision", "no_such_prompt")
    assert err.value.message("en").startswith("That move is not allowed")
    with pytest.raises(TableError) as err:
        await svc.act(table.id, "stranger", table.version, lone.id, [lone.options[0].key])
    assert err.value.code == "not_seated"
    with pytest.raises(TableError) as err:
        await svc.act(table.id, lone.player, table.version, lone.id, ["~not-offered~"])
    assert err.value.code == "illegal"
    assert await snapshot(svc, table.id) == before


async def test_concurrent_clicks_on_one_version_exactly_one_wins(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    prompts = owed(table)
    attempts = [svc.act(table.id, p.player, table.version, p.id, [o.key]) for p in prompts for o in p.options[:3]]
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    wins = [o for o in outcomes if not isinstance(o, Exception)]
    # a simultaneous choice: one click wins per player (the other's move leaves a player's
    # own decision unchanged, so their click still counts); every further click is refused
    players = {p.player for p in prompts}
    assert len(wins) == len(players)
    assert all(isinstance(o, TableError) and o.code == "out_of_date" for o in outcomes if o not in wins)
    assert [e.seq for e in await svc.store.actions.list(table.id)] == list(range(1, len(players) + 1))


async def test_no_lock_entry_outlives_the_calls_that_used_it(svc):
    """A per-table lock entry is freed when nobody holds or waits for it, also after
    concurrent clicks and a waiter that was cancelled."""
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    prompts = owed(table)
    await asyncio.gather(*[svc.act(table.id, p.player, table.version, p.id, [o.key]) for p in prompts
                           for o in p.options[:3]], return_exceptions=True)
    assert len(svc._locks) == 0
    held = asyncio.Event()

    async def hold():
        async with svc._lock(table.id):
            held.set()
            await asyncio.sleep(0.05)

    holder = asyncio.create_task(hold())
    await held.wait()
    waiter = asyncio.create_task(hold())
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(holder, waiter, return_exceptions=True)
    assert len(svc._locks) == 0


async def test_two_service_instances_on_one_database_never_both_win(any_db_url):
    """No shared lock between processes: the store's compare-and-set decides."""
    clock = FakeClock()
    stores = [await open_store(any_db_url), await open_store(any_db_url)]
    try:
        services = [TableService(s, clock=clock) for s in stores]
        table = (await started(services[0], "sutosute", ["u1", "u2"])).table
        prompt = owed(table)[0]
        outcomes = await asyncio.gather(
            *(svc.act(table.id, prompt.player, table.version, prompt.id, [o.key])
              for svc in services for o in prompt.options[:2]), return_exceptions=True)
        assert sum(not isinstance(o, Exception) for o in outcomes) == 1
        assert all(o.code == "out_of_date" for o in outcomes if isinstance(o, TableError))
        assert len(await stores[1].actions.list(table.id)) == 1
    finally:
        for s in stores:
            await s.close()


async def test_services_taking_turns_on_one_table_each_see_the_others_moves(any_db_url):
    """Each process holds the table as it last wrote it; once the other process moved, that
    copy is stale: a move is still decided on the stored table (accepted, applied once, in
    order), and reads answer the stored table, board message included."""
    clock = FakeClock()
    stores = [await open_store(any_db_url), await open_store(any_db_url)]
    try:
        services = [TableService(s, clock=clock) for s in stores]
        table = (await started(services[0], "sutosute", ["u1", "u2"])).table
        rng, moves = Rng(seed=3), 0
        for turn in range(12):
            svc = services[turn % 2]
            assert (await svc.get(table.id)).rev == table.rev
            prompt = rng.choice(owed(table))
            assert [p.id for p in await svc.prompts_for(table.id, prompt.player)] == [
                p.id for p in owed(table) if p.player == prompt.player]
            result = await svc.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))
            table, moves = result.table, moves + 1
            if table.status != "running":
                break
        log = await stores[0].actions.list(table.id)
        assert [e.seq for e in log] == list(range(1, moves + 1))
        assert [e.version for e in log] == list(range(1, moves + 1))
        await services[0].set_board_message(table.id, 4242)
        assert (await services[1].get(table.id)).board_message_id == 4242
        await services[1].set_board_message(table.id, 4343)
        assert (await services[0].get(table.id)).board_message_id == 4343
    finally:
        for s in stores:
            await s.close()


async def test_a_refusal_from_a_stale_copy_is_decided_again_on_the_stored_table(any_db_url):
    """Service A played last (it holds that table); B moves next. A's click drawn at B's
    version is judged on the stored table: accepted, not refused as out of date."""
    clock = FakeClock()
    stores = [await open_store(any_db_url), await open_store(any_db_url)]
    try:
        a, b = (TableService(s, clock=clock) for s in stores)
        table = (await started(a, "sutosute", ["u1", "u2"])).table
        rng = Rng(seed=5)
        prompt = rng.choice(owed(table))
        table = (await a.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
        prompt = rng.choice(owed(table))
        table = (await b.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
        prompt = rng.choice(owed(table))
        result = await a.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))
        assert result.table.version == table.version + 1
        assert [e.seq for e in await stores[1].actions.list(table.id)] == [1, 2, 3]
    finally:
        for s in stores:
            await s.close()


async def test_computer_seats_move_by_themselves_until_a_person_owes(svc):
    result = await started(svc, "ganymede", ["u1"], cpus=1)
    table = result.table
    rng, cpu_moves = Rng(seed=2), 0
    while table.status == "running":
        assert owed(table), "a running game waits for a person"
        step = await play_one(svc, table, rng)
        cpu_moves += sum(e.player == "cpu:1" for e in step.actions)
        made_for_people = [e for e in step.actions if e.auto and not any(ev.kind == FORCED_EVENT for ev in e.events)]
        assert not made_for_people, "computer seats are not auto-played people (forced moves say so)"
        table = step.table
    assert cpu_moves > 0
    entries = await svc.store.actions.list(table.id)
    assert [e.seq for e in entries] == list(range(1, table.version + 1))


async def test_restart_continues_the_game_on_a_new_service(any_db_url):
    clock = FakeClock()
    store = await open_store(any_db_url)
    svc = TableService(store, clock=clock)
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    table = await play_to_end(svc, table, Rng(seed=9), stop_after=6)
    await store.close()
    store = await open_store(any_db_url)
    try:
        fresh = TableService(store, clock=clock)
        assert await fresh.table_in_channel(table.channel_id) == table
        finished = await play_to_end(fresh, table, Rng(seed=10))
        assert finished.status == "finished"
        game = registry.get("sutosute")
        entries = await store.actions.list(table.id)
        assert [e.seq for e in entries] == list(range(1, finished.version + 1))
        replayed = replay(game, finished.players, finished.options, finished.seed, entries)
        assert replayed == finished.state(game)
        assert (await store.results.get(table.id)).winners == game.outcome(replayed).winners
    finally:
        await store.close()


async def test_recover_makes_the_computer_moves_a_crash_interrupted(store, clock):
    crashing = TableService(store, clock=clock, max_auto_moves=0)  # "crashes" before any computer move
    table = (await started(crashing, "sutosute", ["u1"], cpus=1)).table
    game = registry.get("sutosute")
    cpu_owes = lambda t: any(p.player == "cpu:1" for p in game.prompts(t.state(game)))  # noqa: E731
    assert cpu_owes(table)
    restarted = TableService(store, clock=clock)
    assert await restarted.recover() == [table.id]  # resumed: the moves follow as their own steps
    await restarted.settle()
    table = await restarted.get(table.id)
    assert not cpu_owes(table) or table.status != "running"
    assert await restarted.recover() == []  # nothing left to do


async def test_a_state_that_no_longer_loads_is_rebuilt_from_snapshot_and_log(store, clock):
    svc = TableService(store, clock=clock, snapshot_every=4)
    table = await play_to_end(svc, (await started(svc, "sutosute", ["u1", "u2"])).table, Rng(seed=4), stop_after=10)
    good = table.state_json
    assert 4 in await store.snapshots.versions(table.id)
    broken = await store.tables.save(table.model_copy(update={"state_json": '{"garbage": true}'}), table.rev)
    assert broken.version == table.version
    restarted = TableService(store, clock=clock)
    await restarted.recover()  # no robot seats: recovery does not even read this table
    game = registry.get("sutosute")
    owed = game.prompts(game.load_state(good))
    assert await restarted.prompts_for(table.id, owed[0].player) == [p for p in owed if p.player == owed[0].player]
    # the next move is played on the rebuilt state, and the stored state is whole again
    choice = [o.key for o in owed[0].options[: max(owed[0].min, 1)]]   # a legal answer (a reroll takes 2)
    expected, _ = game.apply(game.load_state(good), owed[0].player, owed[0].id, choice)
    await restarted.act(table.id, owed[0].player, table.version, owed[0].id, choice)
    assert (await store.tables.get(table.id)).state_json == expected.model_dump_json()


async def test_the_log_hides_private_events_and_other_players_choices(svc):
    table = await play_to_end(svc, (await started(svc, "sutosute", ["u1", "u2"])).table, Rng(seed=3), stop_after=8)
    full = await svc.store.actions.list(table.id)
    assert any(e.to for entry in full for e in entry.events), "this game has private events"
    public = await svc.log(table.id, limit=50)
    assert all(e.to is None for entry in public for e in entry.events)
    assert all(entry.choice == [] for entry in public)
    mine = await svc.log(table.id, limit=50, viewer="u1")
    assert all(e.visible_to("u1") for entry in mine for e in entry.events)
    assert all(entry.choice == [] for entry in mine if entry.player != "u1")
    assert any(entry.choice for entry in mine if entry.player == "u1")
    assert [e.seq for e in await svc.log(table.id, limit=3, before_seq=5)] == [2, 3, 4]


async def test_prompts_for_lists_only_the_users_own_decisions(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    mine = await svc.prompts_for(table.id, "u1")
    assert mine and all(p.player == "u1" for p in mine)
    assert await svc.prompts_for(table.id, "stranger") == []
    prompt = mine[0]
    result = await svc.act(table.id, "u1", table.version, prompt.id, random_choice(prompt, Rng(seed=1)))
    assert result.actions[0].player == "u1" and result.table.version == table.version + 1


async def test_a_board_older_than_an_hour_should_be_posted_afresh(svc, clock):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    assert svc.board_is_stale(table)
    await svc.set_board_message(table.id, 123)
    table = await svc.get(table.id)
    assert table.board_message_id == 123 and not svc.board_is_stale(table)
    clock.advance(3601)
    assert svc.board_is_stale(table)


async def test_a_sole_writer_reads_its_own_copy_and_a_stale_one_is_decided_again(any_db_url):
    """One process serving every shard asks the database nothing before a move (its copy is
    the stored table). Should another writer come first all the same (a rolling restart), the
    compare-and-set refuses the stale copy and the click is decided on the stored table."""
    clock = FakeClock()
    stores = [await open_store(any_db_url), await open_store(any_db_url)]
    try:
        a = TableService(stores[0], clock=clock, sole_writer=True)
        b = TableService(stores[1], clock=clock)
        table = (await started(a, "sutosute", ["u1", "u2"])).table
        rng = Rng(seed=5)
        stores[0].db.trace = []
        assert (await a.get(table.id)).rev == table.rev
        prompt = rng.choice(owed(table))
        assert [p.id for p in await a.prompts_for(table.id, prompt.player)] == [
            p.id for p in owed(table) if p.player == prompt.player]
        assert stores[0].db.trace == []
        # b moves: a's copy is stale; a click drawn at b's version is accepted by a
        table = (await b.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
        prompt = rng.choice(owed(table))
        result = await a.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))
        assert result.table.version == table.version + 1
        table = result.table
        # b moves again; a click drawn on a's stale copy loses the compare-and-set, and a then
        # answers from the stored table
        prompt = rng.choice(owed(table))
        stale = table
        table = (await b.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
        prompt = rng.choice(owed(stale))
        try:
            await a.act(table.id, prompt.player, stale.version, prompt.id, random_choice(prompt, rng))
        except TableError as e:
            assert e.code == "out_of_date"
        stored = await stores[1].tables.get(table.id)
        assert (await a.get(table.id)).rev == stored.rev
        log = await stores[1].actions.list(table.id)
        assert [e.seq for e in log] == list(range(1, stored.log_seq + 1)) and stored.log_seq in (3, 4)
    finally:
        for s in stores:
            await s.close()


async def test_a_click_drawn_before_the_others_simultaneous_move_counts_without_a_replay(svc, monkeypatch):
    """Sutosute's face-down cards: a control drawn at the version a move made still counts
    after the other player placed their card, and the service checks it from the decisions it
    kept when it committed that move, not by replaying the game from the log; a click whose
    own decision changed meanwhile is still refused."""
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    start, rng = table.version, Rng(seed=3)
    while True:  # on to a round both players place in, made by a move this service committed
        prompts = owed(table)
        if table.version > start and len({p.player for p in prompts}) == 2:
            break
        prompt = prompts[0]
        table = (await svc.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
    drawn_at = table.version
    first, second = sorted(owed(table), key=lambda p: p.player)

    async def no_replay(*args, **kwargs):
        raise AssertionError("replayed the log")
    monkeypatch.setattr(svc._core, "replayed", no_replay)
    after_first = (await svc.act(table.id, first.player, drawn_at, first.id, [first.options[0].key])).table
    assert after_first.version == drawn_at + 1
    done = (await svc.act(table.id, second.player, drawn_at, second.id, [second.options[0].key])).table
    assert done.version == drawn_at + 2
    with pytest.raises(TableError) as err:  # their own decision is made: the old control is out of date
        await svc.act(table.id, first.player, drawn_at, first.id, [first.options[-1].key])
    assert err.value.code == "out_of_date"
