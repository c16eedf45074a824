"""Every starter kit in clients/ plays real matches, as a bot author runs it.

Each kit is found by its executable ``clients/<kit>/run`` and built through it (a kit
that fails to build fails here). Then all kits play at the same time, one bot each,
through ``arena serve`` (pooled match hosts, Redis ladder, /metrics): 4-player Monster My
Neighbor, 2-player Epic Resort and 2-player Ark Nova, with no game-specific code in the
kits' random bots. Afterwards the kits' own SUMMARY lines, the Redis
ladder and the Prometheus counters must tell the same story. Smaller tests check that
every kit reconnects when its stream drops and gives up on a refused token, and that
every kit keeps the bot-directory contract (``arena-bot.toml``): ``--matches 0`` over a
``unix:`` socket address.
"""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path

import grpc
import pytest
from arena.v1 import arena_pb2

from bench import kits
from bench.clients import start_gateway
from bench.kits import Kit
from bench.loopback import free_port
from engine.monster_my_neighbor.cards import default_cards_text
from services.botdir import load_bot_dir, run_argv
from services.ladder.factory import open_store
from services.metrics import ArenaMetrics
from tests.e2e.test_served_ladder import _metrics, _wait_serving
from tests.processes import stop

MATCHES = 3
GAME = "monster-my-neighbor"  # of the small in-process tests, 3 seats
BUILD_TIMEOUT = 1800
# ARENA_KITS=go,rust: only those kits (while working on one); default every kit.
ALL_KITS = kits.discover([name for name in os.environ.get("ARENA_KITS", "").split(",")
                          if name] or None)
pytestmark = pytest.mark.skipif(not ALL_KITS, reason="no clients/*/run")


@pytest.fixture(scope="module")
def built(request: pytest.FixtureRequest) -> list[Kit]:
    """Every kit, built (or found up to date); the seconds each took are reported."""
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    failures = []
    for kit in ALL_KITS:
        try:
            seconds = kits.build(kit, timeout=BUILD_TIMEOUT)
        except (RuntimeError, subprocess.TimeoutExpired) as err:
            failures.append(str(err))
            continue
        if reporter is not None:
            reporter.write_line(f"kit {kit.name}: built in {seconds:.1f} s")
    if failures:
        pytest.fail("\n\n".join(failures), pytrace=False)
    return ALL_KITS


@pytest.mark.timeout(BUILD_TIMEOUT + 600)
@pytest.mark.parametrize(
    ("game", "players"), [("monster-my-neighbor", 4), ("epic-resort", 2), ("ark-nova", 2)])
def test_all_kits_play_served_matches_at_the_same_time(
    built: list[Kit], redis_url: str, game: str, players: int, tmp_path: Path
) -> None:
    prefix = f"kits-{secrets.token_hex(6)}"
    with open_store(redis_url, key_prefix=prefix) as store:
        tokens = {kit.name: store.register_bot(f"kit-{kit.name}") for kit in built}

    port, metrics_port = free_port(), free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "serve", "--port", str(port),
         "--metrics-port", str(metrics_port), "--redis", redis_url, "--key-prefix", prefix,
         "--game", game, "--players", str(players), "--fill", "random", "--seed", "8",
         "--move-timeout", "10", "--gather", "0.5", "--journal", str(tmp_path / "journal.jsonl")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        address = f"127.0.0.1:{port}"
        _wait_serving(address, server)
        processes = [(kit, kits.start(kit, address, tokens[kit.name], MATCHES, seed=i + 1))
                     for i, kit in enumerate(built)]
        played = [kits.finish(kit, process, timeout=300) for kit, process in processes]
        metrics = _metrics(metrics_port)
    finally:
        stop(server)

    for result in played:
        context = f"kit {result.kit} (exit {result.returncode}):\n{result.stderr[-3000:]}"
        assert result.returncode == 0, context
        assert result.summary is not None, f"no SUMMARY line; {context}"
        assert result.summary["matches"] == MATCHES, context
        assert result.summary["strikes"] == 0, context
        assert result.summary["errors"] == 0, context
        assert result.summary["decisions"] > 0, context
        # How a match ended reads as `arena bot` says it, never as the enum's name.
        ends = re.findall(r"^match \S+: rank \d+, (\w+), (rating -?\d+\.\d|not rated)$",
                          result.stderr, re.MULTILINE)
        assert [reason for reason, _ in ends] == ["completed"] * MATCHES, context
        assert "MATCH_END_REASON" not in result.stderr, context

    with open_store(redis_url, key_prefix=prefix) as store:
        applied = store.applied_matches(game)
        for kit in built:
            stats = store.bot_stats(game, f"kit-{kit.name}")
            assert stats is not None and stats.games == MATCHES, (kit.name, stats)
            # A kit counts wins as the ladder does (a k-way tie for first: 1/k each).
            (summary,) = [r.summary for r in played if r.kit == kit.name]
            assert summary is not None
            assert abs(summary["wins"] - stats.wins) <= 0.01 * MATCHES, (kit.name, stats)

    def value(name: str, **labels: str) -> float:
        return metrics.get((name, tuple(sorted(labels.items()))), 0.0)

    assert value("arena_matches_total", game=game, status="completed") == len(applied)
    assert value("arena_matches_total", game=game, status="forfeit") == 0
    assert value("arena_matches_total", game=game, status="aborted") == 0
    assert value("arena_decisions_total", game=game, source="remote") == sum(
        result.summary["decisions"] for result in played if result.summary is not None)
    assert value("arena_active_matches") == 0


