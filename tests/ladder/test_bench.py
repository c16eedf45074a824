"""``bench.ladder`` runs end to end and prints its documented line format (short runs:
the figures themselves are for ``make bench``, never asserted)."""

from __future__ import annotations

import re

import pytest

from bench import ladder


def test_the_ladder_bench_prints_one_line_per_writer_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    ladder.main(["--writers", "1,2", "--seconds", "0.3", "--rounds", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    for writers, (line, server) in zip((1, 2), (lines[0:2], lines[2:4]), strict=True):
        match = re.fullmatch(
            rf"ladder writers={writers} results/s=(\d+) floor=(\d+) ratio=(\d+\.\d\d)", line)
        assert match is not None, line
        results, floor, ratio = int(match[1]), int(match[2]), float(match[3])
        assert results > 0 and floor > 0 and ratio == pytest.approx(results / floor, abs=0.01)
        assert re.fullmatch(r"  server µs per EVALSHA: store=\d+\.\d floor=\d+\.\d", server)


def test_the_floor_does_the_stores_writes_for_every_match() -> None:
    calls = ladder.floor_calls("0" * 40, "p", 0)
    assert len(calls) == ladder.DISTINCT_MATCHES
    head, args = calls[0]
    distinct = len(head) - 5  # EVALSHA sha numkeys bots matches, then one history each
    assert head[2] == 2 + distinct and len(args) == 1 + 3 * distinct
