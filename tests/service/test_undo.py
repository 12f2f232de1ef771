"""Undo through the table service: random tables of every game and mode where,
after each move, an offered undo restores exactly the state before it and a refused one
gives one of the rules' reasons; the log keeps the undone move for the record but replays,
exported logs and rebuilds leave it out.

CI plays one fixed seed per game and mode; `PROPERTY_GAMES=N` plays N."""
from __future__ import annotations

import json

import pytest
from property_runs import property_games
from svc_helpers import GUILD, game_cases, owed, settled, started

from games import registry
from games.kit import Rng
from games.kit.playout import random_choice
from games.kit.undo import REASONS
from persistence import open_store
from persistence.testing import FakeClock
from tables import TableError, TableService
from tables.undo import SERVICE_REASONS

LIMIT = 3600


def _reason(err: TableError) -> str:
    assert err.code == "undo_refused"
    return err.params["reason"]


async def _deadlines(svc: TableService, table) -> set[str]:
    return {t.seat for t in await svc.store.timers.for_table(table.id) if t.kind == "deadline"}


async def undo_playout(url: str, key: str, options: dict, seed: int) -> dict[str, int]:
    """One random table; returns how often each outcome of an undo attempt happened."""
    rng = Rng(seed=seed)
    store = await open_store(url)
    svc = TableService(store, clock=FakeClock())
    game = registry.get(key)
    low, _ = game.player_range(game.parse_options(options))
    await svc.update_guild_settings(GUILD, turn_limit_s=LIMIT)
    table = (await started(svc, key, [f"u{i}" for i in range(1, low + 1)], options, seed=seed)).table
    seen: dict[str, int] = {}
    try:
        for _ in range(3000):
            if table.status != "running":
                break
            prompt = rng.choice(owed(table))
            before_json = table.state_json
            before_deadlines = await _deadlines(svc, table)
            res = await settled(svc, await svc.act(table.id, prompt.player, table.version, prompt.id,
                                                   random_choice(prompt, rng)))
            entry = res.actions[0]
            after = res.table
            others = [u for u in after.humans if u != prompt.player]
            if others:  # nobody else may take a person's move back
                with pytest.raises(TableError) as err:
                    await svc.undo(after.id, others[0], after.version)
                assert _reason(err.value) == ("not_yours" if after.status == "running" else "game_over")
            offered = await svc.undo_offer(after.id, prompt.player)
            if json.loads(before_json)["rng"] != json.loads(after.state_json)["rng"]:
                assert offered is None, "after a shuffle, a draw or a roll the move stands"
            if offered is not None and rng.below(2) == 0:
                with pytest.raises(TableError) as err:  # controls drawn before the move are stale
                    await svc.undo(after.id, prompt.player, after.version - 1)
                assert _reason(err.value) == "stale"
                undone = await svc.undo(after.id, prompt.player, after.version)
                assert json.loads(undone.table.state_json) == json.loads(before_json)
                assert undone.table.version == table.version
                assert undone.undone is not None and undone.undone.seq == entry.seq
                assert await _deadlines(svc, undone.table) == before_deadlines
                assert json.loads((await svc.rebuild_state(after.id)).model_dump_json()) == json.loads(before_json)
                seen["undone"] = seen.get("undone", 0) + 1
                table = undone.table
                continue
            if offered is None and len(res.actions) == 1:
                with pytest.raises(TableError) as err:
                    await svc.undo(after.id, prompt.player, after.version)
                reason = _reason(err.value)
                assert reason in REASONS
                assert reason == entry.undo_refusal
                seen[reason] = seen.get(reason, 0) + 1
                if any(e.data.get("irreversible") for e in entry.events) or reason == "declared":
                    assert reason == "declared"
            table = after
        log = await store.actions.list(table.id)
        live = await store.actions.live(table.id)
        assert [e.version for e in live] == list(range(1, table.version + 1))
        assert len(log) - len(live) == seen.get("undone", 0)
        state = game.setup(table.players, game.parse_options(table.options), table.seed)
        for e in live:
            game.step(state, e.player, e.prompt_id, e.choice)
        assert json.loads(state.model_dump_json()) == json.loads(table.state_json)
        if table.status == "finished":
            exported = await svc.export_log(table.id)
            assert len(exported.actions) == len(live)
    finally:
        await store.close()
    return seen


@pytest.mark.parametrize("key,options", game_cases())
async def test_undo_restores_the_previous_state_or_gives_a_rule(db_url, key, options):
    totals: dict[str, int] = {}
    for seed in range(property_games(1)):
        for k, v in (await undo_playout(db_url, key, options, seed)).items():
            totals[k] = totals.get(k, 0) + v
    assert totals and set(totals) <= {"undone", *REASONS}


def test_every_refusal_has_a_message_in_both_languages():
    from tables.i18n import t
    for reason in (*REASONS, *SERVICE_REASONS):
        en, ja = t(f"undo.refused.{reason}", "en"), t(f"undo.refused.{reason}", "ja")
        assert en and ja and en != ja and "undo.refused" not in en


async def test_a_resigned_player_cannot_take_a_move_back(svc):
    table = (await started(svc, "guns-and-steel", ["u1", "u2", "u3"], {"set": "base"})).table
    rng = Rng(seed=1)
    for _ in range(200):
        prompt = rng.choice(owed(table))
        table = (await svc.act(table.id, prompt.player, table.version, prompt.id, random_choice(prompt, rng))).table
        if await svc.undo_offer(table.id, prompt.player) is not None:
            break
    else:
        raise AssertionError("no undoable move came up")
    mover = prompt.player
    await svc.resign(table.id, mover)
    table = await svc.get(table.id)
    assert await svc.undo_offer(table.id, mover) is None
    with pytest.raises(TableError) as err:
        await svc.undo(table.id, mover, table.version)
    assert _reason(err.value) == "not_yours"
    assert "Only the player" in err.value.message("en") and "取り消せる" in err.value.message("ja")
