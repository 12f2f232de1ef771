"""Every registered game and each of its modes, read from the registry: a test that means
"every game" takes its list here, so registering a game puts it under test.

A game's modes are the values of the option it marks `Words(mode=True)` (Ganymede's mode,
Guns & Steel's card set); a game without one is played with its default options."""
from __future__ import annotations

from typing import Any

from games import registry
from games.kit.options_words import mode_option


def modes(key: str) -> list[dict[str, Any]]:
    """The options of each mode of the game `key` ([{}] for a game with one way to play)."""
    found = mode_option(registry.get(key).Options)
    if found is None:
        return [{}]
    name, values = found
    return [{name: value} for value in values]


def every_mode() -> list[tuple[str, dict[str, Any], int]]:
    """(game key, options, fewest players) for every registered game and mode."""
    out = []
    for key in registry.KEYS:
        game = registry.get(key)
        for options in modes(key):
            low, _ = game.player_range(game.parse_options(options))
            out.append((key, options, low))
    return out


def case_id(key: str, options: dict[str, Any]) -> str:
    return "-".join([key, *(str(v) for v in options.values())])
