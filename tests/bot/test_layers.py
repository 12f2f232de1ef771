"""bot/discord_ui keeps its imports pointing one way and at the top of each module.

Layers, lowest first: a module imports modules of its own layer or below (type-only imports
under TYPE_CHECKING aside), nothing but the client imports the client, and imports sit at the
top of the module, not hidden in functions.
"""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "bot" / "discord_ui"
LAYERS = [
    # what every part uses: the desk protocol, replies, texts, pictures, caches
    {"desk", "announce_rules", "replies", "presenters", "alt_text", "text_board", "pictures_cache", "live_hands", "option_specs", "permissions",
     "translator", "prefs_cache", "sync", "errors", "emoji", "channel_watch", "delivery", "places", "posts",
     "table_work"},
    # drawing: controls and layouts of lobbies, boards, hands and results
    {"items", "components", "controls", "layouts", "lobby"},
    # answering: a player's side, reading commands, what the bot tells channels, the clock
    {"play", "info_commands", "turn_list", "board", "hands", "tell", "announce", "scheduler", "watch"},
    # what each kind of control does
    {"router"},
    # slash commands
    {"table_commands", "admin_commands"},
    # wiring
    {"cogs", "cogs.game", "cogs.admin", "client"},
]
LEVEL = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def module_name(path: Path) -> str:
    rel = path.relative_to(UI).with_suffix("")
    return ".".join(rel.parts)


def ui_imports(path: Path, source: str | None = None) -> tuple[set[str], list[str]]:
    """(bot.discord_ui modules imported at run time, imports found inside functions) of the
    module at `path`, read from disk or given as `source`."""
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    package = module_name(path).split(".")[:-1]
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only |= {id(n) for n in ast.walk(node)}
    hidden = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            hidden += [ast.unparse(n) for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
    found = set()
    for node in ast.walk(tree):
        if id(node) in type_only or not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
            target = ".".join([*base, node.module]) if node.module else ".".join(base)
            names = [target] if node.module else [".".join([*base, a.name]).lstrip(".") for a in node.names]
        elif node.module and node.module.startswith("bot.discord_ui"):
            names = [node.module.removeprefix("bot.discord_ui").lstrip(".")]
        else:
            continue
        found |= {n.lstrip(".") for n in names if n.lstrip(".")}
    return found, hidden


def test_every_module_has_a_layer():
    modules = {module_name(p) for p in UI.rglob("*.py") if p.name != "__init__.py"}
    assert modules - set(LEVEL) == set()


def test_imports_point_down_and_sit_at_the_top():
    problems = []
    for path in UI.rglob("*.py"):
        if path.name == "__init__.py":
            continue
        name = module_name(path)
        imported, hidden = ui_imports(path)
        for other in imported:
            if other not in LEVEL:
                continue
            if LEVEL[other] > LEVEL[name]:
                problems.append(f"{name} (layer {LEVEL[name]}) imports {other} (layer {LEVEL[other]})")
            if other == "client" and name != "client":
                problems.append(f"{name} imports the client")
        problems += [f"{name} hides an import in a function: {h}" for h in hidden]
    assert problems == []


def test_the_checker_sees_upward_and_hidden_imports():
    fake = UI / "components.py"
    imported, hidden = ui_imports(fake)
    assert "router" not in imported and hidden == []
    source = "from .router import Router\ndef f():\n    from . import play\n"
    imported, hidden = ui_imports(UI / "_probe_layers.py", source)  # never written: other test processes walk UI
    assert "router" in imported and hidden == ["from . import play"]
