"""Start a command in a sandbox and watch it: ``Sandbox(bot_dir, limits).start(argv,
endpoint)`` gives a ``SandboxedProcess`` with its CPU time, its capped log and a ``kill``
that ends every process it started.

Enforcement, in order of strength:
- bubblewrap namespaces (``services.sandbox.mounts``): the filesystem view, no network,
  a pid namespace whose pid 1 takes every process down with it, no capabilities;
- a pids cgroup (``services.sandbox.cgroup``) where the machine lets us make one: a hard
  task limit; hitting it ends the sandbox;
- rlimits set before bwrap starts, inherited by everything inside: open files, file size;
- a watchdog thread (every 0.1 s) summing the RSS of the sandbox's processes; over the
  memory limit it kills the sandbox (and counts processes where no cgroup could be made).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from services.sandbox import pidfd, proctree
from services.sandbox.capped_log import CappedLog
from services.sandbox.cgroup import PidsCgroup
from services.sandbox.limits import DEFAULT_LIMITS, Limits, format_size
from services.sandbox.mode import BWRAP, SandboxMode
from services.sandbox.mounts import ENDPOINT_INSIDE, View, bwrap_arguments, environment
from services.sandbox.network import NAMESERVER, Slirp, slirp_available

WATCH_INTERVAL = 0.1
logger = logging.getLogger("arena.sandbox")
_START_TIMEOUT = 30.0
EndedBy = Literal["exit", "memory", "tasks", "kill"]


class SandboxError(RuntimeError):
    """The sandbox could not be set up (bad path, bwrap refused): the log tail says why."""


class NetworkSetupFailed(SandboxError):
    """slirp4netns could not join the sandbox's network namespace (EPERM on setns, about
    once in four runs of tests/sandbox; cause not found). A fresh sandbox gets past it,
    so :func:`launch` starts again, at most ``NETWORK_ATTEMPTS`` times."""


NETWORK_ATTEMPTS = 5


@dataclass(frozen=True)
class Sandbox:
    """Where and how a bot runs: its directory (read-only while it plays), its limits,
    the isolation (``bwrap`` or ``none``), where its logs go and any extra read-only
    paths it needs (e.g. a kit's proto/ directory)."""

    bot_dir: Path
    limits: Limits = DEFAULT_LIMITS
    mode: SandboxMode = "bwrap"
    log_dir: Path | None = None
    extra_ro: Sequence[Path] = field(default_factory=tuple)

    def endpoint_address(self, endpoint_socket_path: str | Path) -> str:
        """The path the bot must dial for ``endpoint_socket_path`` (its place inside)."""
        return ENDPOINT_INSIDE if self.mode == "bwrap" else str(endpoint_socket_path)

    def start(self, argv: Sequence[str], endpoint_socket_path: str | Path | None,
              env: Mapping[str, str] | None = None, log_name: str = "bot") -> SandboxedProcess:
        """Start ``argv`` (run in the bot directory) playing: no network but the unix
        socket ``endpoint_socket_path`` (at ``endpoint_address`` inside), the bot
        directory read-only, ``env`` (e.g. its token) beside PATH, HOME, TMPDIR, LANG."""
        endpoint = Path(endpoint_socket_path) if endpoint_socket_path is not None else None
        view = View(bot_dir=Path(self.bot_dir).resolve(), endpoint=endpoint,
                    extra_ro=tuple(self.extra_ro), env=dict(env or {}))
        return launch(view, argv, self.limits, self.mode, self._log_path(log_name))

    def _log_path(self, name: str) -> Path:
        directory = self.log_dir or Path(tempfile.mkdtemp(prefix="arena-sandbox-"))
        directory.mkdir(parents=True, exist_ok=True)
        return directory / f"{name}.log"


def launch(view: View, argv: Sequence[str], limits: Limits, mode: SandboxMode,
           log_path: Path) -> SandboxedProcess:
    """Start ``argv`` with ``view`` and ``limits`` (``Sandbox.start`` and ``build``)."""
    for attempt in range(1, NETWORK_ATTEMPTS + 1):
        try:
            return _launch_once(view, argv, limits, mode, log_path)
        except NetworkSetupFailed:
            if attempt == NETWORK_ATTEMPTS:
                raise
            logger.warning("sandbox network setup failed (attempt %d of %d); starting again",
                           attempt, NETWORK_ATTEMPTS)
    raise AssertionError("unreachable")


def _launch_once(view: View, argv: Sequence[str], limits: Limits, mode: SandboxMode,
                 log_path: Path) -> SandboxedProcess:
    if not argv:
        raise SandboxError("no command to start")
    if not view.bot_dir.is_dir():
        raise SandboxError(f"bot directory not found: {view.bot_dir}")
    if view.endpoint is not None and not view.endpoint.exists():
        raise SandboxError(f"endpoint socket not found: {view.endpoint}")
    cgroup = PidsCgroup.create(limits.max_tasks)
    log_read, log_write = os.pipe()
    info_read, info_write = os.pipe() if mode == "bwrap" else (-1, -1)
    inherited = [info_write] if info_write >= 0 else []
    block_write = -1
    slirp_fds: tuple[int, int] | None = None
    if mode == "bwrap" and view.network:
        if slirp_available():
            block_read, block_write = os.pipe()
            resolv_read, resolv_write = os.pipe()
            os.write(resolv_write, f"nameserver {NAMESERVER}\n".encode())
            os.close(resolv_write)
            slirp_fds = (block_read, resolv_read)
            inherited += slirp_fds
        else:
            _warn_shared_network()
    if mode == "bwrap":
        bwrap = shutil.which(BWRAP)
        if bwrap is None:
            raise SandboxError("bwrap is not installed (Debian: apt-get install bubblewrap)")
        command = [bwrap, *bwrap_arguments(view, limits, info_write, slirp_fds), "--", *argv]
        popen_env = {"PATH": "/usr/bin:/bin"}
        cwd = "/"
    else:
        command = list(argv)
        popen_env = environment(view, [])
        popen_env["PATH"] = os.environ.get("PATH", popen_env["PATH"])
        popen_env["HOME"] = str(view.cache_dir or view.bot_dir)
        cwd = str(view.bot_dir)
    prlimit = shutil.which("prlimit") or "/usr/bin/prlimit"
    command = [prlimit, f"--nofile={limits.open_files}:{limits.open_files}",
               f"--fsize={limits.file_size_bytes}:{limits.file_size_bytes}", "--", *command]
    if cgroup is not None:  # join the cgroup before exec: everything started stays in it
        command = ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(cgroup.procs),
                   *command]
    log = CappedLog(log_read, log_path, limits.stderr_log_bytes)
    try:
        popen = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log_write,
                                 stderr=log_write, cwd=cwd, env=popen_env,
                                 pass_fds=tuple(inherited), start_new_session=True)
    except OSError as error:
        os.close(log_write)
        if block_write >= 0:
            os.close(block_write)
        log.close()
        if cgroup is not None:
            cgroup.remove()
        raise SandboxError(f"cannot start {command[0]}: {error}") from error
    finally:
        for fd in inherited:
            os.close(fd)
    os.close(log_write)
    process = SandboxedProcess(popen, log, limits, mode, cgroup)
    if mode == "bwrap":
        try:
            init_pid = _read_info(info_read, popen)
            process._attach_namespace(init_pid)
            if slirp_fds is not None:
                try:
                    process._slirp = Slirp(init_pid)
                except OSError as error:
                    raise NetworkSetupFailed(str(error)) from None
                os.write(block_write, b"1")  # the network is up: bwrap runs the command
        except (SandboxError, OSError) as error:
            process.kill()
            said = log.tail(5)
            retry = isinstance(error, NetworkSetupFailed) or _loopback_refused(said)
            kind = NetworkSetupFailed if retry else SandboxError
            raise kind(f"{error}; bwrap said: {said}") from None
        finally:
            if block_write >= 0:
                os.close(block_write)
    process._start_watchdog()
    return process


