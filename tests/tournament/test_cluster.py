"""Tournaments on a real two-node Ray cluster started by the test: ``ray job submit --
arena tournament`` with a user strategy shipped to the workers and games on both nodes;
``--ray-address`` with the driver killed by SIGKILL mid-run, then resumed."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from engine.core import GameConfig
from services.runner.batch import play_one
from services.tournament.blocks import BlockSchedule, round_robin_lineups
from tests.ray_cluster import Cluster

ARENA = str(Path(sys.executable).with_name("arena"))
RAY = str(Path(sys.executable).with_name("ray"))
GAME = "monster-my-neighbor"
STRATEGY = '''
from engine.toolkit.bots import make_bot


class Contrarian:
    """Plays like the heuristic, except it takes the last option when it must target."""

    name = "contrarian"
    needs_observation = True

    def __init__(self):
        self._heuristic = make_bot("monster-my-neighbor", "heuristic")

    def choose(self, observation, decision, rng):
        if decision.kind == "CHOOSE_TARGET":
            return len(decision.options) - 1
        return self._heuristic.choose(observation, decision, rng)
'''


@pytest.fixture
def cluster(two_node_ray: Cluster) -> Cluster:
    return two_node_ray


def arena_tournament(cluster: Cluster, *args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [ARENA, "tournament", "--ray-address", cluster.address, "--workers", "2", *args],
        cwd=cwd, env=cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process: subprocess.Popen[str], timeout: float = 240) -> str:
    out, err = process.communicate(timeout=timeout)
    assert process.returncode == 0, err[-3000:]
    return out


def test_ray_job_submit_plays_a_user_strategy_on_both_nodes(
    cluster: Cluster, tmp_path: Path
) -> None:
    strategies = tmp_path / "my_strategies"
    strategies.mkdir()
    (strategies / "contrarian_bot.py").write_text(STRATEGY)
    work = tmp_path / "work"  # the file is neither here nor on the workers' path
    work.mkdir()
    out = tmp_path / "run"
    command = [
        RAY, "job", "submit", "--address", cluster.dashboard, "--", ARENA, "tournament",
        "--game", GAME, "--players", "3", "--format", "gauntlet", "--entrants",
        f"{strategies}/contrarian_bot.py:Contrarian,heuristic,random", "--games", "240",
        "--seed", "3", "--workers", "2", "--resamples", "50", "--out", str(out),
    ]
    done = subprocess.run(command, env=cluster.env, capture_output=True, text=True,
                          timeout=240, cwd=work)
    assert done.returncode == 0 and "succeeded" in done.stdout, (
        done.stdout + done.stderr)[-3000:]
    table = pq.read_table(out / "results.parquet").to_pylist()
    assert sorted(r["index"] for r in table) == list(range(240))
    nodes = {r["worker_node"] for r in table}
    assert len(nodes) == 2 and all(nodes), "both nodes must have played"
    assert all("contrarian" in r["bots"] for r in table)
    summary = json.loads((out / "summary.json").read_text())
    assert set(summary["entrants"]) == {"contrarian", "heuristic", "random"}
    details = json.loads((out / "details.json").read_text())
    assert set(details["workers"]["games_by_node"]) == nodes


def parts(out: Path) -> list[Path]:
    return sorted((out / "results.parquet.parts").glob("part-*.parquet"))


def test_a_driver_killed_with_sigkill_resumes_with_exactly_the_missing_games(
    cluster: Cluster, tmp_path: Path
) -> None:
    games, seed = 2000, 17
    out = tmp_path / "run"
    args = ["--game", GAME, "--players", "3", "--format", "round-robin", "--entrants",
            "random,heuristic", "--games", str(games), "--seed", str(seed),
            "--flush-every", "0.2", "--resamples", "50", "--out", str(out)]
    driver = arena_tournament(cluster, *args, cwd=tmp_path)
    deadline = time.monotonic() + 180
    while len(parts(out)) < 2 and driver.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(driver.pid, signal.SIGKILL)
    driver.wait(timeout=30)
    recorded = sum(pq.ParquetFile(p).metadata.num_rows for p in parts(out))
    assert 0 < recorded < games, "the driver must die mid-run"
    assert not (out / "results.parquet").exists()

    finish(subprocess.Popen(
        [ARENA, "tournament", "--resume", str(out / "results.parquet"), "--ray-address",
         cluster.address, "--workers", "2", "--resamples", "50"],
        cwd=tmp_path, env=cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True))
    table = pq.read_table(out / "results.parquet").to_pylist()
    assert sorted(r["index"] for r in table) == list(range(games)), "lost or doubled games"
    assert json.loads((out / "summary.json").read_text())["games"] == games
    # Every game, whichever run played it, is the game its task describes.
    schedule = BlockSchedule(tuple(round_robin_lineups(["random", "heuristic"], 3)), seed)
    for row in random.Random(1).sample(table, 60):
        expected = play_one(GAME, GameConfig(3), schedule.task(row["index"]))
        assert (row["seed"], tuple(row["bots"]), tuple(row["scores"]), tuple(row["ranks"])) == (
            expected.seed, expected.labels, expected.scores, expected.ranks)
