"""A bot per misbehaviour, each run in the real bubblewrap sandbox as a hosted bot:
the status the host reports, and that nothing escapes."""

from __future__ import annotations

import shutil
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from bench.loopback import RedisServer
from services.sandbox import Limits, Sandbox, SandboxedProcess, bwrap_available
from services.sandbox.capped_log import DROPPED_MARKER
from tests.sandbox.harness import PYTHON, Endpoint, decide, host_pids_with, make_bot_dir

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(shutil.which("bwrap") is None or not bwrap_available(),
                       reason="bubblewrap is not installed or cannot run here"),
]


class Hosted:
    """One sandboxed test bot and its endpoint."""

    def __init__(self, tmp_path: Path, script: str, *args: str,
                 limits: Limits | None = None) -> None:
        self.bot_dir = make_bot_dir(tmp_path, script)
        self.endpoint = Endpoint(tmp_path / "ep.sock")
        self.sandbox = Sandbox(self.bot_dir, limits or Limits(), log_dir=tmp_path / "logs")
        address = self.sandbox.endpoint_address(self.endpoint.path)
        self.process: SandboxedProcess = self.sandbox.start(
            [PYTHON, "bot.py", address, *args], self.endpoint.path,
            env={"ARENA_TOKEN": "its-own-token"})
        self.endpoint.accept(self.process)

    def close(self) -> None:
        self.process.kill()
        self.endpoint.close()


@pytest.fixture
def host(tmp_path: Path) -> Iterator[object]:
    made: list[Hosted] = []

    def start(script: str, *args: str, limits: Limits | None = None) -> Hosted:
        hosted = Hosted(tmp_path, script, *args, limits=limits)
        made.append(hosted)
        return hosted

    yield start
    for hosted in made:
        hosted.close()


def assert_all_dead(process: SandboxedProcess) -> None:
    process.kill()
    assert process.members() == []
    assert process.poll() is not None


def test_normal_bot_talks_over_the_unix_socket(host) -> None:
    bot = host("normal.py")
    for request in ("a", "bb", "ccc"):
        decision = decide(bot.process, bot.endpoint, request)
        assert (decision.status, decision.answer) == ("ok", f"len {len(request)}")
    assert bot.process.status() == "running"
    bot.endpoint.conn.close()  # the host ends the stream: the bot leaves by itself
    assert bot.process.wait(30) == 0
    assert bot.process.ended_by == "exit"


def test_fork_bomb_hits_the_task_limit_and_dies_whole(host) -> None:
    bot = host("fork_bomb.py", limits=Limits(max_tasks=64))
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=30)
    assert decision.status == "crash"
    assert bot.process.ended_by == "tasks"
    assert bot.process.status() == "crash"
    assert_all_dead(bot.process)
    assert host_pids_with(str(bot.bot_dir)) == []


def test_4_gib_allocation_is_killed_at_the_memory_limit(host) -> None:
    bot = host("big_alloc.py")
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=60)
    assert decision.status == "crash"
    assert bot.process.ended_by == "memory"
    assert "memory over 1 GiB" in bot.process.exit_reason()
    assert bot.process.peak_rss_bytes > 1 << 30
    assert bot.process.peak_rss_bytes < 4 << 30  # stopped well before it got its 4 GiB
    assert_all_dead(bot.process)


def test_busy_loop_times_out_on_its_own_cpu_time(host) -> None:
    bot = host("busy_loop.py")
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=0.5)
    assert decision.status == "timeout"
    assert decision.cpu_seconds > 0.5
    assert bot.process.status() == "running"  # the host decides; then it kills
    assert_all_dead(bot.process)
    assert bot.process.status() == "killed"


def test_exit_mid_match_is_a_crash(host) -> None:
    bot = host("exit_mid_run.py")
    assert decide(bot.process, bot.endpoint, "first").status == "ok"
    assert decide(bot.process, bot.endpoint, "second").status == "crash"
    assert bot.process.wait(30) == 3
    assert (bot.process.ended_by, bot.process.status()) == ("exit", "crash")
    assert bot.process.exit_reason() == "exited with code 3"


