"""Every registered game and mode, played to its posted result by simulated members who only
use slash commands, buttons and selects, choosing at random among what they are offered.

CI plays each game/mode once with the fewest players (and a fixed driver seed); set
SIMCORD_GAMES=N to play N games per case."""
from __future__ import annotations

import os
import random

import pytest
from every_game import case_id, every_mode
from simdriver import LeakWatch, channel_texts, controls, images_of, kind, open_table, play_to_end, texts_of

from bot.discord_ui.presenters import substitute
from games import registry


def cases() -> list:
    """(game key, options, player count) for every registered game and mode, fewest players."""
    return [pytest.param(key, {name: str(value) for name, value in options.items()}, low, id=case_id(key, options))
            for key, options, low in every_mode()]  # the lobby's selects take values as text


@pytest.mark.parametrize(("key", "options", "players"), cases())
async def test_full_game_through_the_ui(world, key, options, players):
    repeats = int(os.environ.get("SIMCORD_GAMES", "1"))
    for seed in range(repeats):
        rng = random.Random(seed)
        members = world.members[:players]
        before = len(world.channel.history())
        table_id, started = await open_table(world, key, members, options)
        assert f"#{table_id}" in texts_of(started.response).splitlines()[0]
        assert not controls(started.response), "the started lobby keeps no controls"
        board = world.channel.history()[-1]
        assert images_of(board) == [f"board-{table_id}-{(await world.bot.service.get(table_id)).version}.png"]
        assert any(kind(c) == "H" for c in controls(board))
        watch = LeakWatch(world)
        table = await play_to_end(world, table_id, members, rng, watch=watch)
        assert table.status == "finished"
        assert watch.checked > 0
        texts = channel_texts(world, world.outsider)
        results = [x for x in texts if f"table #{table_id} is over" in x]
        assert len(results) == 1, "exactly one result is posted"
        game = registry.get(key)
        outcome = game.outcome(table.state(game))
        names = {seat.user_id: seat.display_name for seat in table.seats}
        assert substitute(outcome.summary.en, names).splitlines()[0] in results[0]  # the rules' own summary
        # a quiet channel: the lobby record and the result (with the final picture) remain, and
        # only the result's Rematch is still a control
        public = world.channel.history(viewer=world.outsider)[before:]
        assert len(public) <= 3, [texts_of(m)[:80] for m in public]
        live = [m for m in public if controls(m)]
        assert len(live) == 1 and [kind(c) for c in controls(live[0])] == ["R"]
        assert images_of(live[0]), "the result shows the final picture"
