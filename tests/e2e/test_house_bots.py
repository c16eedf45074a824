"""``arena serve --house-bot NAME=PATH``: the server builds a kit in the sandbox, runs it
on its own ladder without any client the test starts, and restarts it when it dies; a
Python class (``NAME=file.py:Class``) plays beside it, run by the server the same way.

Real processes throughout: `arena serve` with a Redis ladder, the Python kit
(`clients/python`, the kit CI builds fastest: a venv and generated stubs) built and run
by the server in bubblewrap where the machine has it.
"""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from bench.loopback import free_port
from services.ladder.factory import open_store
from services.sandbox import bwrap_available
from tests.e2e.test_served_ladder import ARENA, _wait_serving
from tests.processes import stop

GAME = "monster-my-neighbor"
KIT = Path(__file__).parents[2] / "clients" / "python"
# A Python class is a house bot too: the server runs `arena bot --strategy` with it.
HUNTER = Path(__file__).parents[2] / "docs" / "examples" / "big_hand_hunter.py:BigHandHunter"
SANDBOX = "bwrap" if bwrap_available() else "none"


class Lines:
    """The server's stdout, read as it comes."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert process.stdout is not None
        self._thread = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._thread.start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self.lines.append(line.rstrip("\n"))

    def started_pids(self, name: str) -> list[int]:
        prefix = f"house bot {name} started (pid "
        return [int(line[len(prefix):-1]) for line in self.lines if line.startswith(prefix)]


def _wait(what: str, condition: object, timeout: float, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        assert server.poll() is None, "arena serve exited early"
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.mark.timeout(600)
def test_a_house_bot_plays_rated_matches_and_is_restarted_when_it_dies(
    redis_url: str, tmp_path: Path
) -> None:
    prefix = f"house-{secrets.token_hex(6)}"
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--redis", redis_url, "--key-prefix", prefix,
         "--game", GAME, "--players", "3", "--fill", "random", "--min-bots", "1",
         "--move-timeout", "30", "--journal", str(tmp_path / "journal.jsonl"),
         "--house-bot", f"py={KIT}", "--house-bot", f"hunter={HUNTER}",
         "--sandbox", SANDBOX, "--bot-memory", "512MiB"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    lines = Lines(server)
    try:
        _wait_serving(f"127.0.0.1:{port}", server, timeout=400)  # the build comes first
        with open_store(redis_url, key_prefix=prefix) as store:
            def games(name: str = "py") -> int:
                stats = store.bot_stats(GAME, name)
                return stats.games if stats is not None else 0

            _wait("two rated matches of each house bot",
                  lambda: games() >= 2 and games("hunter") >= 2, 180, server)
            (first,) = lines.started_pids("py")
            os.kill(first, signal.SIGKILL)  # the sandbox, and the bot inside with it
            _wait("the restart", lambda: len(lines.started_pids("py")) == 2, 60, server)
            played = games()
            _wait("rated matches after the restart", lambda: games() >= played + 2, 120,
                  server)
            ladder = {entry.name for entry in store.ladder(GAME)}
        assert {"py", "hunter", "builtin:random"} <= ladder
        assert len(lines.started_pids("hunter")) == 1  # never died
    finally:
        err = stop(server, timeout=60)
    assert server.returncode == 0, err
    assert "house bot py exited" in err or "house bot py killed" in err, err
    restarted = lines.started_pids("py")[-1]
    assert not Path(f"/proc/{restarted}").exists()  # stopped with the server


def test_a_house_bot_whose_build_fails_stops_start_up_with_its_last_lines(
    tmp_path: Path,
) -> None:
    # Without bwrap: the point is serve's start-up, and a bwrap build sandbox sometimes
    # fails its own loopback set-up under load ("Failed RTM_NEWADDR"), which reads the same.
    bot = tmp_path / "broken"
    bot.mkdir()
    (bot / "arena-bot.toml").write_text(
        'name = "broken"\nbuild = "sh -c \'echo compiling; echo error: no main >&2; exit 3\'"\n'
        'run = "./bot"\n')
    done = subprocess.run(
        [*ARENA, "serve", "--port", str(free_port()), "--house-bot", f"broken={bot}",
         "--sandbox", "none"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "--house-bot: a build failed: build failed (exited with code 3)" in done.stderr
    assert "error: no main" in done.stderr
    assert "serving" not in done.stdout


def test_a_house_bot_that_is_not_a_bot_directory_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [*ARENA, "serve", "--house-bot", f"x={tmp_path}"], capture_output=True, text=True,
        timeout=60)
    assert done.returncode == 2
    assert "is not a bot directory: it has no arena-bot.toml" in done.stderr


def test_a_house_bot_spec_the_game_has_no_bot_for_is_one_line() -> None:
    done = subprocess.run(
        [*ARENA, "serve", "--house-bot", "x=nope:depth=3"], capture_output=True, text=True,
        timeout=60)
    assert done.returncode == 2
    assert "--house-bot x: unknown bot 'nope'" in done.stderr, done.stderr
