"""The modules under games/ and bot/ import one another one way: no module imports itself again
through a chain of others (a cycle only works by the order in which Python happens to run the
imports, and reads as "everything depends on everything"). Imports inside functions count too.
In games/ those under `if TYPE_CHECKING:` do not (they never run); in bot/ they do: a reader
following the types of the Discord front end should not go round in circles either."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "games"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: Path, modules: set[str], type_only: bool = False) -> set[str]:
    """The modules of `modules` that `path` imports (with `type_only`, under TYPE_CHECKING too)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node) and not type_only:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:  # `from . import rounds` imports a module, `from .data import ACE` a name
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in modules and m != name}


def import_graph(package: str = PACKAGE, type_only: bool = False) -> dict[str, set[str]]:
    paths = sorted((ROOT / package).rglob("*.py"))
    modules = {_module_name(p) for p in paths}
    return {_module_name(p): _imports(p, modules, type_only) for p in paths}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def strong(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_the_finder_sees_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_reads_relative_and_absolute_imports():
    graph = import_graph()
    assert "games.ganymede.rounds" in graph["games.ganymede.game"]       # from . import rounds
    assert "games.kit.game" in graph["games.kit"]                        # from .game import …
    assert "games.kit.redeal" in graph["games.fort_of_gold.resample"]    # from games.kit.redeal import …


def test_no_import_cycles_in_games():
    found = cycles(import_graph())
    assert found == [], "import cycles in games/: " + "; ".join(" ↔ ".join(c) for c in found)


def test_the_graph_reads_type_only_imports_when_asked():
    graph, typed = import_graph("bot"), import_graph("bot", type_only=True)
    assert "bot.discord_ui.live_hands" not in graph["bot.discord_ui.desk"]  # only under TYPE_CHECKING
    assert "bot.discord_ui.live_hands" in typed["bot.discord_ui.desk"]


def test_no_import_cycles_in_bot_not_even_for_types():
    found = cycles(import_graph("bot", type_only=True))
    assert found == [], "import cycles in bot/: " + "; ".join(" ↔ ".join(c) for c in found)


def test_no_import_cycles_in_tables_and_no_part_imports_the_facade():
    """The table service's parts are handed what they use (tables/tables.py builds them), so
    none imports the facade, and none imports another in a circle, not even for its types."""
    graph = import_graph("tables", type_only=True)
    found = cycles(graph)
    assert found == [], "import cycles in tables/: " + "; ".join(" ↔ ".join(c) for c in found)
    facade = sorted(m for m, deps in graph.items() if "tables.tables" in deps and m != "tables")
    assert facade == [], f"parts that import the facade: {facade}"