def test_child_left_running_dies_with_the_sandbox(host) -> None:
    marker = f"orphan-{uuid.uuid4().hex}"
    bot = host("orphan_child.py", marker)
    assert decide(bot.process, bot.endpoint, "go").answer == "child started"
    child = f"{marker}-child"
    assert len(host_pids_with(child)) == 1  # the detached child runs: the check can fail
    assert decide(bot.process, bot.endpoint, "again").status == "crash"  # it left mid-match
    bot.process.wait(30)
    assert bot.process.status() == "crash"
    # Its pid namespace ends with it (pid 1 gone: the kernel kills the rest); kill()
    # makes sure and waits.
    assert_all_dead(bot.process)
    assert host_pids_with(child) == []


def test_no_tcp_to_redis_or_any_loopback_port(host) -> None:
    server = RedisServer(appendonly=False).start()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    try:
        client = redis.Redis(port=server.port)
        before = client.info("stats")["total_connections_received"]
        other = listener.getsockname()[1]
        bot = host("net_escape.py", str(server.port), str(other))
        decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=30)
        assert decision.status == "ok"
        results = dict(item.split(":") for item in decision.answer.split())
        assert results[str(server.port)] != "connected", results
        assert results[str(other)] != "connected", results
        # the same connections from the host side work: the test could have failed
        socket.create_connection(("127.0.0.1", other), timeout=2).close()
        assert client.info("stats")["total_connections_received"] == before  # not the bot
        redis.Redis(port=server.port).ping()
        assert client.info("stats")["total_connections_received"] == before + 1
        listener.accept()[0].close()  # only the host's own connection was queued
        with pytest.raises(BlockingIOError):
            listener.accept()
    finally:
        listener.close()
        server.close()


def test_secret_file_outside_the_bot_directory_is_invisible(host, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("the arena's secret\n")
    targets = [str(secret), "/etc/shadow", "/root/.bashrc", "/home", "/var/lib/redis",
               str(Path(__file__).resolve())]  # the arena's own files
    bot = host("read_secret.py", *targets)
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=30)
    assert decision.status == "ok"
    assert "secret" not in decision.answer.replace(str(secret), "")
    for path in targets:
        assert f"{path}:read" not in decision.answer, decision.answer


def test_environment_holds_only_its_own_token(host, monkeypatch) -> None:
    monkeypatch.setenv("ARENA_OTHER_TOKEN", "not-for-bots")
    bot = host("read_secret.py", "/proc/self/environ", "/proc/1/environ")
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=30)
    assert "ARENA_TOKEN=its-own-token" in decision.answer
    assert "not-for-bots" not in decision.answer
    assert "/proc/1/environ:read:'PATH=/usr/bin:/bin" in decision.answer  # its own pid 1


def test_writes_outside_private_tmp_fail(host, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    bot_file = tmp_path / "bot" / "x"
    # A name no other process uses: the host's /tmp may hold anything (CI clones into it).
    private_tmp = f"/tmp/arena-escape-{uuid.uuid4().hex}"
    bot = host("write_outside.py", str(outside / "x"), str(bot_file), "/usr/x", "/x",
               private_tmp)
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=30)
    results = dict(item.split(":") for item in decision.answer.split(" | "))
    assert results[private_tmp] == "written"  # its private /tmp works...
    for path in (str(outside / "x"), str(bot_file), "/usr/x", "/x"):
        assert results[path] != "written", results
    assert not (outside / "x").exists() and not Path("/x").exists()
    assert not bot_file.exists()
    assert not Path(private_tmp).exists()  # ...and is not the host's


def test_100_mb_on_stderr_keeps_a_capped_log(host) -> None:
    bot = host("stderr_flood.py")
    decision = decide(bot.process, bot.endpoint, "go", cpu_deadline=60)
    assert (decision.status, decision.answer) == ("ok", "flooded")
    assert decide(bot.process, bot.endpoint, "next").status == "ok"  # it never blocked
    bot.process.kill()
    log = bot.process.stderr_log_path.read_bytes()
    marker = DROPPED_MARKER % 1_000_000
    assert len(log) == 1_000_000 + len(marker)
    assert log.endswith(marker)
