"""Addresses the services dial, read from text: ``HOST:PORT``, Redis URLs, Ray addresses.

Each check takes the text (a command-line flag or an environment variable) and returns it
or raises ``argparse.ArgumentTypeError`` with a message that says what is wrong and what a
good value looks like (``argparse`` prints it as the flag's error; the commands' flag types
in :mod:`services.cli.validate` are these). No I/O: nothing is resolved or dialled.
"""

from __future__ import annotations

import argparse
from typing import NoReturn
from urllib.parse import urlsplit

REDIS_SCHEMES = ("redis", "rediss", "unix")


def fail(message: str) -> NoReturn:
    raise argparse.ArgumentTypeError(message)


def port_number(text: str, what: str, allow_zero: bool) -> int:
    low = 0 if allow_zero else 1
    try:
        port = int(text)
    except ValueError:
        fail(f"{what} {text!r} is not a number; use {low}-65535")
    if not low <= port <= 65535:
        fail(f"{what} {port} is out of range; use {low}-65535")
    return port


def _split_host_port(text: str) -> tuple[str, str]:
    """``host:port`` or ``[v6]:port`` -> (host, port text); error if either is missing."""
    if "://" in text:
        fail(f"{text!r} is not HOST:PORT: give no scheme, e.g. 127.0.0.1:50051")
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or not rest.startswith(":"):
            fail(f"{text!r} is not HOST:PORT (an IPv6 host looks like [::1]:50051)")
        return host, rest[1:]
    host, sep, number = text.rpartition(":")
    if not sep or not host or ":" in host:
        fail(f"{text!r} is not HOST:PORT, e.g. 127.0.0.1:50051")
    return host, number


def host_port(text: str) -> str:
    """A server address to dial, ``HOST:PORT`` with a port of 1-65535."""
    host, number = _split_host_port(text)
    if any(c.isspace() or c in "/@" for c in host):
        fail(f"{text!r} is not HOST:PORT, e.g. 127.0.0.1:50051")
    port_number(number, "port", allow_zero=False)
    return text


def redis_url(text: str) -> str:
    """``redis://[user:pass@]HOST[:PORT][/DB]``, ``rediss://...`` or ``unix:///path``."""
    parts = urlsplit(text)
    if parts.scheme not in REDIS_SCHEMES or "://" not in text:
        fail(f"{text!r} is not a Redis URL; write redis://HOST:PORT/DB, "
              "e.g. redis://127.0.0.1:6379/0")
    if parts.scheme == "unix":
        if not parts.path:
            fail(f"{text!r} names no socket path; write unix:///path/to/redis.sock")
        return text
    if not parts.hostname:
        fail(f"{text!r} names no host; write redis://HOST:PORT/DB")
    try:
        number = parts.port
    except ValueError:
        fail(f"{text!r} has a bad port; use 1-65535")
    if number == 0:
        fail(f"{text!r} has port 0; use 1-65535")
    database = parts.path.lstrip("/")
    if database and not database.isdigit():
        fail(f"{text!r} has database {database!r}; the database is a number, e.g. /0")
    return text


def ray_address(text: str) -> str:
    """``auto``, ``HOST:PORT`` of a Ray head's GCS, or ``ray://HOST:PORT``."""
    if text == "auto":
        return text
    if text.startswith("ray://"):
        host_port(text[len("ray://") :])
        return text
    if "://" in text:
        fail(f"{text!r} is not a Ray address; use auto, HOST:PORT or ray://HOST:PORT")
    return host_port(text)
