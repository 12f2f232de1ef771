"""How many random games the property tests play.

CI runs a fixed-seed subset (the defaults in each test); the full run is
`PROPERTY_GAMES=1000 python -m pytest tests -k property`. Test modules import this as a plain
module (`from property_runs import property_games`): pytest's `pythonpath` setting puts `tests/`
on the import path.
"""
import os


def property_games(default: int) -> int:
    """How many random games a property test plays: PROPERTY_GAMES if set, else `default`."""
    value = os.environ.get("PROPERTY_GAMES")
    return int(value) if value else default
