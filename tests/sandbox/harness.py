"""The host side of the sandbox tests: a bot directory made from one script of bots/, a
unix-socket endpoint speaking the bots' line protocol, and the status a host reports for
one decision (ok, timeout on the bot's own CPU time, crash)."""

from __future__ import annotations

import os
import select
import shutil
import socket
import time
from dataclasses import dataclass
from pathlib import Path

from services.sandbox import SandboxedProcess

BOTS = Path(__file__).parent / "bots"
PYTHON = "/usr/bin/python3"  # the system Python: what a sandboxed bot finds on its PATH


def make_bot_dir(root: Path, script: str) -> Path:
    """A bot directory holding bots/<script> as bot.py, with the protocol helper."""
    bot_dir = root / "bot"
    bot_dir.mkdir()
    shutil.copy(BOTS / script, bot_dir / "bot.py")
    shutil.copy(BOTS / "_line.py", bot_dir / "_line.py")
    return bot_dir


class Endpoint:
    """A unix socket the bot dials; one connection, line requests and answers."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(path))
        self.server.listen(1)
        self.conn: socket.socket | None = None
        self._buffer = b""

    def accept(self, process: SandboxedProcess, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and process.poll() is None:
            ready, _, _ = select.select([self.server], [], [], 0.1)
            if ready:
                self.conn, _ = self.server.accept()
                return
        raise AssertionError(f"the bot never connected: {process.exit_reason()}\n"
                             f"{process.log_tail()}")

    def send(self, text: str) -> None:
        assert self.conn is not None
        self.conn.sendall(text.encode() + b"\n")

    def read_line(self, wait: float) -> str | bool | None:
        """A line, None if none arrived within ``wait`` s, False once the bot hung up."""
        assert self.conn is not None
        if b"\n" not in self._buffer:
            ready, _, _ = select.select([self.conn], [], [], wait)
            if not ready:
                return None
            chunk = self.conn.recv(65536)
            if not chunk:
                return False
            self._buffer += chunk
        if b"\n" not in self._buffer:
            return None
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        self.server.close()
        self.path.unlink(missing_ok=True)


@dataclass
class Decision:
    status: str  # ok | timeout | crash
    answer: str | None
    cpu_seconds: float  # the bot's own CPU time spent on this decision


def decide(process: SandboxedProcess, endpoint: Endpoint, request: str,
           cpu_deadline: float = 2.0, wall_cap: float = 60.0) -> Decision:
    """Ask one decision the way a host does: the deadline applies to the bot's own CPU
    time (its whole tree); the wall-clock cap only catches a bot that sleeps forever."""
    started_cpu = process.cpu_seconds()
    started = time.monotonic()
    endpoint.send(request)
    while True:
        line = endpoint.read_line(0.05)
        used = process.cpu_seconds() - started_cpu
        if isinstance(line, str):
            return Decision("ok", line, used)
        if line is False or process.poll() is not None:
            return Decision("crash", None, used)
        if used > cpu_deadline or time.monotonic() - started > wall_cap:
            return Decision("timeout", None, used)


def host_pids_with(marker: str) -> list[int]:
    """Pids of host processes whose command line holds ``marker``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as cmdline:
                if marker.encode() in cmdline.read():
                    found.append(int(name))
        except OSError:
            continue
    return found
