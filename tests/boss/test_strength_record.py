"""``bench.strength --record``: a long strength run can be stopped and resumed, and its
report covers every recorded match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import strength

ARGS = ["--game", "epic-resort", "--players", "2", "--bot", "greedy", "--against",
        "random", "--seed", "4100", "--workers", "1"]


def test_record_resumes_and_reports_every_recorded_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "games.jsonl"
    strength.main([*ARGS, "--games", "1", "--record", str(record)])
    first = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(row["index"] for row in first) == [0]
    capsys.readouterr()
    strength.main([*ARGS, "--games", "2", "--record", str(record)])
    rows = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(row["index"] for row in rows) == [0, 1]  # only match 1 was played
    assert rows[:1] == first
    wins = sum(row["share"] for row in rows)
    assert f"games 2  wins {wins:g}" in capsys.readouterr().out
    # A fresh run of the same two matches gives the same report.
    strength.main([*ARGS, "--games", "2"])
    assert f"games 2  wins {wins:g}" in capsys.readouterr().out


def test_paired_compares_two_records_on_their_shared_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bench import paired

    base, cand = tmp_path / "base.jsonl", tmp_path / "cand.jsonl"
    base.write_text("".join(json.dumps({"index": i, "share": s, "seconds": []}) + "\n"
                            for i, s in enumerate([0, 1, 0, 0.5])))
    cand.write_text("".join(json.dumps({"index": i, "share": s, "seconds": []}) + "\n"
                            for i, s in enumerate([1, 1, 0])))  # match 3 not played
    paired.main([str(base), str(cand)])
    out = capsys.readouterr().out
    # differences 1, 0, 0: mean 1/3, sd 0.577, half-width 1.96 * 0.577 / sqrt(3)
    assert "matches 3  baseline 0.333  candidate 0.667  difference +0.333" in out
    assert "95% interval [-0.320, +0.987]" in out
    with pytest.raises(ValueError, match="1 shared"):
        paired.compare({0: 1.0}, {0: 0.0, 1: 1.0})
