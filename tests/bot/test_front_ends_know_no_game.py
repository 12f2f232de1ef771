"""Front ends draw what the table service hands them (`tables.read_model`) and know no game:
nothing under `bot/` asks a game for its prompts, views or outcome, applies a move, parses a
state, or imports a particular game's package. docs/architecture.md promises that a new game
needs nothing in `bot/`; this scan keeps the promise.

The terminal plays through the table service and draws from the read model like Discord; its
`--replay` prints what `tables.replay.replay_moves` recomputes from a downloaded file."""
from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
# What only the rules answer: a front end gets it from the read model instead.
GAME_CALLS = {"prompts", "view", "apply", "step", "play_offered", "current_players", "outcome", "load_state",
              "state"}
# The games package a front end may import: the kit's shared types and words, and the registry
# (a game's names and options, its text board and rules summary).
ALLOWED_GAMES = {"games", "games.kit", "games.registry"}
# Modules that still drive a game themselves: none now (the list stays for a step in between).
REMAINDER: set[str] = set()


def offences(source: str) -> list[str]:
    """The calls of GAME_CALLS and the imports of a particular game in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in GAME_CALLS:
            found.append(f"line {node.lineno}: {ast.unparse(node.func)}(…)")
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if _a_game(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module != "games" and _a_game(node.module):
                found.append(f"line {node.lineno}: from {node.module} import …")
            elif node.module == "games":
                found += [f"line {node.lineno}: from games import {a.name}" for a in node.names
                          if _a_game(f"games.{a.name}")]
    return found


def _a_game(module: str) -> bool:
    """Whether `module` is (in) a particular game's package: under `games`, not the kit or the registry."""
    if not module.startswith("games."):
        return False
    return not any(module == allowed or module.startswith(allowed + ".") for allowed in ALLOWED_GAMES - {"games"})


def modules() -> list[Path]:
    return sorted(p for p in BOT.rglob("*.py") if "__pycache__" not in p.parts)


def test_no_front_end_module_asks_a_game_directly():
    found = {str(p.relative_to(BOT)): offences(p.read_text(encoding="utf-8")) for p in modules()
             if str(p.relative_to(BOT)) not in REMAINDER}
    assert not {name: lines for name, lines in found.items() if lines}, (
        "front ends draw from tables.read_model (TableRead) and know no game")


def test_the_remainder_is_still_a_remainder():
    """A module in REMAINDER that no longer drives a game comes off the list."""
    for name in REMAINDER:
        assert offences((BOT / name).read_text(encoding="utf-8")), f"{name} asks no game now: remove it from REMAINDER"


def test_the_scan_finds_what_it_looks_for():
    """The scan itself: a call of each kind and an import of a game are found; the kit, the
    registry and the read model are not."""
    bad = ("from games.sutosute import GAME\nimport games.ganymede.view\nfrom games import guns_and_steel\n"
           "game.prompts(state)\ngame.view(state, None)\ngame.apply(state, 'u', 'p', [])\ngame.step(state, 'u', 'p', [])\n"
           "table.state(game)\n")
    assert len(offences(bad)) == 8
    fine = ("from games import registry\nfrom games.kit import Prompt\nfrom tables.read_model import read\n"
            "seen = read(table)\nseen.owed('u')\nseen.seen_by('u').view\nseen.view_of(None)\nregistry.get('sutosute').names\n")
    assert offences(fine) == []
