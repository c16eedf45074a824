"""The module import graph of ``engine/ark_nova``, read from the source with ``ast``: no
cycle, and no import inside a function or class (which could only hide one).

Every ``import`` / ``from ... import`` of a package module counts, ``TYPE_CHECKING``
blocks included; ``from engine.ark_nova import x`` is an arrow to the module ``x``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = "engine.ark_nova"
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
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.effects"]
    assert f"{PACKAGE}.effects" in graph[f"{PACKAGE}.resolve"]


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
