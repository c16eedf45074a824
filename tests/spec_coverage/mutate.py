"""A small mutation runner: does a rules module's test selection notice a broken rule?

Not collected by pytest (the name has no ``test_`` prefix). Usage, from the repository root:

    nice -n 10 .venv/bin/python -m tests.spec_coverage.mutate \
        engine/monster_my_neighbor/scoring.py engine/monster_my_neighbor/turns.py \
        --tests tests/monster_my_neighbor --sample 50 --seed 1 --out out/mutants/mmn.jsonl

Each mutant changes one AST node (a comparison operator flipped, an integer constant
+-1, ``and``<->``or``, ``+``<->``-``, a ``not`` dropped, a returned boolean inverted;
with ``--kinds delstmt`` also a statement that changes state deleted: a call made for
its effect, an augmented assignment, or an assignment to an attribute or an item, as a
forgotten step of a rule would be), is written over the module, the test selection
runs with ``-x -q`` and a timeout, and the original bytes are written back in a
``finally`` (also on Ctrl-C or timeout); ``git diff --exit-code`` on the module then
proves the tree is restored. A mutant is
"killed" when pytest fails (or times out), "survived" when it passes. ``--only`` reruns
chosen mutant ids (``file:line:col:kind``) against another selection.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CMP_SWAP: dict[type, type] = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
BIN_SWAP: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add}
BOOL_SWAP: dict[type, type] = {ast.And: ast.Or, ast.Or: ast.And}
# The kinds a run samples unless --kinds says otherwise (the earlier campaigns' pool, so
# their documented --seed samples stay the same); "delstmt" is opt-in.
DEFAULT_KINDS = ("cmp", "binop", "augop", "boolop", "dropnot", "int+1", "int-1", "retbool")
ALL_KINDS = (*DEFAULT_KINDS, "delstmt")


@dataclass(frozen=True)
class Mutant:
    """One change at one node: ``kind`` names the operator (``cmp``, ``int+1`` ...)."""

    path: str
    line: int
    col: int
    kind: str
    index: int  # which node in ast.walk order (stable for an unchanged file)

    @property
    def ident(self) -> str:
        return f"{self.path}:{self.line}:{self.col}:{self.kind}"


def _in_docstring_or_annotation(node: ast.AST, skip: set[int]) -> bool:
    return id(node) in skip


def _skipped_nodes(tree: ast.AST) -> set[int]:
    """Nodes never mutated: annotations (dead at run time) and logging/format calls."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        for ann in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if ann is not None:
                skip.update(id(n) for n in ast.walk(ann))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(n) for n in ast.walk(node))
    return skip


def _changes_state(node: ast.AST) -> bool:
    """A statement whose deletion forgets an effect: a call made for its effect (not a
    docstring), an augmented assignment, an assignment to an attribute or an item."""
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Call)
    if isinstance(node, ast.AugAssign):
        return True
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Attribute | ast.Subscript) for t in node.targets)
    return False


def candidates(
    path: str, tree: ast.AST, kinds: tuple[str, ...] = DEFAULT_KINDS
) -> Iterator[Mutant]:
    """Every simple mutation of the given kinds the module offers, in ast.walk order."""
    for mutant in _all_candidates(path, tree):
        if mutant.kind in kinds:
            yield mutant


def _all_candidates(path: str, tree: ast.AST) -> Iterator[Mutant]:
    skip = _skipped_nodes(tree)
    for i, node in enumerate(ast.walk(tree)):
        if _in_docstring_or_annotation(node, skip):
            continue
        pos = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        if _changes_state(node):
            yield Mutant(path, *pos, "delstmt", i)
        if isinstance(node, ast.Compare) and len(node.ops) == 1:
            if type(node.ops[0]) in CMP_SWAP:
                yield Mutant(path, *pos, "cmp", i)
        elif isinstance(node, ast.BinOp) and type(node.op) in BIN_SWAP:
            yield Mutant(path, *pos, "binop", i)
        elif isinstance(node, ast.AugAssign) and type(node.op) in BIN_SWAP:
            yield Mutant(path, *pos, "augop", i)
        elif isinstance(node, ast.BoolOp):
            yield Mutant(path, *pos, "boolop", i)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield Mutant(path, *pos, "dropnot", i)
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            yield Mutant(path, *pos, "int+1", i)
            yield Mutant(path, *pos, "int-1", i)
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) \
                and type(node.value.value) is bool:
            yield Mutant(path, *pos, "retbool", i)


