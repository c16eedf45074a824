"""``clients/bench`` still runs against the current gateway (a tiny run, one kit)."""

from __future__ import annotations

import pytest

from bench import clients
from bench.kits import Kit
from tests.clients.test_kits import ALL_KITS, BUILD_TIMEOUT, built  # noqa: F401 (fixture)


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
def test_bench_prints_round_trips_and_example_win_shares(
    built: list[Kit], capsys: pytest.CaptureFixture[str]  # noqa: F811
) -> None:
    kit = "python" if any(k.name == "python" for k in built) else built[0].name
    clients.main([kit, "--no-cold", "--matches", "2", "--examples", "3"])
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines if line.startswith(f"{kit} ")]
    assert len(rows) >= 2, lines  # the round-trip row and at least one example row
    decisions, rate, p50 = int(rows[0][2]), float(rows[0][3]), float(rows[0][4])
    assert decisions > 0 and rate > 0 and p50 > 0
    assert rows[1][1] in {"monster-my-neighbor", "epic-resort"} and rows[1][3] == "3"
