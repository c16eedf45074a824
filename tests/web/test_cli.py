"""The README's path for a newcomer, as real processes: ``arena serve --web-port``
prints the web URL, a bot plays while the match is listed live, the finished match
replays; then ``arena web`` alone serves the same ladder and replay from Redis."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.loopback import free_port
from tests.processes import stop
from tests.web.conftest import fetch

GAME = "monster-my-neighbor"
ARENA = [sys.executable, "-m", "services.cli.main"]
WEB_URL = re.compile(r"web on (http://\S+)")


def _web_url(process: subprocess.Popen[str], timeout: float = 120) -> str:
    assert process.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(f"exited before printing its web URL: {process.stderr.read()}")
        found = WEB_URL.search(line)
        if found:
            return found.group(1).rstrip("/")
    raise AssertionError("no web URL printed")


def _stop(process: subprocess.Popen[str]) -> int:
    stop(process)
    return process.returncode


@pytest.mark.timeout(300)
def test_serve_prints_the_web_url_a_match_is_watched_live_then_replayed(
    redis_url: str, tmp_path: Path
) -> None:
    store_args = ["--redis", redis_url, "--key-prefix", f"cli-web-{secrets.token_hex(6)}"]
    token = subprocess.run([*ARENA, "bots", "register", "newcomer", *store_args],
                           capture_output=True, text=True, timeout=60).stdout.split()[-1]
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--web-port", "0", *store_args, "--game", GAME,
         "--players", "4", "--fill", "random", "--replays", str(tmp_path), "--gather", "0.1",
         "--journal", str(tmp_path / "journal.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    bot = None
    try:
        web = _web_url(server)
        assert fetch(web + "/").status == 200
        bot = subprocess.Popen(
            [*ARENA, "bot", "--server", f"127.0.0.1:{port}", "--token", token, "--game", GAME,
             "--matches", "1", "--think", "0.05", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        live: list[dict[str, object]] = []
        deadline = time.monotonic() + 120
        while not live and time.monotonic() < deadline:
            live = fetch(web + "/api/matches/live").json()
            time.sleep(0.05)
        assert live, "the match was never listed live"
        match_id = str(live[0]["match_id"])
        page = fetch(f"{web}/matches/{match_id}")
        assert page.status == 200 and ('data-status="live"' in page.text
                                       or "Replay:" in page.text)
        _, err = bot.communicate(timeout=180)
        assert bot.returncode == 0, err
        replay = fetch(f"{web}/api/matches/{match_id}").json()
        for _ in range(100):
            if replay.get("view") == "replay":
                break
            time.sleep(0.1)
            replay = fetch(f"{web}/api/matches/{match_id}").json()
        assert replay["view"] == "replay" and replay["after"] == replay["decisions"] > 0
        assert "Final scores" in fetch(f"{web}/matches/{match_id}?after=0").text
        assert any(r["bot"] == "newcomer" for r in fetch(f"{web}/api/ladder/{GAME}").json())
    finally:
        if bot is not None and bot.poll() is None:
            bot.kill()
        assert _stop(server) == 0

    alone = subprocess.Popen([*ARENA, "web", *store_args, "--port", "0"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        web = _web_url(alone, timeout=60)
        (row,) = [r for r in fetch(f"{web}/api/ladder/{GAME}").json() if r["bot"] == "newcomer"]
        assert row["games"] == 1
        assert fetch(f"{web}/api/matches/{match_id}").json()["view"] == "replay"
        assert fetch(f"{web}/api/bots/newcomer").json()["history"][0]["match_id"] == match_id
        assert fetch(f"{web}/", method="POST").status == 405
    finally:
        assert _stop(alone) == 0


def test_arena_web_needs_a_redis() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ARENA_REDIS_URL"}
    done = subprocess.run([*ARENA, "web"], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2 and "needs --redis" in done.stderr