@pytest.mark.timeout(BUILD_TIMEOUT + 180)
@pytest.mark.parametrize("kit", ALL_KITS, ids=[k.name for k in ALL_KITS])
def test_kit_reconnects_when_its_stream_drops(built: list[Kit], kit: Kit) -> None:
    """The server goes away after the first match and comes back on the same port: the
    kit reconnects with a back-off and plays the rest."""
    wanted, gateway_port = 30, free_port()
    store = open_store(None)
    token = store.register_bot("reconnecting")
    metrics = ArenaMetrics()
    first, _ = start_gateway(GAME, 3, store, metrics, port=gateway_port)
    process = kits.start(kit, f"127.0.0.1:{gateway_port}", token, wanted, seed=3)
    try:
        deadline = time.monotonic() + 60
        sample = {"game": GAME, "status": "completed"}
        while not metrics.registry.get_sample_value("arena_matches_total", sample):
            assert time.monotonic() < deadline and process.poll() is None, process.communicate()
            time.sleep(0.01)
    finally:
        first.stop()
    second, _ = start_gateway(GAME, 3, store, ArenaMetrics(), port=gateway_port)
    try:
        result = kits.finish(kit, process, timeout=120)
    finally:
        second.stop()
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.summary is not None
    assert result.summary["matches"] == wanted
    assert result.summary["reconnects"] >= 1
    assert result.summary["strikes"] == 0
    assert re.search(r"retrying in \d+(\.\d+)? s", result.stderr), result.stderr[-3000:]


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
@pytest.mark.parametrize("kit", ALL_KITS, ids=[k.name for k in ALL_KITS])
def test_kit_exits_2_at_once_when_its_token_is_refused(built: list[Kit], kit: Kit) -> None:
    gateway_port, store = free_port(), open_store(None)
    gateway, _ = start_gateway(GAME, 3, store, ArenaMetrics(), port=gateway_port)
    try:
        started = time.monotonic()
        result = kits.finish(kit, kits.start(kit, f"127.0.0.1:{gateway_port}", "not-a-token",
                                             2, seed=1), timeout=60)
        elapsed = time.monotonic() - started
    finally:
        gateway.stop()
    assert result.returncode == 2, result.stderr[-3000:]
    assert result.summary is not None and result.summary["matches"] == 0
    assert result.summary["reconnects"] == 0, f"retried a refused token ({elapsed:.1f} s)"


