"""A finished game's log downloads as a JSON file that replays to the same result, in the
service and in the terminal (`python -m bot.local --replay game.json`)."""
from __future__ import annotations

import io
import json

import pytest
from svc_helpers import play_to_end, started

from bot.local import main
from games import registry
from games.kit import Rng
from tables import ReplayFile, ReplayMismatch, TableError, replay_file


async def finished_game(svc, key="sutosute", humans=("u1", "u2"), seed=7):
    return await play_to_end(svc, (await started(svc, key, list(humans), seed=seed)).table, Rng(seed=seed))


async def test_export_replays_to_the_same_state_and_outcome(svc):
    table = await finished_game(svc)
    exported = await svc.export_log(table.id)
    data = json.loads(exported.model_dump_json())
    assert data["seed"] == 7 and data["game"] == "sutosute" and len(data["actions"]) == table.version
    state, outcome = replay_file(ReplayFile.model_validate(data))
    game = registry.get("sutosute")
    assert state == table.state(game) and outcome == game.outcome(table.state(game)) == exported.outcome


async def test_a_tampered_file_does_not_pass_as_the_same_result(svc):
    exported = await svc.export_log((await finished_game(svc)).id)
    winner = exported.outcome.winners[0]
    other = next(p for p in exported.players if p != winner)
    forged = exported.model_copy(update={"outcome": exported.outcome.model_copy(update={"winners": [other]})})
    with pytest.raises(ReplayMismatch):
        replay_file(forged)


async def test_a_running_game_cannot_be_exported(svc):
    table = (await started(svc, "sutosute", ["u1", "u2"])).table
    with pytest.raises(TableError) as err:
        await svc.export_log(table.id)
    assert err.value.code == "not_finished"


async def test_the_terminal_replays_a_file_to_the_same_result(svc, tmp_path):
    table = await finished_game(svc, seed=3)
    path = tmp_path / "game.json"
    path.write_text((await svc.export_log(table.id)).model_dump_json())
    out = io.StringIO()
    assert main(["--replay", str(path)], out=out) == 0
    game = registry.get("sutosute")
    summary = game.outcome(table.state(game)).summary
    named = {"en": summary.en.replace("u1", "U1").replace("u2", "U2"),  # the players' names, not their ids
             "ja": summary.ja.replace("u1", "U1").replace("u2", "U2")}
    assert out.getvalue().strip().splitlines()[-1] == f"Result: {named['en']}"
    assert "[U1] " in out.getvalue() and "[u1]" not in out.getvalue()
    ja = io.StringIO()
    assert main(["--replay", str(path), "--lang", "ja"], out=ja) == 0
    assert ja.getvalue().strip().splitlines()[-1] == f"結果：{named['ja']}"


def test_the_terminal_refuses_a_broken_replay_file_clearly(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "sutosute"}')
    assert main(["--replay", str(path)]) == 2
    assert "is not a replay file the bot exported" in capsys.readouterr().err
