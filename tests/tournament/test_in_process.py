"""Playing in the command's own process: ``--workers 0`` and small local runs never
import Ray, give the games Ray gives for the same seed, and move to Ray mid-run when a
run proves long; ``--workers`` beyond this machine's CPUs is refused before Ray starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from services.cli.main import main as arena
from services.runner import placement
from services.tournament.config import TournamentConfig
from services.tournament.entrants import resolve_entrants
from services.tournament.run import RunOptions, run_tournament

pytestmark = pytest.mark.usefixtures("restore_logging")

ROOT = Path(__file__).resolve().parents[2]
GAME = "monster-my-neighbor"
ROUND_ROBIN = ["--game", GAME, "--players", "3", "--format", "round-robin",
               "--entrants", "random,heuristic,r2=random", "--games", "36", "--seed", "5",
               "--resamples", "50"]


def rows(out: Path) -> list[tuple[Any, ...]]:
    """Every recorded game, without where and when it ran."""
    table = pq.read_table(out / "results.parquet").to_pylist()
    return sorted((r["index"], r["seed"], r["seats"], tuple(r["bots"]), tuple(r["scores"]),
                   tuple(r["ranks"]), r["decisions"]) for r in table)


def summary(out: Path) -> dict[str, Any]:
    return json.loads((out / "summary.json").read_text())


def test_the_placement_rule() -> None:
    should_move = placement.worth_moving(2)
    threshold = placement.move_threshold(2)
    assert threshold == 2 * placement.RAY_STARTUP_SECONDS
    assert placement.move_threshold(1) is None
    assert placement.move_threshold(8) == pytest.approx(placement.RAY_STARTUP_SECONDS * 8 / 7)
    # Nothing is projected from less than the probe's worth of play.
    assert not should_move(placement.PROBE_SECONDS / 2, 10, 10**6)
    # 10 games in 1 s: 100 more take 10 s here, not worth Ray's start-up; 1,000 more are.
    assert not should_move(1.0, 10, 100)
    assert should_move(1.0, 10, 1000)
    # Unknown length (sprt): it moves once it has played the threshold's worth here.
    assert not should_move(threshold - 1, 50, None)
    assert should_move(threshold, 50, None)
    assert not placement.worth_moving(1)(10**4, 10, 10**9)  # one CPU: Ray cannot help


NO_RAY_SCRIPT = textwrap.dedent('''
    import json, sys
    from services.cli.main import main
    out, cpus = sys.argv[1], sys.argv[2]
    small = ["--game", "monster-my-neighbor", "--players", "3", "--bots", "random,heuristic",
             "--games", "6"]
    codes = {
        "tournament": main(["tournament", "--game", "monster-my-neighbor", "--players", "3",
                            "--format", "round-robin", "--entrants", "random,heuristic",
                            "--games", "6", "--resamples", "20", "--out", out + "/t"]),
        "tournament --workers 0": main(["tournament", "--game", "monster-my-neighbor",
                                        "--players", "3", "--format", "gauntlet",
                                        "--entrants", "random,heuristic", "--games", "6",
                                        "--resamples", "20", "--workers", "0",
                                        "--out", out + "/w0"]),
        "report": main(["report", out + "/t/results.parquet", "--out", out + "/again",
                        "--resamples", "20"]),
        "play": main(["play", *small]),
        "play --workers 0": main(["play", *small, "--workers", "0"]),
        "tournament --workers too many": main(["tournament", "--game", "monster-my-neighbor",
                                               "--players", "3", "--format", "round-robin",
                                               "--entrants", "random,heuristic", "--games",
                                               "6", "--workers", cpus, "--out", out + "/x"]),
        "play --workers too many": main(["play", *small, "--workers", cpus]),
    }
    print(json.dumps({"codes": codes, "ray": "ray" in sys.modules}))
''')


def test_small_local_runs_and_report_never_import_ray(tmp_path: Path) -> None:
    cpus = placement.local_cpus()
    env = {key: value for key, value in os.environ.items() if key != "RAY_ADDRESS"}
    done = subprocess.run([sys.executable, "-c", NO_RAY_SCRIPT, str(tmp_path), str(cpus + 1)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["ray"] is False, "a command imported Ray"
    codes = result["codes"]
    assert codes.pop("tournament --workers too many") == 2
    assert codes.pop("play --workers too many") == 2
    assert set(codes.values()) == {0}, codes
    refusals = [line for line in done.stderr.splitlines() if "needs" in line]
    assert refusals == [f"error: --workers {cpus + 1} needs {cpus + 1} CPUs but this machine "
                        f"has {cpus}; use --workers {cpus} or fewer (0 plays in this process), "
                        "or --ray-address to join a cluster"] * 2, done.stderr[-3000:]
    assert not (tmp_path / "x").exists()
    assert summary(tmp_path / "again") == summary(tmp_path / "t")
    events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    wheres = [event["where"] for event in events if event.get("event") == "summary"]
    assert wheres == ["in this process"] * 2
    assert "played in this process" in " ".join(done.stdout.split())  # arena play's caption


def test_workers_0_refuses_a_cluster_address(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["tournament", *ROUND_ROBIN, "--out", "/tmp/never"],
                    ["play", "--game", GAME, "--players", "3", "--bots", "random",
                     "--games", "2"]):
        assert arena([*command, "--workers", "0", "--ray-address", "127.0.0.1:6380"]) == 2
        (line,) = capsys.readouterr().err.splitlines()
        assert line == ("error: --workers 0 plays in this process: drop --ray-address, or "
                        "give --workers N to play on the cluster")


@pytest.mark.usefixtures("ray_local")
def test_in_process_and_ray_play_the_same_games(tmp_path: Path) -> None:
    here, ray = tmp_path / "here", tmp_path / "ray"
    assert arena(["tournament", *ROUND_ROBIN, "--workers", "0", "--out", str(here)]) == 0
    assert arena(["tournament", *ROUND_ROBIN, "--workers", "2", "--out", str(ray)]) == 0
    assert rows(here) == rows(ray) and len(rows(here)) == 36
    assert summary(here) == summary(ray)
    table = pq.read_table(here / "results.parquet").to_pylist()
    assert {r["worker_node"] for r in table} == {""}  # played here, not on a Ray node


@pytest.mark.usefixtures("ray_local")
def test_a_run_that_proves_long_moves_to_ray_and_plays_the_same_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = tmp_path / "reference"
    assert arena(["tournament", *ROUND_ROBIN, "--workers", "0", "--out", str(reference)]) == 0
    # Count Ray's start-up as free: the run moves as soon as the probe has a measure.
    monkeypatch.setattr(placement, "RAY_STARTUP_SECONDS", 0.0)
    monkeypatch.setattr(placement, "PROBE_SECONDS", 0.0)
    monkeypatch.setattr(placement, "local_cpus", lambda: 2)
    config = TournamentConfig(
        game=GAME, players=3, format="round-robin",
        entrants=resolve_entrants(GAME, [(None, "random"), (None, "heuristic"),
                                         ("r2", "random")]),
        games=36, seed=5)
    moved = tmp_path / "moved"
    outcome = run_tournament(config, RunOptions(out=moved, workers=0, move_to_ray=True,
                                                resamples=50))
    assert outcome.where.startswith("in this process for 1 game, then on 2 Ray workers")
    assert rows(moved) == rows(reference)
    assert summary(moved) == summary(reference)
    nodes = {r["worker_node"] for r in pq.read_table(moved / "results.parquet").to_pylist()}
    assert "" in nodes and len(nodes) == 2  # one game here, the rest on the Ray node
