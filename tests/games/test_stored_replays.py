"""Stored random games (tests/games/replays, recorded with the engine before the fast path)
replay with today's engine to the very same game: every prompt list, every event list and
the final state, on the in-place path, the public `apply`, the kit's `replay` and the
table service's replay files. A faster engine must never play differently."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from replays.record import digest

from games import registry
from games.kit import Action, replay
from tables.models import ReplayAction, ReplayFile
from tables.replay import replay_file

HERE = Path(__file__).resolve().parent / "replays"
LOGS = sorted(HERE.glob("*.json"))


def _games() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    cases = []
    for path in LOGS:
        data = json.loads(path.read_text(encoding="utf-8"))
        for g in data["games"]:
            cases.append((f"{path.stem}-seed{g['seed']}", data, g))
    return cases


CASES = _games()


def test_every_game_mode_and_player_count_is_stored() -> None:
    stored = {(d["game"], json.dumps(d["options"], sort_keys=True), len(d["players"])) for _, d, _ in CASES}
    assert {k for k, _, _ in stored} == set(registry.KEYS)
    for gs_set in ("base", "renaissance", "mixed"):
        for n in (2, 3, 4):
            assert ("guns-and-steel", json.dumps({"set": gs_set}), n) in stored
    for mode in ("duel", "coop", "three"):
        assert any(k == "ganymede" and json.loads(o).get("mode") == mode for k, o, _ in stored)
    assert all(g["outcome"] is not None for _, _, g in CASES), "every stored game ran to its end"


@pytest.mark.parametrize(("name", "data", "log"), CASES, ids=[c[0] for c in CASES])
def test_in_place_replay_plays_the_same_game(name: str, data: dict, log: dict) -> None:
    """`step` in place, each handing the next prompts on: the same prompts, the same events and
    the same final state as the recording."""
    game = registry.get(data["game"])
    state = game.setup(data["players"], data["options"], log["seed"])
    prompt_hash, event_hash = hashlib.sha256(), hashlib.sha256()
    prompts = game.prompts(state)
    for player, prompt_id, choice in log["actions"]:
        prompt_hash.update(digest(prompts).encode())
        events, prompts = game.step(state, player, prompt_id, choice, prompts)
        event_hash.update(digest(events).encode())
    assert prompts == game.prompts(state)
    prompt_hash.update(digest(prompts).encode())
    assert json.loads(state.model_dump_json()) == log["final_state"]
    assert prompt_hash.hexdigest() == log["prompts_sha256"], "an offered prompt or option changed"
    assert event_hash.hexdigest() == log["events_sha256"], "an event changed"
    assert json.loads(game.outcome(state).model_dump_json()) == log["outcome"]


@pytest.mark.parametrize(("name", "data", "log"), CASES, ids=[c[0] for c in CASES])
def test_public_apply_and_replays_reach_the_same_final_state(name: str, data: dict, log: dict) -> None:
    game = registry.get(data["game"])
    state = game.setup(data["players"], data["options"], log["seed"])
    for player, prompt_id, choice in log["actions"]:
        state, _ = game.apply(state, player, prompt_id, choice)
    assert json.loads(state.model_dump_json()) == log["final_state"]

    actions = [Action(player=p, prompt_id=i, choice=c) for p, i, c in log["actions"]]
    replayed = replay(game, data["players"], data["options"], log["seed"], actions)
    assert json.loads(replayed.model_dump_json()) == log["final_state"]

    file = ReplayFile(table_id=1, game=data["game"], options=data["options"], seed=log["seed"],
                      players=data["players"], actions=[ReplayAction(player=p, prompt_id=i, choice=c)
                                                        for p, i, c in log["actions"]],
                      outcome=log["outcome"])
    from_file, outcome = replay_file(file)
    assert json.loads(from_file.model_dump_json()) == log["final_state"]
    assert outcome is not None and json.loads(outcome.model_dump_json()) == log["outcome"]
