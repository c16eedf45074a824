"""A real two-node Ray cluster on this machine, for tests: the ``two_node_ray`` fixture
(one per test session; tests/conftest.py makes it available everywhere) or
:func:`start_cluster`.

Each node is its own ``ray start --block`` process (own CPUs, temp dir and ports, all on
127.0.0.1), in its own session; stopping sends SIGTERM to exactly those processes, which
take their Ray children with them, and then kills whatever still runs from their temp
dirs. Never ``ray stop``: other people's Ray may run on the same machine. A private auth
token is passed through the environment, so nothing is read from or written to
``~/.ray``. A node starts with a raised scheduler priority (see ``_autogroup_nice``),
and one that does not come up all the same is started again, the whole cluster at most
``START_ATTEMPTS`` times.

A driver joins with ``ray.init(address=cluster.address)`` under ``cluster.env`` (the
token), or runs ``arena ... --ray-address cluster.address`` with ``env=cluster.env``.
``node_env`` gives each node extra environment variables (e.g. its own
``XDG_CACHE_HOME``, so two nodes on one machine keep separate caches).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bench.loopback import free_port

RAY = str(Path(sys.executable).with_name("ray"))
READY = "Ray runtime started"
START_ATTEMPTS = 3
STARTING_NICE = -10


@dataclass
class Node:
    process: subprocess.Popen[bytes]
    temp_dir: Path
    log: Path


@dataclass
class Cluster:
    address: str
    dashboard: str
    env: dict[str, str]
    nodes: list[Node] = field(default_factory=list)

    def stop(self) -> None:
        for node in self.nodes:
            if node.process.poll() is None:
                node.process.send_signal(signal.SIGTERM)
        for node in self.nodes:
            try:
                node.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(node.process.pid, signal.SIGKILL)
                node.process.wait(timeout=10)
        for node in self.nodes:
            _kill_leftovers(node.temp_dir)
            shutil.rmtree(node.temp_dir, ignore_errors=True)
            node.log.unlink(missing_ok=True)


def _kill_leftovers(temp_dir: Path) -> None:
    """SIGKILL any process whose command line names this node's temp dir."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if str(temp_dir).encode() in cmdline:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(proc.name), signal.SIGKILL)


def _ports(*names: str) -> list[str]:
    args: list[str] = []
    for name in names:
        args += [f"--{name}", str(free_port())]
    return args


def _start_node(args: list[str], env: dict[str, str], worker_ports: int, cpus: int) -> Node:
    temp_dir = Path(tempfile.mkdtemp(prefix="arena-ray-", dir="/tmp"))
    log = temp_dir.with_suffix(".log")
    command = [
        RAY, "start", "--block", "--num-cpus", str(cpus), "--temp-dir", str(temp_dir),
        "--object-store-memory", str(100 * 1024 * 1024), "--disable-usage-stats",
        "--min-worker-port", str(worker_ports), "--max-worker-port", str(worker_ports + 199),
        *_ports("node-manager-port", "object-manager-port", "dashboard-agent-listen-port",
                "dashboard-agent-grpc-port", "runtime-env-agent-port", "metrics-export-port"),
        *args,
    ]
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   start_new_session=True)
    _autogroup_nice(process.pid, STARTING_NICE)
    return Node(process, temp_dir, log)


def _autogroup_nice(pid: int, nice: int) -> None:
    """Set the scheduler priority of the session ``pid`` leads (its autogroup: every Ray
    process of the node). A starting raylet gives its Python agents a hard-coded 15 s to
    write their port files and exits when they miss it, which a loaded machine makes
    them do; so a node starts with priority, then goes back to normal. Needs root (or
    CAP_SYS_NICE); without it nothing changes."""
    with contextlib.suppress(OSError):
        Path(f"/proc/{pid}/autogroup").write_text(str(nice))


def _wait_ready(node: Node, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if READY in node.log.read_text(errors="replace"):
            _autogroup_nice(node.process.pid, 0)
            return
        if node.process.poll() is not None:
            break
        time.sleep(0.25)
    raise RuntimeError(f"ray node did not start:\n{node.log.read_text(errors='replace')[-3000:]}")


def start_cluster(cpus: Sequence[int] = (1, 1),
                  node_env: Sequence[Mapping[str, str]] | None = None) -> Cluster:
    """A head (with the dashboard, for job submission) and one more node per further
    entry of ``cpus`` (CPUs of each node); retried when a node does not start."""
    for attempt in range(1, START_ATTEMPTS + 1):
        try:
            return _start_once(cpus, node_env or [{} for _ in cpus])
        except RuntimeError:
            if attempt == START_ATTEMPTS:
                raise
            time.sleep(2.0 * attempt)
    raise AssertionError("unreachable")


def _start_once(cpus: Sequence[int], node_env: Sequence[Mapping[str, str]]) -> Cluster:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))
    port, dashboard = free_port(), free_port()
    if not 1 <= len(cpus) <= 4:
        raise ValueError("a test cluster has 1 to 4 nodes")
    # Below the ephemeral range (32768+) that free_port() draws from: no clash with it;
    # 200 worker ports per node, 4 nodes per test process.
    worker_ports = 20_000 + (os.getpid() % 15) * 800
    cluster = Cluster(f"127.0.0.1:{port}", f"http://127.0.0.1:{dashboard}", env)
    try:
        for number, (count, extra) in enumerate(zip(cpus, node_env, strict=True)):
            if number == 0:
                args = ["--head", "--port", str(port), "--node-ip-address", "127.0.0.1",
                        "--include-dashboard", "true", "--dashboard-host", "127.0.0.1",
                        "--dashboard-port", str(dashboard), *_ports("ray-client-server-port")]
            else:
                args = ["--address", cluster.address, "--node-ip-address", "127.0.0.1"]
            node = _start_node(args, {**env, **extra}, worker_ports + 200 * number, count)
            cluster.nodes.append(node)
            _wait_ready(node)
    except BaseException:
        cluster.stop()
        raise
    return cluster


@pytest.fixture(scope="session")
def two_node_ray() -> Iterator[Cluster]:
    """A two-node Ray cluster (1 CPU per node), started once for the test session and
    shared by every test that asks (a test must not stop its nodes: one that needs
    other nodes starts its own with :func:`start_cluster`)."""
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()
