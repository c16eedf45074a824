"""Copy a pipe to a file, keeping at most a fixed number of bytes: after the cap one
marker line says the rest was dropped, and the pipe is still drained so the writer never
blocks on a full pipe."""

from __future__ import annotations

import os
import threading
from pathlib import Path

DROPPED_MARKER = b"\n[arena sandbox: log capped at %d bytes; the rest was dropped]\n"
_CHUNK = 1 << 16
_TAIL = 1 << 14  # the last bytes seen, dropped or not, for error messages


class CappedLog:
    """Drains ``fd`` into ``path`` in a daemon thread; ``close`` waits for the end."""

    def __init__(self, fd: int, path: Path, cap: int) -> None:
        self.path = path
        self.cap = cap
        self.written = 0
        self.dropped = 0
        self._fd = fd
        self._last = b""
        self._thread = threading.Thread(target=self._copy, name=f"sandbox-log {path.name}",
                                        daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        with open(self.path, "wb", buffering=0) as out:
            while True:
                try:
                    chunk = os.read(self._fd, _CHUNK)
                except OSError:
                    break
                if not chunk:
                    break
                self._last = (self._last + chunk)[-_TAIL:]
                room = self.cap - self.written
                if room > 0:
                    out.write(chunk[:room])
                    self.written += min(room, len(chunk))
                if len(chunk) > room:
                    if self.dropped == 0:
                        out.write(DROPPED_MARKER % self.cap)
                    self.dropped += len(chunk) - max(room, 0)
        os.close(self._fd)

    def close(self, timeout: float = 5.0) -> None:
        """Wait until the writers have all closed the pipe (bounded)."""
        self._thread.join(timeout)

    def tail(self, lines: int = 20) -> str:
        """The last ``lines`` lines written to the pipe (kept in the log or not)."""
        text = self._last.decode("utf-8", "replace")
        return "\n".join(text.splitlines()[-lines:])