def bwrap_setup_failed(process: SandboxedProcess) -> bool:
    """True when bwrap failed to set up the sandbox's loopback, so the command never ran:
    it exited 1 and wrote only ``bwrap: loopback: ...``. Under load the kernel sometimes
    refuses that address (``Failed RTM_NEWADDR``); starting again works. (A command that
    prints the same line and exits 1 is started again too, which costs only itself.)"""
    if process._mode != "bwrap" or process.ended_by != "exit" or process.poll() != 1:
        return False
    return _loopback_refused(process.log_tail(5))


def _loopback_refused(said: str) -> bool:
    """True when bwrap's only words were that it could not set up the loopback."""
    lines = [line for line in said.splitlines() if line.strip()]
    return len(lines) == 1 and lines[0].startswith("bwrap: loopback: ")


@cache
def _warn_shared_network() -> None:
    logger.warning("slirp4netns is not installed: builds share the host's network, loopback "
                "services included (Debian: apt-get install slirp4netns)")


def _read_info(fd: int, popen: subprocess.Popen[bytes]) -> int:
    """The host pid of the sandbox's pid 1, from bwrap's --info-fd JSON."""
    data = b""
    deadline = time.monotonic() + _START_TIMEOUT
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                data += chunk
                with contextlib.suppress(ValueError):
                    return int(json.loads(data)["child-pid"])
            elif popen.poll() is not None:
                break
    finally:
        os.close(fd)
    raise SandboxError("the sandbox did not start")