@pytest.mark.timeout(BUILD_TIMEOUT + 60)
def test_python_kit_uses_only_its_own_stubs_and_venv(built: list[Kit]) -> None:
    """The Python kit imports its generated arena.v1 from clients/python/gen, and its venv
    holds none of this repository's packages."""
    kit = kits.CLIENTS / "python"
    if not any(k.name == "python" for k in built):
        pytest.fail("clients/python/run is missing")
    probe = ("import importlib.util, bot; from arena.v1 import arena_pb2; "
             "print(arena_pb2.__file__); "
             "print([m for m in ('engine', 'services') if importlib.util.find_spec(m)])")
    done = subprocess.run([str(kit / ".venv" / "bin" / "python"), "-c", probe], cwd=kit,
                          capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr
    stub_file, repo_packages = done.stdout.splitlines()
    assert stub_file.startswith(str(kit / "gen")), stub_file
    assert repo_packages == "[]"


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
@pytest.mark.parametrize("kit", ALL_KITS, ids=[k.name for k in ALL_KITS])
def test_kit_without_a_token_says_so(built: list[Kit], kit: Kit) -> None:
    """Not the usage alone: the missing flag, in one line, and exit 2."""
    done = subprocess.run([str(kit.run), "--server", "127.0.0.1:1", "--matches", "1"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    assert "missing --token" in done.stderr, done.stderr


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
@pytest.mark.parametrize("kit", ALL_KITS, ids=[k.name for k in ALL_KITS])
def test_kit_at_a_metrics_port_asks_whether_it_is_a_gateway(built: list[Kit], kit: Kit) -> None:
    """An HTTP/1 server (the gateway's /metrics) is not a gRPC peer: the kit asks about the
    port and says when it retries. It is stopped once it has said both. (Rust's tonic
    reports only "transport error" there, so the Rust kit cannot tell and only retries.)"""
    hint = kit.name != "rust"
    port = ArenaMetrics().serve(0)
    process = kits.start(kit, f"127.0.0.1:{port}", "t", 1, seed=1)
    seen, deadline = "", time.monotonic() + 60
    try:
        assert process.stderr is not None
        for line in process.stderr:
            seen += line
            if "retrying in" in seen and (not hint or "is this an arena gateway port?" in seen):
                break
            assert time.monotonic() < deadline, seen
    finally:
        process.kill()
        process.communicate()
    assert ("is this an arena gateway port?" in seen) == hint, seen
    assert re.search(r"retrying in \d+(\.\d+)? s", seen), seen


def _scoreless_cards() -> str:
    """Monster My Neighbor's packaged cards with every score set to 0: every seat of every
    match ties for first."""
    text = re.sub(r"(monster_player|each_friend|catcher|everyone_else_except_monster_and_friends"
                  r"|everyone_except_monster_and_friends): \d+", r"\1: 0", default_cards_text())
    return re.sub(r"win_bonus_vp: \{amount: \d+\}", "win_bonus_vp: {amount: 0}", text)


@pytest.mark.timeout(BUILD_TIMEOUT + 300)
def test_every_kit_counts_a_three_way_tie_for_first_as_a_third(built: list[Kit]) -> None:
    """Three seats scoring 0 each: the ladder gives each 1/3 of a win, and so does every
    kit's SUMMARY (wins=0.33), not a whole win."""
    store = open_store(None)
    gateway, port = start_gateway(GAME, 3, store, ArenaMetrics(), cards=_scoreless_cards(),
                                  options={"rounds": 1})
    try:
        tokens = {kit.name: store.register_bot(f"tie-{kit.name}") for kit in built}
        processes = [(kit, kits.start(kit, f"127.0.0.1:{port}", tokens[kit.name], 1,
                                      seed=i + 1)) for i, kit in enumerate(built)]
        played = [kits.finish(kit, process, timeout=120) for kit, process in processes]
    finally:
        gateway.stop()
    for result in played:
        context = f"kit {result.kit} (exit {result.returncode}):\n{result.stderr[-3000:]}"
        assert result.returncode == 0 and result.summary is not None, context
        assert result.summary["wins"] == 0.33, context
        stats = store.bot_stats(GAME, f"tie-{result.kit}")
        assert stats is not None and stats.wins == pytest.approx(1 / 3), context


class _Lines:
    """The stderr lines of a running kit, read by a thread as they come."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: list[str] = []
        assert process.stderr is not None
        self._thread = threading.Thread(target=self._read, args=(process.stderr,), daemon=True)
        self._thread.start()

    def _read(self, stream: Iterator[str]) -> None:
        for line in stream:
            self.lines.append(line)

    def matching(self, pattern: str) -> list[str]:
        return [line for line in list(self.lines) if re.match(pattern, line)]

    def text(self) -> str:
        return "".join(self.lines)[-3000:]


@pytest.fixture
def socket_dir() -> Iterator[Path]:
    """A short directory for Unix sockets (a socket path has at most 107 bytes)."""
    with tempfile.TemporaryDirectory(prefix="kits-", dir="/tmp") as directory:
        yield Path(directory)


def _start_hosted(kit: Kit, server: str, token: str, seed: int) -> subprocess.Popen[str]:
    """The kit started as the arena starts a bot directory: its arena-bot.toml's run, in
    its directory, with --server ADDR --token T --matches 0 --seed S."""
    bot = load_bot_dir(kit.run.parent)
    return subprocess.Popen(run_argv(bot, server, token, seed), cwd=bot.path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)


@pytest.mark.timeout(BUILD_TIMEOUT + 300)
def test_every_kit_plays_on_without_a_limit_over_a_unix_socket(
        built: list[Kit], socket_dir: Path) -> None:
    """`arena serve --listen unix:PATH`; every kit started from its arena-bot.toml
    (--matches 0) plays match after match on one stream: 0 asks the server for no limit
    (a kit that asked for 1 would see its stream end after one match, and stop)."""
    wanted, sock = 3, socket_dir / "arena.sock"
    server = subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "serve", "--listen", f"unix:{sock}",
         "--game", GAME, "--players", "3", "--fill", "random", "--seed", "5",
         "--move-timeout", "10", "--gather", "0.3", "--host-workers", "0",
         *[arg for kit in built for arg in ("--bot", f"unix-{kit.name}")]],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    processes: list[tuple[Kit, subprocess.Popen[str], _Lines]] = []
    try:
        assert server.stdout is not None
        tokens: dict[str, str] = {}
        while len(tokens) < len(built):
            line = server.stdout.readline()
            assert line, f"arena serve exited: {server.communicate()[1][-3000:]}"
            if found := re.match(r"token of unix-(\S+): (\S+)$", line.strip()):
                tokens[found[1]] = found[2]
        _wait_serving(f"unix:{sock}", server)
        for i, kit in enumerate(built):
            process = _start_hosted(kit, f"unix:{sock}", tokens[kit.name], seed=i + 1)
            processes.append((kit, process, _Lines(process)))
        deadline = time.monotonic() + 240
        for kit, process, lines in processes:
            while len(lines.matching(r"match \S+: rank \d+, completed")) < wanted:
                assert process.poll() is None, (
                    f"kit {kit.name} stopped (exit {process.returncode}):\n{lines.text()}")
                assert time.monotonic() < deadline, f"kit {kit.name}:\n{lines.text()}"
                time.sleep(0.1)
    finally:
        for _, process, _ in processes:
            process.kill()
            process.communicate()
        stop(server)
    for kit, _, lines in processes:
        context = f"kit {kit.name}:\n{lines.text()}"
        assert len(lines.matching(r"connected as unix-")) == 1, context  # one stream
        assert not lines.matching(r".*(retrying in|server error)"), context
    assert not sock.exists()  # the gateway removes its socket when it stops


@pytest.mark.timeout(BUILD_TIMEOUT + 120)
def test_every_kit_stops_when_the_server_ends_its_stream(
        built: list[Kit], socket_dir: Path) -> None:
    """With --matches 0, a stream the server ends (status OK) is the end of the run: exit
    0 at once, no reconnection. The server here is a bare ArenaService on a Unix socket
    that answers Hello with Welcome and ends the stream, as a host ends a hosted bot's."""
    hellos: list[arena_pb2.Hello] = []

    def play(requests: Iterator[arena_pb2.PlayRequest], context: grpc.ServicerContext
             ) -> Iterator[arena_pb2.PlayResponse]:
        hellos.append(next(requests).hello)
        yield arena_pb2.PlayResponse(welcome=arena_pb2.Welcome(bot_name="hosted"))

    handler = grpc.method_handlers_generic_handler("arena.v1.ArenaService", {
        "Play": grpc.stream_stream_rpc_method_handler(
            play, request_deserializer=arena_pb2.PlayRequest.FromString,
            response_serializer=arena_pb2.PlayResponse.SerializeToString)})
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=len(built) + 2),
                         handlers=[handler])
    sock = socket_dir / "host.sock"
    assert server.add_insecure_port(f"unix:{sock}")
    server.start()
    try:
        processes = [(kit, _start_hosted(kit, f"unix:{sock}", f"token-{kit.name}", seed=1))
                     for kit in built]
        played = [kits.finish(kit, process, timeout=60) for kit, process in processes]
    finally:
        server.stop(0)
    for result in played:
        context = f"kit {result.kit} (exit {result.returncode}):\n{result.stderr[-3000:]}"
        assert result.returncode == 0, context
        assert result.summary is not None and result.summary["matches"] == 0, context
        assert result.summary["reconnects"] == 0, context
        assert "connected as hosted" in result.stderr, context
        assert "the server ended the stream" in result.stderr, context
    assert sorted(hello.token for hello in hellos) == sorted(f"token-{k.name}" for k in built)
    assert all(hello.max_matches == 0 for hello in hellos), hellos
