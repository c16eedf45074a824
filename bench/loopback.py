"""Local servers on loopback for benches and tests: a free port and a private redis-server.

The one launcher both use (tests import it from here: ``tests`` may depend on ``bench``,
never the other way). The server binds 127.0.0.1 only, keeps its files in its own temporary
directory, and is removed with that directory on :meth:`RedisServer.close`.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (the kernel's choice from the ephemeral range)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """A redis-server child process on 127.0.0.1 with its own data directory.

    ``appendonly`` keeps an append-only file so a :meth:`restart` finds the data again
    (tests of outages want it; benches turn it off). Snapshots are always off.
    """

    def __init__(self, port: int | None = None, appendonly: bool = True,
                 launcher: Callable[[str], list[str]] | None = None,
                 start_timeout: float = 10) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (apt-get install redis-server)")
        self.binary = binary
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="arena-redis-")
        self.appendonly = appendonly
        # ``launcher(dir)``: a command to run the server under (bench.ladder_cost:
        # callgrind, writing into the server's dir)
        self.launcher = launcher
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        """Start the server and wait (at most ``start_timeout``) until it accepts
        connections."""
        prefix = self.launcher(self.dir) if self.launcher is not None else []
        args = [*prefix, self.binary, "--port", str(self.port), "--bind", "127.0.0.1",
                "--dir", self.dir, "--save", "", "--appendonly",
                "yes" if self.appendonly else "no"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        """Stop the server; its data directory stays for a :meth:`restart`."""
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def close(self) -> None:
        """Stop the server and remove its data directory."""
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)
