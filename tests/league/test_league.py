"""The league on real local Ray with a real Redis: two kit bots (the Python kit as a bot
directory, and the same kit submitted with ``arena bots submit``, fetched by hash and
built on the node) and two built-in bots play rated matches, while an ``arena serve``
gateway rates a remote bot's matches into the same queue's ladder. A league worker is
killed mid-match: that match is not rated, the league plays on. Afterwards the ladder
holds exactly the league's finished matches and the gateway's, each once."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from bench.loopback import free_port
from services.botstore import BotStore
from services.ladder.factory import open_store
from services.league.run import League
from tests.hosted.harness import built_kit
from tests.league.harness import QUEUE, league_plan, play_league
from tests.processes import stop

pytestmark = [pytest.mark.timeout(600), pytest.mark.usefixtures("ray_local")]

ARENA = [sys.executable, "-m", "services.cli.main"]
LEAGUE_MATCHES = 6
GATEWAY_MATCHES = 3


def _gateway(redis_url: str, prefix: str) -> tuple[subprocess.Popen[str], str, str]:
    """``arena serve`` of the league's queue; (process, address, alpha's token)."""
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--redis", redis_url, "--key-prefix", prefix,
         "--queue", "monster-my-neighbor:4", "--bot", "alpha", "--gather", "0.2",
         "--seed", "3"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert server.stdout is not None
    token = ""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        found = re.match(r"token of alpha: (\S+)", line)
        if found:
            token = found.group(1)
        if line.startswith("serving "):
            return server, f"127.0.0.1:{port}", token
    stop(server)
    raise AssertionError("arena serve did not start")


def test_league_and_gateway_rate_one_ladder_once_each_and_a_killed_worker_loses_its_match(
        tmp_path: Path, redis_url: str, key_prefix: str) -> None:
    kit = built_kit("python")
    with BotStore(redis_url, key_prefix) as bots:
        submitted = bots.submit("pysub", kit).version
    plan = league_plan(tmp_path, [{
        "game": "monster-my-neighbor", "players": 4,
        "entrants": ["random", "heuristic", f"py={kit}", "pysub"]}], redis_url, key_prefix)
    labels = {"builtin:random", "builtin:heuristic", "py", "pysub:v1"}
    assert {e.label for e in plan.queues[0].entrants} == labels
    server, address, token = _gateway(redis_url, key_prefix)
    killed: dict[str, str] = {}

    bots: list[subprocess.Popen[str]] = []

    async def during(league: League, _stop: asyncio.Event) -> None:
        # Once a match was rated (every bot up): the remote bot starts playing through
        # the gateway while the league plays on, and a running match's worker is killed.
        while league.counts.rated < 1 or not league.running():
            await asyncio.sleep(0.05)
        bots.append(subprocess.Popen(
            [*ARENA, "bot", "--server", address, "--token", token, "--strategy",
             "heuristic", "--matches", str(GATEWAY_MATCHES), "--seed", "1", "--quiet"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        slot, match_id, _labels = league.running()[0]
        killed[match_id] = league.nodes[slot]
        os.kill(league.pids[slot], signal.SIGKILL)

    try:
        league, counts = play_league(plan, redis_url, key_prefix, matches=LEAGUE_MATCHES,
                                     tmp_path=tmp_path, during=during)
        (bot,) = bots
        out, err = bot.communicate(timeout=300)
        assert bot.returncode == 0, err
    finally:
        for bot in bots:
            if bot.poll() is None:
                bot.kill()
        stop(server)
    assert counts.rated == LEAGUE_MATCHES and counts.failed == counts.unrated == 0
    assert counts.lost == 1 and counts.started == LEAGUE_MATCHES + 1
    (lost,) = killed
    with open_store(redis_url, key_prefix=key_prefix) as store:
        applied = store.applied_matches(QUEUE)
        ladder = {entry.name: entry for entry in store.ladder(QUEUE)}
    ids = [match.match_id for match in applied]
    assert len(ids) == len(set(ids)) == LEAGUE_MATCHES + GATEWAY_MATCHES
    league_ids = [i for i in ids if i.startswith(f"league-{league.run_id}-")]
    assert len(league_ids) == LEAGUE_MATCHES and lost not in ids
    # At once: a gateway match was rated between two of the league's.
    seqs = {match.match_id: match.seq for match in applied}
    gateway_seqs = [seqs[i] for i in ids if i not in league_ids]
    assert min(seqs[i] for i in league_ids) < min(gateway_seqs) < max(
        seqs[i] for i in league_ids)
    # Every league match seats the four entrants; the gateway's seat alpha and fill.
    for label in ("builtin:heuristic", "py", "pysub:v1"):
        assert ladder[label].games == LEAGUE_MATCHES
    assert ladder["alpha"].games == GATEWAY_MATCHES
    assert ladder["builtin:random"].games == LEAGUE_MATCHES + GATEWAY_MATCHES
    assert set(ladder) == labels | {"alpha"}
    assert submitted.label == "pysub:v1"
    # The shared durable stream is empty: every result left it once applied.
    client = redis.Redis.from_url(redis_url)
    try:
        assert client.xlen(f"{key_prefix}:results:pending") == 0
    finally:
        client.close()
    assert f"{GATEWAY_MATCHES} matches ({GATEWAY_MATCHES} rated" in out
