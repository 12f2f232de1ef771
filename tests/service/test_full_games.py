"""A full game of every registered game and mode through the table service, people making
random legal choices (computer seats fill the rest where the game allows), to a stored
result whose exported log replays to the same outcome."""
from __future__ import annotations

import pytest
from svc_helpers import game_cases, play_to_end, started

from games import registry
from games.kit import Rng
from tables import replay_file


@pytest.mark.parametrize(("key", "options"), game_cases())
async def test_a_full_game_through_the_service(memory_svc, key, options):
    svc = memory_svc
    game = registry.get(key)
    low, high = game.player_range(game.parse_options(options))
    cpus = 1 if game.allows_random_seats and low >= 3 else 0  # a computer seat where two people still play
    humans = [f"u{i}" for i in range(1, low - cpus + 1)]
    result = await started(svc, key, humans, options=options, cpus=cpus, seed=11)
    table = await play_to_end(svc, result.table, Rng(seed=12))
    assert table.status == "finished"
    outcome = game.outcome(table.state(game))
    assert outcome is not None
    stored = await svc.store.results.get(table.id)
    assert stored.ended_by == "rules" and stored.winners == list(outcome.winners)
    assert stored.rated == (len(humans) >= 2)  # computer seats are left out of the rating, not the game
    entries = await svc.store.actions.list(table.id)
    assert [e.seq for e in entries] == list(range(1, table.version + 1))
    exported = await svc.export_log(table.id)
    state, replayed = replay_file(exported)
    assert replayed == outcome and state == table.state(game)
    assert await svc.table_in_channel(table.channel_id) is None
