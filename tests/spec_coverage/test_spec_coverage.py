"""Every rule id of a spec is in its coverage table, and every test the table names exists.

The rule ids are the committed ``<game>.sections`` (rebuilt from the spec by ``extract.py``);
the tables are ``<game>.toml``. Test names are collected by parsing the modules with ``ast``,
so nothing is imported or run. The index of docs/rules-coverage.md is built from the
tables (``index.py``) and must match them. How to keep both current: docs/rules-coverage.md.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

import pytest

from tests.spec_coverage import index
from tests.spec_coverage.extract import GAMES

HERE = Path(__file__).parent
TESTS = HERE.parent


def rule_ids(game: str) -> list[str]:
    lines = (HERE / f"{game}.sections").read_text(encoding="utf-8").splitlines()
    return [line.split("\t", 1)[0] for line in lines if line.strip()]


def table(game: str) -> dict[str, dict]:
    return tomllib.loads((HERE / f"{game}.toml").read_text(encoding="utf-8"))


@functools.cache
def defined_tests(path: Path) -> frozenset[str]:
    """Names of the test functions a module defines, at top level or in a test class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        bodies = node.body if isinstance(node, ast.ClassDef) else [node]
        names.update(
            n.name
            for n in bodies
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name.startswith("test_")
        )
    return frozenset(names)


def resolve(game: str, ref: str) -> tuple[Path, str]:
    """``file.py::name`` is under tests/<game>/; a path with a slash is from the repository root."""
    path, _, name = ref.partition("::")
    base = TESTS.parent if "/" in path else TESTS / game
    return base / path, name


@pytest.mark.parametrize("game", GAMES)
def test_table_lists_every_rule_id_once(game):
    ids, rows = rule_ids(game), table(game)
    missing = [i for i in ids if i not in rows]
    unknown = sorted(set(rows) - set(ids))
    assert not missing, f"{game}.toml lacks rule ids {missing}"
    assert not unknown, f"{game}.toml has ids that are not in {game}.sections: {unknown}"


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_has_tests_or_says_why_it_states_no_rule(game):
    bad = []
    for rule_id, row in table(game).items():
        tests, reason = row.get("tests", []), row.get("no_rule", "")
        if bool(tests) == bool(reason.strip()) or set(row) - {"tests", "no_rule", "note"}:
            bad.append(rule_id)
    assert not bad, f"{game}.toml: each id needs either tests or a no_rule reason: {bad}"


@pytest.mark.parametrize("game", GAMES)
def test_every_named_test_exists(game):
    absent = []
    for rule_id, row in table(game).items():
        for ref in row.get("tests", []):
            path, name = resolve(game, ref)
            if not path.is_file() or name not in defined_tests(path):
                absent.append(f"{rule_id}: {ref}")
    assert not absent, f"{game}.toml names tests that do not exist: {absent}"


def test_the_rules_coverage_index_matches_the_tables():
    text = index.DOC.read_text(encoding="utf-8")
    assert index.START in text and index.END in text
    assert index.rewrite(text) == text, (
        "docs/rules-coverage.md's index is stale: run python -m tests.spec_coverage.index")
