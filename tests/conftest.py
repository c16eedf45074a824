"""Shared fixtures: a real redis-server and a real local Ray instance.

Set ARENA_TEST_REDIS_URL to use an already running Redis (CI starts one); otherwise
each test session starts its own redis-server on a free loopback port.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A redis-server child process on 127.0.0.1 with its own data directory."""

    def __init__(self, port: int | None = None, appendonly: bool = True) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="arena-redis-")
        self.appendonly = appendonly
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", self.dir,
                "--save", "", "--appendonly", "yes" if self.appendonly else "no"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """Put the root logger back after a test that configures logging (the ``arena``
    commands with --log-level replace its handlers)."""
    import logging

    from services.cli.logs import OWN_LOGGERS

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    own = {name: logging.getLogger(name).level for name in OWN_LOGGERS}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, own_level in own.items():
        logging.getLogger(name).setLevel(own_level)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """URL of a live Redis for the whole session (shared; tests use unique key prefixes)."""
    url = os.environ.get("ARENA_TEST_REDIS_URL")
    if url:
        yield url
        return
    server = RedisServer()
    server.start()
    yield server.url
    server.stop()
    shutil.rmtree(server.dir, ignore_errors=True)


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A private redis-server a test may stop and restart."""
    server = RedisServer()
    server.start()
    yield server
    server.stop()
    shutil.rmtree(server.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def ray_local() -> Iterator[None]:
    """A real local Ray instance shared by the session (2 CPUs, no dashboard)."""
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
    yield
    ray.shutdown()
