"""A game added through the ``tabletop_arena.games`` entry point, and nothing else, is
played by ``arena play`` (on Ray) and served by ``arena serve`` to a remote bot.

The toy game (tests/core/toygame.py) is installed as a distribution on ``PYTHONPATH`` of
real ``arena`` processes; no file in engine/core or services/ names it. It has no
protobuf messages, so remote bots see option labels only.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.loopback import free_port
from engine.core import Replay
from tests.core.toy_dist import GAME_ID, install_toy_game
from tests.e2e.test_served_ladder import _wait_serving

ARENA = [sys.executable, "-m", "services.cli.main"]


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    site = install_toy_game(tmp_path_factory.mktemp("toy"))
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "RAY_ADDRESS": ""}


def _arena(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, *args], capture_output=True, text=True, timeout=240, env=env)


@pytest.mark.timeout(300)
def test_arena_play_runs_a_game_installed_by_entry_point(env: dict[str, str],
                                                         tmp_path: Path) -> None:
    out, replays = tmp_path / "out.json", tmp_path / "replays"
    done = _arena(env, "play", "--game", GAME_ID, "--players", "3", "--games", "6",
                  "--bots", "random,mcts:iterations=8", "--workers", "1", "--seed", "4",
                  "--json", str(out), "--replays", str(replays))
    assert done.returncode == 0, done.stderr
    summary = json.loads(out.read_text())
    assert (summary["game"], summary["games"]) == (GAME_ID, 6)
    assert {name: stats["games"] for name, stats in summary["bots"].items()} == {
        "random": 9, "mcts:iterations=8": 9}
    replay = Replay.load(sorted(replays.iterdir())[0])
    assert replay.game_id == GAME_ID and len(replay.choices) == 6
    listed = _arena(env, "replay", str(sorted(replays.iterdir())[0]))
    assert listed.returncode == 0, listed.stderr
    assert "play " in listed.stdout


@pytest.mark.timeout(300)
def test_arena_serve_hosts_it_for_a_remote_bot(env: dict[str, str], tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--game", GAME_ID, "--players", "2",
         "--fill", "mcts:iterations=5", "--bot", "alice", "--seed", "7",
         "--replays", str(tmp_path / "replays")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("token of alice: "), line
        token = line.split(": ", 1)[1].strip()
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server)
        bot = _arena(env, "bot", "--server", address, "--token", token, "--game", GAME_ID,
                     "--strategy", "random", "--matches", "2", "--quiet")
        assert bot.returncode == 0, bot.stderr
        assert "2 matches" in bot.stdout
    finally:
        server.terminate()
        server.communicate(timeout=60)
    replays = sorted((tmp_path / "replays").iterdir())
    assert len(replays) == 2
    for path in replays:
        replay = Replay.load(path)
        assert replay.game_id == GAME_ID and "alice" in replay.labels
