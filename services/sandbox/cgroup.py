"""A pids cgroup per sandbox where this machine lets us make one: a hard limit on the
tasks (processes and threads) of the sandbox, and the exact list of its processes.

cgroup v2 needs the pids controller delegated to our cgroup (``cgroup.subtree_control``);
cgroup v1 needs a writable ``pids`` hierarchy (as root on a host with the v1 or hybrid
layout). When neither works the sandbox falls back to counting processes (see
``services.sandbox.process``).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import time
from pathlib import Path

_ROOT = Path("/sys/fs/cgroup")
_serial = itertools.count()


def _own_cgroup(controller: str) -> tuple[Path, bool] | None:
    """(directory of this process's cgroup for ``controller``, is_v2) or None."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            base = _ROOT / controller
            return (base / path.lstrip("/"), False) if base.is_dir() else None
    for line in lines:
        hierarchy, controllers, path = line.split(":", 2)
        if hierarchy == "0" and controllers == "" and (_ROOT / "cgroup.controllers").exists():
            directory = _ROOT / path.lstrip("/")
            try:
                delegated = (directory / "cgroup.subtree_control").read_text().split()
            except OSError:
                return None
            return (directory, True) if controller in delegated else None
    return None


class PidsCgroup:
    """One sandbox's pids cgroup. Processes join it by writing their pid to ``procs``
    before they exec (a child inherits it, so nothing the sandbox starts leaves it)."""

    def __init__(self, path: Path, v2: bool) -> None:
        self.path = path
        self.v2 = v2

    @classmethod
    def create(cls, max_tasks: int) -> PidsCgroup | None:
        """A new cgroup limited to ``max_tasks`` tasks, or None where we cannot make one."""
        found = _own_cgroup("pids")
        if found is None:
            return None
        parent, v2 = found
        path = parent / f"arena-sandbox-{os.getpid()}-{next(_serial)}"
        try:
            path.mkdir()
        except OSError:
            return None
        try:
            (path / "pids.max").write_text(str(max_tasks))
        except OSError:
            with contextlib.suppress(OSError):
                path.rmdir()
            return None
        return cls(path, v2)

    @property
    def procs(self) -> Path:
        return self.path / "cgroup.procs"

    def members(self) -> list[int]:
        """Host pids of the processes in the cgroup."""
        try:
            return [int(line) for line in self.procs.read_text().split()]
        except OSError:
            return []

    def limit_hits(self) -> int:
        """How many forks the task limit has refused so far."""
        try:
            for line in (self.path / "pids.events").read_text().splitlines():
                key, value = line.split()
                if key == "max":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def kill_all(self, timeout: float = 5.0) -> None:
        """SIGKILL every process in the cgroup until it is empty (bounded)."""
        if self.v2:
            with contextlib.suppress(OSError):
                (self.path / "cgroup.kill").write_text("1")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            members = self.members()
            if not members:
                return
            for pid in members:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)

    def remove(self) -> None:
        """Delete the (empty) cgroup; it stays if a process somehow remains."""
        with contextlib.suppress(OSError):
            self.path.rmdir()
