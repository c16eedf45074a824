"""Network for a build: its own network namespace reaching the internet through
slirp4netns (a user-mode TCP/IP stack) with the host's loopback cut off, so package
registries answer but Redis and every other service listening on 127.0.0.1 do not."""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import time

SLIRP4NETNS = "slirp4netns"
NAMESERVER = "10.0.2.3"  # slirp4netns' DNS forwarder inside the namespace
_READY_TIMEOUT = 20.0


def slirp_available() -> bool:
    return shutil.which(SLIRP4NETNS) is not None


class Slirp:
    """A slirp4netns process serving the network namespace of ``pid``."""

    def __init__(self, pid: int) -> None:
        binary = shutil.which(SLIRP4NETNS)
        if binary is None:
            raise OSError("slirp4netns is not installed (Debian: apt-get install slirp4netns)")
        ready_read, ready_write = os.pipe()
        self._exit_read, self._exit_write = os.pipe()
        try:
            self._process = subprocess.Popen(
                [binary, "--configure", "--mtu=65520", "--disable-host-loopback",
                 "--enable-sandbox", f"--ready-fd={ready_write}",
                 f"--exit-fd={self._exit_read}", str(pid), "tap0"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                pass_fds=(ready_write, self._exit_read), start_new_session=True)
        finally:
            os.close(ready_write)
            os.close(self._exit_read)
        try:
            self._wait_ready(ready_read)
        except OSError:
            self.close()
            raise
        finally:
            os.close(ready_read)

    def _wait_ready(self, fd: int) -> None:
        deadline = time.monotonic() + _READY_TIMEOUT
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready and os.read(fd, 1):
                return
            if ready or self._process.poll() is not None:
                break
        error = b""
        if self._process.poll() is not None and self._process.stderr is not None:
            error = self._process.stderr.read()
        raise OSError(f"slirp4netns did not bring the network up: "
                      f"{error.decode(errors='replace').strip()[-300:]}")

    def close(self) -> None:
        """Stop it (closing its exit fd, then SIGKILL if it lingers)."""
        if self._exit_write >= 0:
            with contextlib.suppress(OSError):
                os.close(self._exit_write)
            self._exit_write = -1
        try:
            self._process.wait(5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait(5)
        if self._process.stderr is not None:
            self._process.stderr.close()
