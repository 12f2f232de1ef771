"""games/ stays pure: no Discord, database, asyncio, front end or global random."""
import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parent.parent / "games"
FORBIDDEN_MODULES = {"discord", "aiosqlite", "asyncpg", "asyncio", "bot", "persistence"}
RANDOM_FUNCS = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "seed", "getrandbits"}


def _violations(source: str) -> list[str]:
    found = []
    tree = ast.parse(source)
    random_aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                top = a.name.split(".")[0]
                if top in FORBIDDEN_MODULES:
                    found.append(f"import {a.name}")
                if a.name == "random":
                    random_aliases.add(a.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            if top in FORBIDDEN_MODULES:
                found.append(f"from {node.module} import ...")
            if node.module == "random" and any(a.name in RANDOM_FUNCS for a in node.names):
                found.append("from random import <global function>")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id in random_aliases
                and node.func.attr in RANDOM_FUNCS):
            found.append(f"random.{node.func.attr}()")
    return found


def test_games_package_is_pure():
    problems = {}
    for path in GAMES.rglob("*.py"):
        bad = _violations(path.read_text(encoding="utf-8"))
        if bad:
            problems[str(path.relative_to(GAMES))] = bad
    assert problems == {}


def test_checker_catches_forbidden_code():
    assert _violations("import discord") == ["import discord"]
    assert _violations("from persistence.db import x")
    assert _violations("import asyncio.tasks")
    assert _violations("import random\nrandom.shuffle(x)")
    assert _violations("from random import shuffle")
    assert _violations("import random as r\nr.choice([1])")
    assert _violations("from .kit import Rng\nx = 1") == []


TABLES = Path(__file__).resolve().parent.parent / "tables"
TABLES_FORBIDDEN = {"discord", "bot"}


def _imports(source: str) -> set[str]:
    """Top-level module names a source file imports (absolute imports only)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_table_service_knows_no_front_end():
    """games ← tables ← front ends: the table service never imports discord or the bot package."""
    problems = {}
    for path in TABLES.rglob("*.py"):
        bad = _imports(path.read_text(encoding="utf-8")) & TABLES_FORBIDDEN
        if bad:
            problems[str(path.relative_to(TABLES))] = sorted(bad)
    assert problems == {}


def test_layer_checker_sees_imports():
    assert _imports("import discord.ui\nfrom bot.i18n import t") == {"discord", "bot"}
    assert _imports("from .core import x") == set()


# The rules never read a clock. The one exception is the computer player's search, which stops
# thinking when its time budget is spent (its answers are reproducible with an iteration cap):
# the kit's IS-MCTS and a game's own planner.
CLOCK_ALLOWED = {"kit/ismcts.py", "fort_of_gold/plan.py"}


def test_only_the_search_reads_the_clock():
    readers = {str(path.relative_to(GAMES)) for path in GAMES.rglob("*.py")
               if _imports(path.read_text(encoding="utf-8")) & {"time", "datetime"}}
    assert readers <= CLOCK_ALLOWED
