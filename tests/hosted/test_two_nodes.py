"""A hosted kit on a real two-node Ray cluster (two raylets on this machine,
tests/ray_cluster.py): ``arena tournament --ray-address`` ships a copy of the Python kit's
directory to the workers through Ray's runtime environment; the worker on the driver's
node plays the driver's directory (built by the driver before the run), the worker on
the other node builds its node's shipped copy, once, and both play games, every seat
``ok``.

The copy's ``build`` first appends a line to ``builds.txt`` (ignored by the content
hash), so each copy tells how often it was built. Its download cache (pip's) is shared
by copies of the same bot, so the second node's build downloads nothing. The Python kit
is the one whose cold build is quickest (a venv and two wheels; Go's compiles gRPC)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from services.sandbox import bwrap_available
from tests.ray_cluster import Cluster

pytestmark = pytest.mark.timeout(900)

ARENA = str(Path(sys.executable).with_name("arena"))
GAMES = 12


KIT = Path(__file__).parents[2] / "clients" / "python"


def python_kit_copy(root: Path) -> Path:
    """The Python kit's sources (no build outputs) in a directory of their own, building
    through a line that counts its builds."""
    copy = root / "python-kit"
    shutil.copytree(KIT, copy, ignore=shutil.ignore_patterns(".venv", "gen", "__pycache__",
                                                             "builds.txt"))
    manifest = (KIT / "arena-bot.toml").read_text()
    manifest = manifest.replace('build = "./run --build-only"',
                                'build = "sh -c \'echo built >> builds.txt && '
                                './run --build-only\'"')
    manifest = manifest.replace('ignore = [".venv/", "gen/", "__pycache__/"]',
                                'ignore = [".venv/", "gen/", "__pycache__/", "builds.txt"]')
    assert "builds.txt" in manifest and "echo built" in manifest, manifest
    (copy / "arena-bot.toml").write_text(manifest)
    return copy


def shipped_copies(node_temp_dir: Path) -> list[Path]:
    """The copies of the kit Ray unpacked on one node (its runtime_resources)."""
    found = node_temp_dir.glob("session_2*/runtime_resources/py_modules_files/*/python-kit/bot.py")
    return sorted({path.parent.resolve() for path in found})  # session_latest: a link


def test_a_hosted_kit_plays_on_both_nodes_built_once_per_node(
        two_node_ray: Cluster, tmp_path: Path) -> None:
    copy = python_kit_copy(tmp_path)
    out = tmp_path / "out"
    sandbox = "bwrap" if bwrap_available() else "none"
    done = subprocess.run(
        [ARENA, "tournament", "--ray-address", two_node_ray.address, "--workers", "2",
         "--game", "monster-my-neighbor", "--players", "3", "--format", "round-robin",
         "--entrants", f"py={copy},random,heuristic", "--games", str(GAMES), "--seed", "5",
         "--resamples", "20", "--sandbox", sandbox, "--build-timeout", "900",
         "--out", str(out)],
        cwd=tmp_path, env=two_node_ray.env, capture_output=True, text=True, timeout=840)
    assert done.returncode == 0, (done.stdout + done.stderr)[-4000:]
    table = pq.read_table(out / "results.parquet").to_pylist()
    assert sorted(row["index"] for row in table) == list(range(GAMES))
    nodes = {row["worker_node"] for row in table}
    assert len(nodes) == 2 and all(nodes), f"games ran on {nodes}: both nodes must play"
    for node in nodes:  # the kit played on each node, every seat ok
        mine = [row for row in table if row["worker_node"] == node]
        assert all("py" in row["bots"] for row in mine)
        assert all(row["status"] == ["ok"] * 3 for row in mine), mine
    # Built once per node: the driver's directory by the driver (the worker on the
    # driver's node found it built), the other node's shipped copy by that node's worker;
    # the copy shipped to the driver's node is never used. (Which raylet the driver
    # attaches to, both being on 127.0.0.1, is Ray's choice.)
    assert (copy / "builds.txt").read_text() == "built\n"
    shipped = [shipped_copies(node.temp_dir) for node in two_node_ray.nodes]
    assert all(len(copies) == 1 for copies in shipped), shipped
    builds = sorted((copies[0] / "builds.txt").read_text() if (copies[0] / "builds.txt")
                    .exists() else "" for copies in shipped)
    assert builds == ["", "built\n"], shipped
    assert any((copies[0] / ".venv" / ".installed").is_file() for copies in shipped)
