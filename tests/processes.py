"""Ending the arena processes a test started (``arena serve``, ``arena web``)."""

from __future__ import annotations

import signal
import subprocess


def stop(process: subprocess.Popen[str], timeout: float = 30.0) -> str:
    """SIGTERM ``process``, give it ``timeout`` seconds to drain and exit, else kill it;
    returns what it wrote to stderr ("" when stderr was not piped)."""
    process.send_signal(signal.SIGTERM)
    try:
        return process.communicate(timeout=timeout)[1] or ""
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate()[1] or ""
