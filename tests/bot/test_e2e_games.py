"""Every registered game and mode, played to its posted result by simulated members who only
use slash commands, buttons and selects, choosing at random among what they are offered.

CI plays each game/mode once with the fewest players (and a fixed driver seed); set
SIMCORD_GAMES=N to play N games per case."""
from __future__ import annotations

import os
import random

import pytest
from simdriver import LeakWatch, channel_texts, open_table, play_to_end

from bot.discord_ui.presenters import substitute
from games import registry

MODE_FIELDS = ("mode", "set")


def cases() -> list:
    """(game key, options, player count) per game and mode; skipped while a game does not import."""
    out = []
    for key in registry.KEYS:
        try:
            game = registry.get(key)
        except (ImportError, AttributeError) as error:
            out.append(pytest.param(key, {}, 0, marks=pytest.mark.skip(reason=f"{key} not importable: {error}"),
                                    id=key))
            continue
        fields = game.Options.model_fields
        mode_field = next((f for f in MODE_FIELDS if f in fields), None)
        from bot.discord_ui.option_specs import specs
        values = next((s.choices for s in specs(game.Options) if s.name == mode_field), (None,))
        for value in values:
            options = {mode_field: str(value)} if mode_field else {}
            low, _ = game.player_range(game.parse_options({mode_field: value} if mode_field else {}))
            out.append(pytest.param(key, options, low, id=f"{key}-{value}" if mode_field else key))
    return out


@pytest.mark.parametrize(("key", "options", "players"), cases())
async def test_full_game_through_the_ui(world, key, options, players):
    repeats = int(os.environ.get("SIMCORD_GAMES", "1"))
    for seed in range(repeats):
        rng = random.Random(seed)
        members = world.members[:players]
        table_id, started = await open_table(world, key, members, options)
        assert started.response.embeds and f"#{table_id}" in started.response.embeds[0].title
        watch = LeakWatch(world)
        table = await play_to_end(world, table_id, members, rng, watch=watch, board=started.response)
        assert table.status == "finished"
        assert watch.checked > 0
        texts = channel_texts(world, world.outsider)
        if key == "ganymede":  # a window's public name rides along in the turn ping (issue 15)
            assert any("your turn in" in x and "Now: draw phase." in x for x in texts)
        results = [x for x in texts if f"table #{table_id} is over" in x]
        assert len(results) == 1, "exactly one result is posted"
        game = registry.get(key)
        outcome = game.outcome(table.state(game))
        names = {seat.user_id: seat.display_name for seat in table.seats}
        assert substitute(outcome.summary.en, names).splitlines()[0] in results[0]  # the rules' own summary
        # the board is final: no My hand button any more
        board = next(m for m in world.channel.history() if m.id == table.board_message_id)
        assert not board.components
