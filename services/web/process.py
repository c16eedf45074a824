"""The web front end as a child process of ``arena serve``, so readers never slow play.

:class:`WebProcess` runs ``arena web`` (with the gateway's Redis, key prefix and replay
directory) at a lower CPU priority, waits for its ``web on URL`` line, and watches it
from a thread of its own: a crash is logged and the site is started again (after 1 s,
doubling up to :data:`MAX_BACKOFF` while it keeps crashing), and play never notices.
The child dies with the gateway: it asks the kernel for SIGTERM when its parent thread
dies (Linux) and also checks every :data:`PARENT_POLL` seconds that its parent is alive
(:func:`follow_parent`, run by ``arena web --parent-pid``).
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

log = logging.getLogger(__name__)

DEFAULT_NICE = 10
MAX_BACKOFF = 30.0
STEADY_SECONDS = 60.0  # up this long, the backoff starts again from 1 s
PARENT_POLL = 0.5
# How long a site whose gateway died may take to close before its watcher ends it.
ORPHAN_GRACE = 25.0
_WEB_URL = re.compile(r"web on (http://\S+)")
_PR_SET_PDEATHSIG = 1


class WebProcess:
    """``arena web`` as a supervised child; :meth:`start` returns its URL."""

    def __init__(
        self, *, host: str, port: int, redis: str, key_prefix: str, replays: Path | None,
        nice: int = DEFAULT_NICE, max_builds: int | None = None,
        python: str = sys.executable,
    ) -> None:
        self.host = host
        self.port = port
        self._redis = redis
        self._key_prefix = key_prefix
        self._replays = replays
        self._nice = nice
        self._max_builds = max_builds
        self._python = python
        self._stopping = threading.Event()
        self._started = threading.Event()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[str] | None = None
        self._thread: threading.Thread | None = None
        self._failure = ""
        self.url = ""
        self.crashes = 0

    def argv(self) -> list[str]:
        argv = [self._python, "-m", "services.cli.main", "web", "--host", self.host,
                "--port", str(self.port), "--redis", self._redis, "--key-prefix",
                self._key_prefix, "--nice", str(self._nice), "--parent-pid", str(os.getpid())]
        if self._replays is not None:
            argv += ["--replays", str(self._replays)]
        if self._max_builds is not None:
            argv += ["--max-resimulations", str(self._max_builds)]
        return argv

    @property
    def pid(self) -> int | None:
        process = self._process
        return None if process is None or process.poll() is not None else process.pid

    def start(self, timeout: float = 120.0) -> str:
        """Start the site and wait for its URL; RuntimeError if it does not come up."""
        self._thread = threading.Thread(target=self._supervise, name="web-process", daemon=True)
        self._thread.start()
        if not self._started.wait(timeout) or not self.url:
            self.stop()
            raise RuntimeError(f"the web front end did not start: {self._failure or 'timed out'}")
        return self.url

    def _spawn(self) -> subprocess.Popen[str]:
        # Its own session: a Ctrl-C at the terminal reaches the gateway, which drains and
        # then stops the site, instead of both at once.
        return subprocess.Popen(
            self.argv(), stdout=subprocess.PIPE, stderr=None, stdin=subprocess.DEVNULL,
            text=True, start_new_session=True,
        )

    def _supervise(self) -> None:
        """Run the child (from this thread, which lives as long as the site should: the
        child's death signal follows the thread that started it); restart it on a crash."""
        backoff = 1.0
        while not self._stopping.is_set():
            began = time.monotonic()
            with self._lock:
                if self._stopping.is_set():
                    return
                self._process = process = self._spawn()
            url = self._read_url(process)
            if url is not None and not self.url:
                self.url = url
                self.port = int(url.rstrip("/").rsplit(":", 1)[1])  # a restart keeps it
            if not self._started.is_set():
                if url is None:
                    self._failure = f"arena web exited with code {process.wait()}"
                self._started.set()
                if url is None:
                    return
            assert process.stdout is not None
            for _ in process.stdout:  # keep the pipe drained
                pass
            code = process.wait()
            if self._stopping.is_set():
                return
            self.crashes += 1
            if time.monotonic() - began > STEADY_SECONDS:
                backoff = 1.0
            log.error("the web front end (pid %d) exited with code %d; play goes on, the "
                      "site starts again in %g s", process.pid, code, backoff,
                      extra={"web_pid": process.pid, "exit_code": code, "restart_in": backoff})
            if self._stopping.wait(backoff):
                return
            backoff = min(MAX_BACKOFF, backoff * 2)

    @staticmethod
    def _read_url(process: subprocess.Popen[str]) -> str | None:
        assert process.stdout is not None
        for line in process.stdout:
            found = _WEB_URL.search(line)
            if found:
                return found.group(1)
        return None

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the site (SIGTERM, then SIGKILL after ``timeout``) and its watcher."""
        with self._lock:
            self._stopping.set()
            process = self._process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)


class StopRequest:
    """A stop asked for by a signal handler or another thread, without a lock.

    A :class:`threading.Event` set from a signal handler can deadlock: the handler runs
    in the main thread, which may already hold the event's lock, and then a watcher
    thread setting the same event waits forever too. A plain attribute cannot.
    """

    def __init__(self) -> None:
        self.requested = False

    def set(self) -> None:
        self.requested = True

    def wait(self, poll: float = 0.2) -> None:
        """Return within ``poll`` seconds of :meth:`set`."""
        while not self.requested:
            time.sleep(poll)


def follow_parent(parent: int, stop: Callable[[], None]) -> None:
    """In the web child: call ``stop`` when the process ``parent`` is gone (SIGTERM from
    the kernel on Linux, and a polling thread)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    def watch() -> None:  # also when the parent died before the prctl above
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        stop()  # must not take a lock: the exit below cannot depend on the main thread
        time.sleep(ORPHAN_GRACE)  # whatever the main thread is stuck in, an orphan ends
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def nice_of(pid: int) -> int:
    """The nice value of a process (Linux /proc)."""
    fields: Sequence[str] = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[16])
