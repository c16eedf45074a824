"""Argument types for every URL, address, port, path, count and duration flag of the
``arena`` command.

Each function takes the flag's text and returns the parsed value or raises
``argparse.ArgumentTypeError`` with a message that says what is wrong and what a good
value looks like. :class:`ArenaParser` turns that into one line on stderr and exit
code 2, before any work starts.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import NoReturn

from services.wire.addresses import fail as _fail
from services.wire.addresses import host_port, ray_address, redis_url
from services.wire.addresses import port_number as _port_number

# The address types live with the services that dial them; the commands use them as flags.
__all__ = ["host_port", "ray_address", "redis_url"]

EXIT_USAGE = 2
STDOUT = "-"


class ArenaParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (``arena serve: error: ...``) and
    exit code 2, without the usage block (``--help`` still prints it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def port(text: str) -> int:
    """A TCP port to listen on, 0-65535 (0: any free port)."""
    return _port_number(text, "port", allow_zero=True)


def bind_host(text: str) -> str:
    """An address to bind: a host name or IP without a port."""
    if not text or any(c.isspace() for c in text) or "/" in text:
        _fail(f"{text!r} is not a host name or IP address")
    if ":" in text.strip("[]") and not text.startswith("[") and text.count(":") == 1:
        _fail(f"{text!r} looks like HOST:PORT; give the host here and the port to --port")
    return text


def readable_file(text: str) -> Path:
    """An existing, readable file."""
    path = Path(text)
    if not path.is_file():
        _fail(f"{text!r} does not exist" if not path.exists() else f"{text!r} is not a file")
    if not os.access(path, os.R_OK):
        _fail(f"{text!r} is not readable")
    return path


def output_dir(text: str) -> Path:
    """A directory to write into: existing and writable, or creatable."""
    path = Path(text)
    if path.exists():
        if not path.is_dir():
            _fail(f"{text!r} exists and is not a directory")
        if not os.access(path, os.W_OK | os.X_OK):
            _fail(f"directory {text!r} is not writable")
        return path
    parent = _existing_ancestor(path)
    if not parent.is_dir():
        _fail(f"cannot create {text!r}: {str(parent)!r} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        _fail(f"cannot create {text!r}: {str(parent)!r} is not writable")
    return path


def output_file(text: str) -> Path | str:
    """A file to write (its directory must exist and be writable), or ``-`` (returned
    as the string :data:`STDOUT`) for standard output."""
    if text == STDOUT:
        return STDOUT
    return writable_file(text)


def writable_file(text: str) -> Path:
    """A file to write or append to: its directory must exist and be writable."""
    path = Path(text)
    if path.is_dir():
        _fail(f"{text!r} is a directory; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        _fail(f"directory {str(parent)!r} of {text!r} does not exist")
    writable = os.access(parent, os.W_OK | os.X_OK)
    if not writable or (path.exists() and not os.access(path, os.W_OK)):
        _fail(f"{text!r} is not writable")
    return path


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        _fail(f"{text!r} is not a whole number")
    if value < 1:
        _fail(f"{value} must be at least 1")
    return value


def non_negative_int(text: str) -> int:
    """A whole number, 0 or more (0 usually means none or no limit)."""
    try:
        value = int(text)
    except ValueError:
        _fail(f"{text!r} is not a whole number")
    if value < 0:
        _fail(f"{value} must be 0 or more")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        _fail(f"{text!r} is not a number of seconds")
    if not math.isfinite(value):
        _fail(f"{text!r} is not a finite number of seconds")
    return value


def positive_seconds(text: str) -> float:
    """A duration in seconds, more than 0."""
    value = _seconds(text)
    if value <= 0:
        _fail(f"{value:g} must be more than 0 seconds")
    return value


def non_negative_seconds(text: str) -> float:
    """A duration in seconds, 0 or more."""
    value = _seconds(text)
    if value < 0:
        _fail(f"{value:g} must be 0 seconds or more")
    return value


def _existing_ancestor(path: Path) -> Path:
    for candidate in (path.absolute(), *path.absolute().parents):
        if candidate.exists():
            return candidate
    return Path("/")
