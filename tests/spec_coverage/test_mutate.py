"""The mutation runner (``mutate.py``): what each kind changes, that statement deletion
is opt-in so earlier campaigns' samples stay reproducible, and how a run is judged."""

from __future__ import annotations

import ast
import time
from pathlib import Path

from tests.spec_coverage import mutate
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


def test_a_timed_out_run_leaves_nothing_it_started_running(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    hanging = tmp_path / "test_hangs.py"
    hanging.write_text(
        "import subprocess, time\n"
        "def test_hangs():\n"
        "    child = subprocess.Popen(['sleep', '600'])\n"
        f"    open({str(pid_file)!r}, 'w').write(str(child.pid))\n"
        "    time.sleep(600)\n"
    )
    # The hung test must have started its child before the run times out; on a loaded
    # machine pytest's own start can take longer than that, so the timeout doubles until
    # it has (6 s is enough on a quiet one).
    for timeout in (6, 12, 24, 48):
        assert mutate.run_tests([str(hanging)], timeout=timeout) == "timeout"
        if pid_file.exists():
            break
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 10
    while _alive(child):
        assert time.monotonic() < deadline, "the hung test's child outlived the run"
        time.sleep(0.05)
    passing = tmp_path / "test_passes.py"
    passing.write_text("def test_passes():\n    assert True\n")
    failing = tmp_path / "test_fails.py"
    failing.write_text("def test_fails():\n    assert False\n")
    assert mutate.run_tests([str(passing)], timeout=60) == "survived"
    assert mutate.run_tests([str(failing)], timeout=60) == "killed"
    assert mutate.run_tests([str(tmp_path / "missing.py")], timeout=60).startswith("error")


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, reaped by init later, counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
