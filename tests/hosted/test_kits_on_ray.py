"""All six starter kits as entrants of one round robin on local Ray (Monster My
Neighbor, 4 players, 2 workers): every kit's bot directory, built and run in the
sandbox by the workers, plays through the gRPC endpoint each worker hosts, and every
seat of every game ends ``ok``.

The kits are built first as CI builds them (tests/clients; a no-op when up to date), so
the tournament's own sandboxed builds find them current: the test's time is the games',
not the compilers' (the C++ kit's first build takes minutes, docs/bots.md)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.hosted.harness import built_kit, play, rows, summary

pytestmark = [pytest.mark.timeout(600), pytest.mark.usefixtures("restore_logging")]

KITS = ("cpp", "go", "java", "python", "rust", "typescript")
GAMES = 12  # three blocks of four rotations: line-ups 0123, 0124, 0125 seat all six


def test_six_kits_play_a_round_robin_on_ray(ray_local: None, tmp_path: Path) -> None:
    directories = {kit: built_kit(kit) for kit in KITS}
    out = tmp_path / "out"
    started = time.perf_counter()
    play(out, [(kit, str(directory)) for kit, directory in directories.items()],
         players=4, games=GAMES, workers=2, move_timeout=10.0, connect_timeout=120)
    played = time.perf_counter() - started
    table = rows(out)
    assert [row["index"] for row in table] == list(range(GAMES))
    assert {name for row in table for name in row["bots"]} == set(KITS)
    for row in table:
        assert row["status"] == ["ok"] * 4, row
        assert row["decisions"] > 0 and row["worker_node"], row
    entrants = summary(out)["entrants"]
    for kit in KITS:
        assert entrants[kit]["failures"] == {"timeout": 0, "crash": 0, "illegal": 0}
    print(f"six kits, {GAMES} games on 2 Ray workers: {played:.1f} s")
