"""End to end, as an operator runs it: register bots, serve, connect two bot processes.

Everything is a real process: `arena bots register`, `arena serve` (gateway and its host
workers, Redis ladder, /metrics, replays) and two `arena bot` clients. Afterwards the
ladder in Redis, the Prometheus counters and the saved replays must tell the same story.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from bench.loopback import free_port
from engine.core import Replay
from services.ladder.factory import open_store
from tests.processes import stop

GAME = "monster-my-neighbor"
MATCHES = 10
BOTS = ("alpha", "beta")
ARENA = [sys.executable, "-m", "services.cli.main"]


def _arena(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ARENA, *args], capture_output=True, text=True, timeout=timeout)


def _wait_serving(address: str, server: subprocess.Popen[str], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        while time.monotonic() < deadline:
            assert server.poll() is None, "arena serve exited early"
            try:
                status = stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                if status == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                time.sleep(0.3)
    raise AssertionError("arena serve did not become healthy")


def _metrics(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10).read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


@pytest.mark.timeout(300)
def test_two_remote_bots_play_rated_matches_through_arena_serve(
    redis_url: str, tmp_path: Path
) -> None:
    prefix = f"e2e-{secrets.token_hex(6)}"
    store_args = ("--redis", redis_url, "--key-prefix", prefix)
    tokens = {}
    for name in BOTS:
        registered = _arena("bots", "register", name, *store_args)
        assert registered.returncode == 0, registered.stderr
        tokens[name] = registered.stdout.strip().splitlines()[-1]

    port, metrics_port = free_port(), free_port()
    replays = tmp_path / "replays"
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--metrics-port", str(metrics_port),
         *store_args, "--game", GAME, "--players", "5", "--fill", "random",
         "--replays", str(replays), "--min-bots", "2", "--seed", "42",
         "--journal", str(tmp_path / "journal.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server)
        bots = [
            subprocess.Popen(
                [*ARENA, "bot", "--server", address, "--token", tokens[name], "--game", GAME,
                 "--strategy", "heuristic", "--matches", str(MATCHES), "--seed", str(seed),
                 "--quiet"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for seed, name in enumerate(BOTS)
        ]
        for bot in bots:
            out, err = bot.communicate(timeout=180)
            assert bot.returncode == 0, err
            assert f"{MATCHES} matches ({MATCHES} rated, 0 forfeited)" in out
        metrics = _metrics(metrics_port)
    finally:
        stop(server)

    with open_store(redis_url, key_prefix=prefix) as store:
        applied = store.applied_matches(GAME)
        for name in BOTS:
            stats = store.bot_stats(GAME, name)
            assert stats is not None and stats.games == MATCHES
        ladder = {entry.name: entry for entry in store.ladder(GAME)}
    assert set(ladder) == {*BOTS, "builtin:random"}
    assert sum(m.participants.count(name) for m in applied for name in BOTS) == 2 * MATCHES
    assert all(ladder[name].rating != 1500.0 for name in BOTS)
    assert sum(e.rating for e in ladder.values()) == pytest.approx(1500.0 * len(ladder), abs=0.1)

    files = sorted(replays.glob("*.json"))
    assert {f.stem for f in files} == {m.match_id for m in applied}
    loaded = [Replay.load(f) for f in files]
    decisions = sum(len(r.choices) for r in loaded)
    remote = sum(
        1 for r in loaded for seat, _ in r.choices if not r.labels[seat].startswith("builtin:")
    )

    def value(name: str, **labels: str) -> float:
        return metrics.get((name, tuple(sorted(labels.items()))), 0.0)

    assert value("arena_matches_total", game=GAME, status="completed") == len(applied)
    assert value("arena_matches_total", game=GAME, status="forfeit") == 0
    assert value("arena_decisions_total", game=GAME, source="remote") == remote
    assert value("arena_decisions_total", game=GAME, source="builtin") == decisions - remote
    assert value("arena_active_matches") == 0
    assert value("arena_rating_retry_queue") == 0 and value("arena_results_unrated") == 0
    assert value("process_resident_memory_bytes") > 0  # the default process collector

    replayed = _arena("replay", str(files[-1]), "--quiet")
    assert replayed.returncode == 0, replayed.stderr


@pytest.mark.timeout(180)
def test_serve_without_redis_registers_bots_given_on_the_command_line(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [*ARENA, "serve", "--port", str(port), "--bot", "solo", "--gather", "0.1",
         "--log-format", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={k: v for k, v in os.environ.items() if k != "ARENA_REDIS_URL"},
    )
    errors = ""
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("token of solo: "), line
        token = line.split(": ", 1)[1].strip()
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server)
        bot = _arena("bot", "--server", address, "--token", token, "--matches", "2", "--quiet")
        assert bot.returncode == 0, bot.stderr
        assert "solo: 2 matches (2 rated, 0 forfeited)" in bot.stdout
    finally:
        errors = stop(server)
    # The start record says how the gateway serves, as fields a log pipeline can read.
    start = next(json.loads(line) for line in errors.splitlines() if "gateway serving" in line)
    assert (start["port"], start["tls"], start["metrics_port"]) == (port, False, None)
