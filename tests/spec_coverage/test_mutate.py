"""The mutation runner's operators (``mutate.py``): what each kind changes, and that
statement deletion is opt-in so earlier campaigns' samples stay reproducible."""

from __future__ import annotations

import ast

from tests.spec_coverage.mutate import DEFAULT_KINDS, candidates, mutated_source

SOURCE = '''
def settle(s, seat):
    """Docstrings and plain local assignments are never deleted."""
    total = s.vp[seat]
    s.vp[seat] = total + 1
    s.log.append(("vp", seat))
    s.count += 2
    return total < 3
'''


def _kinds(kinds: tuple[str, ...]) -> list[tuple[int, str]]:
    return [(m.line, m.kind) for m in candidates("m.py", ast.parse(SOURCE), kinds)]


def test_the_default_kinds_do_not_delete_statements() -> None:
    assert "delstmt" not in DEFAULT_KINDS
    assert {kind for _, kind in _kinds(DEFAULT_KINDS)} == {"binop", "int+1", "int-1", "augop",
                                                           "cmp"}


def test_delstmt_offers_every_state_change_and_nothing_else() -> None:
    assert _kinds(("delstmt",)) == [(5, "delstmt"), (6, "delstmt"), (7, "delstmt")]


def test_a_deleted_statement_becomes_pass() -> None:
    mutants = list(candidates("m.py", ast.parse(SOURCE), ("delstmt",)))
    lines = [mutated_source(SOURCE, m).splitlines() for m in mutants]
    assert [sum(line.strip() == "pass" for line in text) for text in lines] == [1, 1, 1]
    assert "s.log.append(('vp', seat))" not in "\n".join(lines[1])
    assert "s.count += 2" in "\n".join(lines[1])
