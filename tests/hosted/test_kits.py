"""All six starter kits, as bot directories, are entrants of one round robin on Ray
(Monster My Neighbor, 4 players, 2 workers): each worker builds them (once per node)
and hosts their processes in the sandbox, and every seat of every game is ``ok``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bench import kits
from tests.hosted.harness import built_kit, play, rows, seat_statuses, summary

pytestmark = [pytest.mark.timeout(900), pytest.mark.usefixtures("restore_logging")]

ALL_KITS = [kit.name for kit in kits.discover(
    [name for name in os.environ.get("ARENA_KITS", "").split(",") if name] or None)]


@pytest.mark.skipif(len(ALL_KITS) < 4, reason="needs at least four kits in clients/")
def test_every_kit_plays_a_round_robin_on_ray(tmp_path: Path, ray_local: None) -> None:
    entrants: list[tuple[str | None, str]] = [(name, str(built_kit(name)))
                                              for name in ALL_KITS]
    out = tmp_path / "out"
    # Blocks 0-2 of the schedule: line-ups (0,1,2,3), (0,1,2,4), (0,1,2,5): every kit plays.
    outcome = play(out, entrants, players=4, games=12, workers=2)
    assert outcome.played == 12
    statuses = seat_statuses(out)
    assert set(statuses) == set(ALL_KITS)
    assert {name: set(found) for name, found in statuses.items()} == {
        name: {"ok"} for name in ALL_KITS}
    assert all(entry["failures"] == {"timeout": 0, "crash": 0, "illegal": 0}
               for entry in summary(out)["entrants"].values())
    assert {row["worker_node"] for row in rows(out)} != {""}  # played on Ray
