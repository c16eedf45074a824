"""The import graph of ``engine/ark_nova`` (read by grimp, as
``tests/architecture/test_import_graph.py`` reads all of ``engine/`` and ``services/``):
no cycle, no import written inside a function or class (which could only hide one), and
the sub-packages layered, each importing only the layers below it (``lint-imports``
checks the same order: the ``ark_nova`` contract in ``pyproject.toml``).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import grimp

from tests.architecture.test_import_graph import cycles

PACKAGE = "engine.ark_nova"
ROOT = Path(__file__).resolve().parents[2]
# Bottom to top; "" is the package's own modules (__init__, game_state, search).
LAYERS = ("map", "cards", "model", "rules", "view", "ai", "")


@cache
def import_graph() -> dict[str, set[str]]:
    """Each module of the package -> the package modules it imports (anywhere in it,
    ``TYPE_CHECKING`` blocks included)."""
    graph = grimp.build_graph("engine", exclude_type_checking_imports=False, cache_dir=None)
    ours = {m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + ".")}
    return {m: set(graph.find_modules_directly_imported_by(m)) & ours for m in ours}


def nested_imports() -> list[str]:
    """``file:line`` of each import written inside a function or class of the package."""
    found = []
    for path in sorted((ROOT / "engine" / "ark_nova").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for scope in ast.walk(tree):
            if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.extend(f"{path.relative_to(ROOT)}:{node.lineno}"
                             for node in ast.walk(scope)
                             if isinstance(node, ast.Import | ast.ImportFrom))
    return sorted(set(found))


def layer(module: str) -> str:
    """The sub-package of a package module ("" for the package's own modules)."""
    first = module.removeprefix(PACKAGE).removeprefix(".").split(".")[0]
    return first if first in LAYERS else ""


def upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Arrows from a layer to a layer above it."""
    return sorted((a, b) for a, targets in graph.items() for b in targets
                  if LAYERS.index(layer(a)) < LAYERS.index(layer(b)))


def test_the_graph_is_read_from_the_source() -> None:
    graph = import_graph()
    assert len(graph) > 50
    assert f"{PACKAGE}.model.state" in graph[f"{PACKAGE}.rules.dispatch"]
    assert f"{PACKAGE}.cards.effects" in graph[f"{PACKAGE}.rules.resolve"]


def test_ark_nova_has_no_import_cycle() -> None:
    assert cycles(import_graph()) == []


def test_no_import_is_hidden_in_a_function_or_class() -> None:
    assert nested_imports() == []


def test_every_module_is_in_a_layer() -> None:
    assert {layer(m) for m in import_graph()} == set(LAYERS)


def test_an_arrow_up_is_found() -> None:
    graph = {f"{PACKAGE}.rules.turn": {f"{PACKAGE}.view.wire", f"{PACKAGE}.model.state"},
             f"{PACKAGE}.view.wire": set(), f"{PACKAGE}.model.state": set()}
    assert upward(graph) == [(f"{PACKAGE}.rules.turn", f"{PACKAGE}.view.wire")]


def test_the_sub_packages_are_layered() -> None:
    """ai -> view -> rules -> model -> cards -> map, never the other way."""
    assert upward(import_graph()) == []
