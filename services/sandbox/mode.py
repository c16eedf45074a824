"""``--sandbox bwrap|none``, ``--bot-memory`` and ``--build-timeout`` for the commands
that host bots: the option definitions, and the choice of a default."""

from __future__ import annotations

import argparse
import logging
import shutil
import subprocess
from dataclasses import replace
from functools import cache
from typing import Literal

from services.sandbox.limits import DEFAULT_BUILD_TIMEOUT, DEFAULT_LIMITS, Limits, parse_size

SandboxMode = Literal["bwrap", "none"]
SANDBOX_MODES: tuple[SandboxMode, ...] = ("bwrap", "none")
BWRAP = "bwrap"

log = logging.getLogger("arena.sandbox")


@cache
def bwrap_available() -> bool:
    """True when bubblewrap is installed and can build this sandbox here (user and pid
    namespaces allowed): checked once by running ``true`` in a minimal sandbox."""
    path = shutil.which(BWRAP)
    if path is None:
        return False
    probe = [path, "--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
             "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev",
             "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def resolve_mode(requested: str | None) -> SandboxMode:
    """The sandbox to use: ``requested`` if given (ValueError if it is "bwrap" and bwrap
    cannot run here), else bwrap when available, else none with a one-line warning."""
    if requested is None:
        if bwrap_available():
            return "bwrap"
        log.warning("bubblewrap (bwrap) is not available: hosted bots run WITHOUT a sandbox "
                    "(Debian: apt-get install bubblewrap)")
        return "none"
    if requested == "none":
        return "none"
    if requested == "bwrap":
        if not bwrap_available():
            raise ValueError("--sandbox bwrap: bubblewrap is not installed or cannot create "
                             "user and pid namespaces here (Debian: apt-get install bubblewrap)")
        return "bwrap"
    raise ValueError(f"--sandbox must be one of {', '.join(SANDBOX_MODES)}, not {requested!r}")


def _size(text: str) -> int:
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def add_sandbox_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --sandbox, --bot-memory and --build-timeout to a command that hosts bots."""
    group = parser.add_argument_group("sandbox of hosted bots")
    group.add_argument("--sandbox", choices=SANDBOX_MODES, default=None,
                       help="isolation of hosted bots (default: bwrap where available, else "
                            "none with a warning)")
    group.add_argument("--bot-memory", type=_size, default=DEFAULT_LIMITS.memory_bytes,
                       metavar="SIZE", help="memory of each hosted bot, its whole process "
                                            "tree (default: 1GiB)")
    group.add_argument("--build-timeout", type=_seconds, default=DEFAULT_BUILD_TIMEOUT,
                       metavar="SECONDS",
                       help="wall-clock limit of a bot directory's build (default: 600)")


def limits_from_args(args: argparse.Namespace, base: Limits = DEFAULT_LIMITS) -> Limits:
    """The limits the parsed options ask for."""
    return replace(base, memory_bytes=args.bot_memory)
