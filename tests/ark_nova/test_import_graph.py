"""The module import graph of ``engine/ark_nova``, read from the source with ``ast``: no
cycle, no import inside a function or class (which could only hide one), and the
sub-packages layered: each imports only the layers below it.

Every ``import`` / ``from ... import`` of a package module counts, ``TYPE_CHECKING``
blocks included; ``from engine.ark_nova import x`` is an arrow to the module ``x``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "engine.ark_nova"
# Bottom to top; "" is the package's own modules (__init__, game_state, search).
LAYERS = ("map", "cards", "model", "rules", "view", "ai", "")
ROOT = Path(__file__).resolve().parents[2] / "engine" / "ark_nova"


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join([PACKAGE, *parts])] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The package module ``name`` refers to (its longest known prefix), or None."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool,
             modules: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            anchor = module if is_package else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                anchor = anchor.rpartition(".")[0]
            base = f"{anchor}.{base}" if base else anchor
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                 for a in node.names]
    found = (_resolve(n, modules) for n in names if n.startswith(PACKAGE))
    return [t for t in found if t and t != module]


def import_graph() -> tuple[dict[str, set[str]], list[str]]:
    """(module -> the package modules it imports, imports found inside a def or class)."""
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    nested: list[str] = []
    for module, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        is_package = path.name == "__init__.py"
        for scope in ast.walk(tree):
            if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(scope):
                if isinstance(node, (ast.Import, ast.ImportFrom)) and _targets(
                        node, module, is_package, modules):
                    nested.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[module].update(_targets(node, module, is_package, modules))
    return graph, sorted(set(nested))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
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
            visit(v)
    return out


def test_the_graph_is_read_from_the_source() -> None:
    graph, _ = import_graph()
    assert len(graph) > 40
    assert f"{PACKAGE}.model.state" in graph[f"{PACKAGE}.rules.dispatch"]
    assert f"{PACKAGE}.cards.effects" in graph[f"{PACKAGE}.rules.resolve"]


def test_a_cycle_is_found() -> None:
    """The checker itself: a two-module loop and a three-module loop are reported."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert cycles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_ark_nova_has_no_import_cycle() -> None:
    graph, _ = import_graph()
    assert cycles(graph) == []


def test_no_import_is_hidden_in_a_function_or_class() -> None:
    _, nested = import_graph()
    assert nested == []


def layer(module: str) -> str:
    """The sub-package of a package module ("" for the package's own modules)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 3 else ""


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Arrows from a layer to a layer above it."""
    return sorted((a, b) for a, targets in graph.items() for b in targets
                  if LAYERS.index(layer(a)) < LAYERS.index(layer(b)))


def test_every_module_is_in_a_layer() -> None:
    graph, _ = import_graph()
    assert {layer(m) for m in graph} == set(LAYERS)


def test_an_arrow_up_is_found() -> None:
    graph = {f"{PACKAGE}.rules.turn": {f"{PACKAGE}.view.events", f"{PACKAGE}.model.state"},
             f"{PACKAGE}.view.events": set(), f"{PACKAGE}.model.state": set()}
    assert upward(graph) == [(f"{PACKAGE}.rules.turn", f"{PACKAGE}.view.events")]


def test_the_sub_packages_are_layered() -> None:
    """ai -> view -> rules -> model -> cards -> map, never the other way."""
    graph, _ = import_graph()
    assert upward(graph) == []