class _Apply(ast.NodeTransformer):
    """Applies one mutant: the node at walk index ``index`` is changed."""

    def __init__(self, target: ast.AST, kind: str) -> None:
        self.target, self.kind = target, kind

    def visit(self, node: ast.AST) -> ast.AST:
        if node is not self.target:
            return self.generic_visit(node)
        k = self.kind
        if k == "cmp":
            node.ops = [CMP_SWAP[type(node.ops[0])]()]
        elif k in ("binop", "augop"):
            node.op = BIN_SWAP[type(node.op)]()
        elif k == "boolop":
            node.op = BOOL_SWAP[type(node.op)]()
        elif k == "dropnot":
            return node.operand
        elif k in ("int+1", "int-1"):
            node.value += 1 if k == "int+1" else -1
        elif k == "retbool":
            node.value.value = not node.value.value
        elif k == "delstmt":
            return ast.copy_location(ast.Pass(), node)
        return node


def mutated_source(source: str, mutant: Mutant) -> str:
    tree = ast.parse(source)
    target = list(ast.walk(tree))[mutant.index]
    new = ast.fix_missing_locations(_Apply(target, mutant.kind).visit(tree))
    return ast.unparse(new)


def run_tests(tests: list[str], timeout: float) -> str:
    """``survived``, ``killed``, ``timeout`` or ``errorN`` for one pytest run of ``tests``.

    Pytest runs in its own process group, killed when it ends or times out, so nothing
    it started (a session redis-server, a hung test's children) outlives the run."""
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        code = proc.wait(timeout=timeout)
        return "survived" if code == 0 else "killed" if code == 1 else f"error{code}"
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def run_one(mutant: Mutant, tests: list[str], timeout: float) -> tuple[str, float]:
    """Write the mutant, run the tests, always restore the original bytes."""
    path = Path(mutant.path)
    original = path.read_bytes()
    start = time.monotonic()
    try:
        path.write_text(mutated_source(original.decode(), mutant))
        status = run_tests(tests, timeout)
    finally:
        path.write_bytes(original)
    if subprocess.run(["git", "diff", "--quiet", "--exit-code", "--", str(path)]).returncode:
        raise SystemExit(f"{path} is not restored: stop")
    return status, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="+")
    ap.add_argument("--tests", nargs="+", required=True)
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", nargs="*", default=None, help="mutant ids to run")
    ap.add_argument("--list", action="store_true", help="print the sample and stop")
    ap.add_argument("--out", default=None, help="JSON lines, appended per mutant")
    ap.add_argument("--skip", nargs="*", default=[], help="JSON-lines files of mutants done")
    ap.add_argument("--kinds", default=",".join(DEFAULT_KINDS),
                    help=f"comma-separated mutation kinds of {', '.join(ALL_KINDS)} "
                         "(default: all but delstmt)")
    args = ap.parse_args(argv)
    # SIGTERM unwinds like Ctrl-C, so run_one's finally restores the module.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    kinds = tuple(args.kinds.split(","))
    unknown = set(kinds) - set(ALL_KINDS)
    if unknown:
        ap.error(f"unknown --kinds {', '.join(sorted(unknown))}; known: {', '.join(ALL_KINDS)}")
    done = {json.loads(line)["id"] for f in args.skip for line in Path(f).read_text().splitlines()}
    pool = [m for p in args.modules
            for m in candidates(p, ast.parse(Path(p).read_text()), kinds)
            if m.ident not in done]
    if args.only is not None:
        chosen = [m for m in pool if m.ident in set(args.only)]
    else:
        chosen = random.Random(args.seed).sample(pool, min(args.sample, len(pool)))
    print(f"{len(pool)} candidate mutants, running {len(chosen)}", flush=True)
    if args.list:
        print("\n".join(m.ident for m in chosen))
        return 0
    out = open(args.out, "a") if args.out else None  # noqa: SIM115
    tally: dict[str, int] = {}
    try:
        for m in chosen:
            status, secs = run_one(m, args.tests, args.timeout)
            tally[status] = tally.get(status, 0) + 1
            print(f"{status:9} {secs:6.1f}s {m.ident}", flush=True)
            if out:
                out.write(json.dumps({"id": m.ident, "status": status}) + "\n")
                out.flush()
    finally:
        if out:
            out.close()
    print(json.dumps(tally))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
