"""Pydantic's validation is stepped around in one place, games/kit (kit/trusted.py and the RNG):
no game writes a model's `__dict__` or its set fields, calls `model_construct` or
`object.__setattr__`, or builds its own models with the kit's `trusted`. A game takes from
kit/trusted.py only the kit's constructors of the kit's own models and `clone`."""
from __future__ import annotations

import ast
import re
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "games"
ALLOWED = {"trusted_prompt", "trusted_option", "trusted_event", "fresh_text", "clone"}
BYPASS = re.compile(r"__dict__|__pydantic_fields_set__|model_construct|object\.__setattr__|__pydantic_extra__")


def _game_modules() -> list[Path]:
    return [p for p in sorted(GAMES.rglob("*.py")) if "kit" not in p.relative_to(GAMES).parts]


def test_no_game_steps_around_pydantic_itself():
    found = [f"{p.relative_to(GAMES)}:{n}: {line.strip()}" for p in _game_modules()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if BYPASS.search(line)]
    assert found == []


def test_games_take_only_the_kit_constructors_from_trusted():
    taken: dict[str, set[str]] = {}
    for p in _game_modules():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("kit.trusted"):
                taken.setdefault(str(p.relative_to(GAMES)), set()).update(a.name for a in node.names)
            if isinstance(node, ast.Import) and any(a.name.endswith("kit.trusted") for a in node.names):
                taken.setdefault(str(p.relative_to(GAMES)), set()).add("*")
    beyond = {f: names - ALLOWED for f, names in taken.items() if names - ALLOWED}
    assert beyond == {}
    assert taken, "the check reads the imports (some game uses trusted_prompt)"


def test_the_check_sees_a_bypass():
    assert BYPASS.search("    state.__dict__['turn'] = 3")
    assert BYPASS.search("Clash.model_construct(sides=[])")
    assert not BYPASS.search("state.turn = 3")
