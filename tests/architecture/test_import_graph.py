"""The import graph of ``engine/`` and ``services/`` as an architecture.

- No cycle between modules at module level: the imports a module makes when it is
  imported, ``if TYPE_CHECKING:`` blocks included (a type-only circle is still two
  modules that cannot be read one without the other); imports inside a function body
  are deferred and left out. Read from the source by grimp (which import-linter ships).
- Every package of ``engine/`` and ``services/`` is placed in the layers contract of
  ``pyproject.toml`` (which ``make lint`` checks with ``lint-imports``), so a new package
  cannot slip past the layering unplaced.

``EXCLUDED`` packages would be left out of the cycle check while their own restructuring
is under way (issue 23); none is now.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from functools import cache
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "services")
EXCLUDED: tuple[str, ...] = ()


def _excluded(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in EXCLUDED)


def _source(module: str) -> Path:
    path = ROOT.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _deferred_lines(module: str) -> set[int]:
    """Line numbers of the imports written inside a function body of ``module``."""
    tree = ast.parse(_source(module).read_text(encoding="utf-8"))
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            lines.update(sub.lineno for sub in ast.walk(node)
                         if isinstance(sub, ast.Import | ast.ImportFrom))
    return lines


@cache
def module_level_graph() -> dict[str, set[str]]:
    """Each module of the packages -> the modules it imports at module level."""
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=False, cache_dir=None)
    edges: dict[str, set[str]] = {}
    for importer in sorted(graph.modules):
        deferred = _deferred_lines(importer)
        edges[importer] = {
            imported for imported in graph.find_modules_directly_imported_by(importer)
            if any(detail["line_number"] not in deferred
                   for detail in graph.get_import_details(importer=importer, imported=imported))
        }
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(edges) + 100))
    try:
        for node in sorted(edges):
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return sorted(found)


def test_cycles_finds_a_circle_and_only_a_circle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(edges) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_deferred_imports_are_told_from_module_level_ones() -> None:
    graph = module_level_graph()
    # services.runner.placement imports the Ray pool inside a function only (Ray stays
    # unimported for in-process runs): the edge is deferred, so not in the graph.
    assert "services.runner.pool" not in graph["services.runner.placement"]
    assert "services.runner.inprocess" in graph["services.runner.placement"]


def test_no_module_level_import_cycle() -> None:
    edges = {
        importer: {imported for imported in imported_set if not _excluded(imported)}
        for importer, imported_set in module_level_graph().items() if not _excluded(importer)
    }
    found = cycles(edges)
    assert found == [], "module-level import cycles:\n" + "\n".join(
        " <-> ".join(component) for component in found)


def _layer_names() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c["id"] == "layers"]
    names = set()
    for layer in layers:
        for part in layer.replace("|", ":").split(":"):
            names.add(part.strip().strip("()"))
    return names


def test_every_package_is_placed_in_the_layers_contract() -> None:
    placed = _layer_names()
    unplaced = [
        f"{top}.{child.name}" for top in PACKAGES for child in sorted((ROOT / top).iterdir())
        if (child / "__init__.py").exists() and f"{top}.{child.name}" not in placed
    ]
    assert unplaced == [], (
        f"packages missing from the layers contract in pyproject.toml: {unplaced}")
