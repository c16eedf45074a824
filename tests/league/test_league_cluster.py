"""``arena league`` as an operator runs it, on a real two-node Ray cluster started by the
test: two kit bots (a bot directory shipped by Ray, a submitted bot fetched by hash)
and two built-in bots play on workers of both nodes, each match is printed as it is
rated, /metrics counts them, and SIGTERM drains: running matches finish and are rated,
none is started after, the command exits 0 with the standings. The ladder then holds
exactly the matches the league says it rated."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
import yaml

from bench.loopback import free_port
from services.botstore import BotStore
from services.ladder.factory import open_store
from tests.hosted.harness import built_kit
from tests.league.harness import QUEUE, SANDBOX
from tests.ray_cluster import Cluster

pytestmark = [pytest.mark.timeout(600)]

ARENA = [sys.executable, "-m", "services.cli.main"]
RATED_LINE = re.compile(r"\| (league-\S+) " + QUEUE + r" rated in ")


def _rated_metric(port: int) -> float:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read()
    found = re.search(rb'arena_league_matches_total\{queue="' + QUEUE.encode()
                      + rb'",status="rated"\} (\S+)', text)
    return float(found.group(1)) if found else 0.0


def test_arena_league_on_two_nodes_prints_rates_and_drains_on_sigterm(
        two_node_ray: Cluster, tmp_path: Path, redis_url: str, key_prefix: str) -> None:
    kit = built_kit("python")
    with BotStore(redis_url, key_prefix) as bots:
        bots.submit("pysub", kit)
    config = tmp_path / "league.yaml"
    config.write_text(yaml.safe_dump({"queues": [{
        "game": "monster-my-neighbor", "players": 4,
        "entrants": ["random", "heuristic", f"py={kit}", "pysub"]}]}))
    metrics_port = free_port()
    cluster = two_node_ray
    lines: list[str] = []
    league: subprocess.Popen[str] | None = None
    errors = tmp_path / "league.err"
    try:
        league = subprocess.Popen(
            [*ARENA, "league", "--config", str(config), "--redis", redis_url,
             "--key-prefix", key_prefix, "--ray-address", cluster.address, "--workers", "2",
             "--metrics-port", str(metrics_port), "--sandbox", SANDBOX, "--seed", "2"],
            env=cluster.env, stdout=subprocess.PIPE, stderr=errors.open("w"), text=True)
        assert league.stdout is not None
        reader = threading.Thread(target=lambda: lines.extend(iter(league.stdout.readline,
                                                                   "")), daemon=True)
        reader.start()
        deadline = time.monotonic() + 400
        while sum(bool(RATED_LINE.search(line)) for line in lines) < 2:
            assert league.poll() is None, errors.read_text()
            assert time.monotonic() < deadline, "".join(lines)
            time.sleep(0.2)
        assert _rated_metric(metrics_port) >= 2
        league.send_signal(signal.SIGTERM)
        league.wait(timeout=300)
        reader.join(timeout=30)
    finally:
        if league is not None and league.poll() is None:
            league.kill()
    out = "".join(lines)
    assert league.returncode == 0, errors.read_text()
    assert re.search(r"league \w+: " + QUEUE + r" \(4 entrants\); 2 worker\(s\) on 2 node\(s\), "
                     r"matched by mu", out), out
    assert "draining: " in out
    stopped = re.search(r"stopped: (\d+) started, (\d+) rated, 0 waiting for the store, "
                        r"0 lost with their worker, 0 failed", out)
    assert stopped is not None, out
    started, rated = int(stopped.group(1)), int(stopped.group(2))
    assert started == rated >= 2  # drained: every started match finished and was rated
    printed = {m.group(1) for m in map(RATED_LINE.search, lines) if m}
    with open_store(redis_url, key_prefix=key_prefix) as store:
        applied = {m.match_id for m in store.applied_matches(QUEUE)}
        ladder = {e.name for e in store.ladder(QUEUE)}
        queues = store.queues()
    assert applied == printed and len(applied) == rated
    assert ladder == {"builtin:random", "builtin:heuristic", "py", "pysub:v1"}
    assert json.loads(json.dumps(queues[QUEUE]))["players"] == 4
