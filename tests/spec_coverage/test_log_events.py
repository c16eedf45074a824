"""Guard: every log event kind a game's engine writes is asserted by a named test.

The kinds are read from the engine's source with ``ast`` (Epic Resort and Ark Nova: the
first item of each tuple appended to ``s.log``, or the ``kind`` of each typed event
record appended; Monster My Neighbor: the ``kind`` (EV_*/PV_*) of the event records
of ``events.py``), and compared with ``LOG_EVENT_TESTS`` of the game's
``test_log_events.py``. A new kind fails here until a test asserting it is listed; each
listed test must exist and name the kind in its body. See docs/rules-coverage.md.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("epic_resort", "monster_my_neighbor", "ark_nova")


def _modules(game: str) -> list[tuple[Path, ast.Module]]:
    paths = sorted((ROOT / "engine" / game).rglob("*.py"))
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in paths]


def _log_append_kinds(game: str) -> set[str]:
    """Kinds of the entries appended to ``<state>.log``: the first item of a tuple (a
    literal), or the ``kind`` of a typed event record (:func:`_typed_kinds`)."""
    kinds = set()
    typed = _typed_kinds(game)
    for path, tree in _modules(game):
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "append"
                    and isinstance(node.func.value, ast.Attribute)
                    and node.func.value.attr == "log"):
                continue
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name):  # a typed event
                assert arg.func.id in typed, (
                    f"{path.name}:{node.lineno}: {arg.func.id} is no event of events.py")
                kinds.add(typed[arg.func.id])
                continue
            first = arg.elts[0] if isinstance(arg, ast.Tuple) and arg.elts else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{path.name}:{node.lineno}: a log entry whose kind is not a string literal")
            kinds.add(first.value)
    return kinds


def _typed_kinds(game: str) -> dict[str, str]:
    """Event record classes of the game's events.py (engine.toolkit.events) -> their
    ``kind``: the class body's ``kind: ClassVar[str] = "..."``."""
    (path,) = (ROOT / "engine" / game).rglob("events.py")  # at the top or in a sub-package
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kinds = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                    and item.target.id == "kind" and isinstance(item.value, ast.Constant)
                    and item.value.value):
                kinds[node.name] = item.value.value
    return kinds


def _record_of(node: ast.expr | None, typed: dict[str, str], factories: dict[str, str],
               bound: dict[str, str]) -> str | None:
    """The event record class ``node`` builds: a record's constructor, a function
    annotated to return one (the engine's shared-record caches), or a local name bound
    to either in the same function."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        name = node.func.id
        return name if name in typed else factories.get(name)
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    return None


def _mmn_codes() -> set[str]:
    """The kinds of the event records events.py defines (``EV_*`` public, ``PV_*``
    private), checked to be all that the engine appends to the public events or notes
    privately (``note(...)`` or a seat's ``private_logs[...]``), each to its own log."""
    typed = _typed_kinds("monster_my_neighbor")
    modules = _modules("monster_my_neighbor")
    factories = {node.name: node.returns.id
                 for _, tree in modules for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef) and isinstance(node.returns, ast.Name)
                 and node.returns.id in typed}
    for path, tree in modules:
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or function.name == "note":
                continue  # note() appends its argument: checked at each call of it
            bound: dict[str, str] = {}
            for node in ast.walk(function):
                if isinstance(node, ast.Assign):
                    record = _record_of(node.value, typed, factories, {})
                    for target in node.targets if record else ():
                        if isinstance(target, ast.Name):
                            bound[target.id] = record
            for node in ast.walk(function):
                if not isinstance(node, ast.Call):
                    continue
                f = node.func
                appends = isinstance(f, ast.Attribute) and f.attr == "append"
                public = (appends and isinstance(f.value, ast.Attribute)
                          and f.value.attr == "public_events")
                private = (isinstance(f, ast.Name) and f.id == "note") or (
                    appends and isinstance(f.value, ast.Subscript)
                    and isinstance(f.value.value, ast.Attribute)
                    and f.value.value.attr == "private_logs")
                if not (public or private):
                    continue
                entry = node.args[0 if public else -1]
                record = _record_of(entry, typed, factories, bound)
                assert record in typed, (f"{path.name}:{node.lineno}: a log entry that is "
                                         "no event record of events.py")
                assert typed[record].startswith("EV_" if public else "PV_"), (
                    f"{path.name}:{node.lineno}: {record} in the wrong log")
    return set(typed.values())


def engine_kinds(game: str) -> set[str]:
    return _mmn_codes() if game == "monster_my_neighbor" else _log_append_kinds(game)


def _test_body(game: str, ref: str) -> str | None:
    """Source of the test named by ``ref`` (``name`` or ``file.py::name``), or None."""
    path, _, name = ref.rpartition("::")
    file = ROOT / "tests" / game / (path or "test_log_events.py")
    tree = ast.parse(file.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == (name or ref):
            return ast.get_source_segment(file.read_text(encoding="utf-8"), node)
    return None


@pytest.mark.parametrize("game", GAMES)
def test_every_log_event_kind_has_a_listed_test(game: str) -> None:
    table = importlib.import_module(f"tests.{game}.test_log_events").LOG_EVENT_TESTS
    typed = _typed_kinds(game)
    kinds = engine_kinds(game)
    assert kinds, f"no log event kinds found in engine/{game}: the reader is broken"
    unlisted = sorted(kinds - set(table))
    stale = sorted(set(table) - kinds)
    assert not unlisted, f"{game}: log kinds with no test in LOG_EVENT_TESTS: {unlisted}"
    assert not stale, f"{game}: LOG_EVENT_TESTS lists kinds the engine no longer writes: {stale}"
    for kind, ref in table.items():
        body = _test_body(game, ref)
        assert body is not None, f"{game}: {kind}: no test {ref}"
        named = [kind, f'"{kind}"'] + [record for record, k in typed.items() if k == kind]
        assert any(n in body for n in named), f"{game}: {ref} does not name {named}"


def test_every_epic_resort_kind_reads_as_text_in_replays() -> None:
    """Every event record the engine writes has its own ``describe`` (its replay text)."""
    from engine.epic_resort.events import ResortEvent
    from engine.toolkit.events import event_kinds

    records = event_kinds(ResortEvent)
    assert {r.kind for r in records} >= engine_kinds("epic_resort")
    assert [r.__name__ for r in records if "describe" not in r.__dict__] == []


def test_every_ark_nova_kind_reads_as_text_in_replays() -> None:
    """Every event record the engine writes has its own ``describe`` (its replay text)."""
    from engine.ark_nova.model.events import ArkNovaEvent
    from engine.toolkit.events import event_kinds

    records = event_kinds(ArkNovaEvent)
    assert {r.kind for r in records} >= engine_kinds("ark_nova")
    assert [r.__name__ for r in records if "describe" not in r.__dict__] == []
