"""Shared test settings.

PROPERTY_GAMES sets how many random games each property test plays per game, mode and
player count. CI runs a fixed-seed subset (the defaults in each test); the full run is
`PROPERTY_GAMES=1000 python -m pytest tests -k property`.
"""
import os


def property_games(default: int) -> int:
    """How many random games a property test plays: PROPERTY_GAMES if set, else `default`."""
    value = os.environ.get("PROPERTY_GAMES")
    return int(value) if value else default