class SandboxedProcess:
    """A running sandbox. ``cpu_seconds`` counts its whole process tree; ``kill`` ends
    every process in it; ``ended_by`` says why it ended (its own exit, a limit, kill)."""

    def __init__(self, popen: subprocess.Popen[bytes], log: CappedLog, limits: Limits,
                 mode: SandboxMode, cgroup: PidsCgroup | None) -> None:
        self._popen = popen
        self._log = log
        self._limits = limits
        self._mode: SandboxMode = mode
        self._cgroup = cgroup
        self._init_fd: int | None = None
        self._slirp: Slirp | None = None
        self._namespace_fd: int | None = None
        self._namespace: int | None = None
        self._members: list[int] = [popen.pid]
        self._cpu = 0.0
        self._lock = threading.Lock()
        self._ended_by: EndedBy | None = None
        self._closing = False
        self._closed = False
        self.peak_rss_bytes = 0
        self.stderr_log_path: Path = log.path

    @property
    def pid(self) -> int:
        return self._popen.pid

    def _attach_namespace(self, init_pid: int) -> None:
        try:
            self._init_fd = pidfd.pidfd_open(init_pid)
            # Holding the namespace open keeps its inode number from being reused by a
            # later sandbox while we still find our processes by it.
            self._namespace_fd = os.open(f"/proc/{init_pid}/ns/pid", os.O_RDONLY)
            self._namespace = os.fstat(self._namespace_fd).st_ino
        except OSError as error:
            raise SandboxError(f"the sandbox ended at once ({error})") from None
        self._members = [init_pid]

    def _start_watchdog(self) -> None:
        threading.Thread(target=self._watch, name=f"sandbox-watch {self.pid}",
                         daemon=True).start()

    # -- what it uses --------------------------------------------------------------------

    def members(self) -> list[int]:
        """Host pids of the processes in the sandbox now ([] once closed)."""
        if self._closed:
            return []
        if self._cgroup is not None:
            return self._cgroup.members()
        if self._namespace is not None:
            return proctree.namespace_members(self._namespace)
        return proctree.session_members(self._popen.pid)

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of every process the bot started, ended ones included,
        never decreasing. Resolution: one clock tick (10 ms). Without a cgroup, processes
        started since the watchdog's last look (0.1 s) are counted from its next one."""
        pids = self._cgroup.members() if self._cgroup is not None else list(self._members)
        used = proctree.usage(pids).cpu_seconds
        with self._lock:
            self._cpu = max(self._cpu, used)
            return self._cpu

    def _watch(self) -> None:
        limits = self._limits
        while not self._closed:
            members = self.members()
            if self._popen.poll() is not None and not members:
                break
            self._members = members or self._members
            usage = proctree.usage(members)
            with self._lock:
                self._cpu = max(self._cpu, usage.cpu_seconds)
            self.peak_rss_bytes = max(self.peak_rss_bytes, usage.rss_bytes)
            if usage.rss_bytes > limits.memory_bytes:
                self._end("memory")
            elif self._task_limit_hit(usage):
                self._end("tasks")
            if self._ended_by not in (None, "exit"):
                break
            time.sleep(WATCH_INTERVAL)

    def _task_limit_hit(self, usage: proctree.Usage) -> bool:
        if self._cgroup is not None:  # the cgroup refused a fork
            return self._cgroup.limit_hits() > 0
        return usage.tasks > self._limits.max_tasks

    # -- its end -------------------------------------------------------------------------

    def poll(self) -> int | None:
        """The exit code once the sandbox has ended, else None."""
        code = self._popen.poll()
        if code is not None and self._ended_by is None:
            # A refused fork usually ends the bot before the watchdog sees it: still the
            # task limit's doing.
            refused = self._cgroup is not None and self._cgroup.limit_hits() > 0
            with self._lock:
                if self._ended_by is None:
                    self._ended_by = "tasks" if refused else "exit"
        return code

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the end (subprocess.TimeoutExpired after ``timeout`` seconds)."""
        code = self._popen.wait(timeout)
        self.poll()
        return code

    @property
    def ended_by(self) -> EndedBy | None:
        """None while running; "exit" (its own), "memory" or "tasks" (a limit killed it),
        or "kill" (``kill`` was called)."""
        self.poll()
        return self._ended_by

    def status(self) -> Literal["running", "crash", "killed"]:
        """"crash" when it ended by itself or by a limit, "killed" when the host ended it."""
        ended_by = self.ended_by
        if ended_by is None:
            return "running"
        return "killed" if ended_by == "kill" else "crash"

    def exit_reason(self) -> str:
        """One line for a report: why it ended."""
        ended_by = self.ended_by
        if ended_by == "memory":
            return f"killed: memory over {format_size(self._limits.memory_bytes)}"
        if ended_by == "tasks":
            return f"killed: more than {self._limits.max_tasks} processes and threads"
        if ended_by == "kill":
            return "killed by the arena"
        if ended_by == "exit":
            return f"exited with code {self._popen.returncode}"
        return "running"

    def log_tail(self, lines: int = 20) -> str:
        """The last lines the bot wrote to stdout and stderr."""
        return self._log.tail(lines)

    def _end(self, reason: EndedBy) -> None:
        with self._lock:
            if self._ended_by is None:
                self._ended_by = reason
        self._kill_all()

    def kill(self) -> None:
        """End every process of the sandbox and wait for them (bounded); idempotent."""
        self._end("kill")
        self.close()

    def _kill_all(self) -> None:
        if self._init_fd is not None:  # pid 1 of the namespace: the kernel kills the rest
            with contextlib.suppress(OSError):
                pidfd.pidfd_send_signal(self._init_fd, signal.SIGKILL)
        if self._popen.returncode is None:
            with contextlib.suppress(OSError):
                os.killpg(self._popen.pid, signal.SIGKILL)
        if self._cgroup is not None:
            self._cgroup.kill_all()
        elif self._namespace is None:  # unsandboxed: whatever is left of its session
            for pid in proctree.session_members(self._popen.pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        """Release what the sandbox held once it has ended (log thread, cgroup, pidfd)."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self._popen.wait(10)
        self.poll()
        with self._lock:
            if self._closing:
                return
            self._closing = True
        if self._cgroup is not None:
            self._cgroup.kill_all()
            self._cgroup.remove()
        else:
            self._reap_members()
        self._closed = True
        self._log.close()
        for fd in (self._init_fd, self._namespace_fd):
            if fd is not None:
                os.close(fd)
        self._init_fd = self._namespace_fd = None
        if self._slirp is not None:
            self._slirp.close()
            self._slirp = None

    def _reap_members(self, timeout: float = 5.0) -> None:
        """Without a cgroup: SIGKILL what is left in the namespace or session until it is
        gone (the kernel's own killing after pid 1 dies is not instantaneous)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            members = self.members()
            if not members:
                return
            for pid in members:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)

    def __enter__(self) -> SandboxedProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()
