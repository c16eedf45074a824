"""``arena-bot.toml``: read, checked, and turned into the command lines of a bot directory.

Every problem is one line naming the file and the key: a missing or unreadable file,
invalid TOML, an unknown key, a missing ``name`` or ``run``, a value of the wrong type, or
a command line a shell could not split.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core import ConfigError

MANIFEST = "arena-bot.toml"
KEYS = ("name", "build", "run", "ignore")
# A name that is both a ladder bot name and an entrant name of NAME=SPEC.
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


class BotDirError(ConfigError):
    """A bot directory or its ``arena-bot.toml`` is missing or invalid (one line)."""


@dataclass(frozen=True, slots=True)
class BotDir:
    """A checked bot directory: its absolute ``path``, entrant ``name``, the ``build``
    and ``run`` command lines (split as a shell would; ``build`` empty when there is
    none) and the ``ignore`` patterns of its content hash."""

    path: Path
    name: str
    run: tuple[str, ...]
    build: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()


def find_bot_dir(spec: str) -> Path | None:
    """The directory ``spec`` names if it is a bot directory (an existing directory
    holding ``arena-bot.toml``), else None: then ``spec`` is some other kind of spec."""
    if not spec or "\n" in spec:
        return None
    path = Path(spec).expanduser()
    try:
        return path.resolve() if (path / MANIFEST).is_file() else None
    except OSError:
        return None


def load_bot_dir(directory: str | Path) -> BotDir:
    """Read and check ``directory/arena-bot.toml``; BotDirError says what is wrong."""
    path = Path(directory).expanduser()
    if not path.is_dir():
        raise BotDirError(f"bot directory {str(path)!r} does not exist or is not a directory")
    path = path.resolve()
    file = path / MANIFEST
    where = str(file)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BotDirError(
            f"{str(path)!r} is not a bot directory: it has no {MANIFEST} "
            "(name = ..., run = ..., optional build = ...)") from None
    except (OSError, UnicodeDecodeError) as error:
        raise BotDirError(f"{where}: cannot read it: {error}") from None
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BotDirError(f"{where}: not valid TOML: {error}") from None
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        names = ", ".join(repr(key) for key in unknown)
        raise BotDirError(f"{where}: unknown key{'s' if len(unknown) > 1 else ''} {names} "
                          f"(known: {', '.join(KEYS)})")
    name = _string(table, "name", where)
    if not _NAME.fullmatch(name):
        raise BotDirError(f"{where}: name {name!r} is not a bot name (a letter, then up to "
                          "63 letters, digits, '-' or '_')")
    run = _command(table, "run", where)
    build = _command(table, "build", where) if "build" in table else ()
    return BotDir(path, name, run, build, _patterns(table.get("ignore", []), where))


def run_argv(bot: BotDir, server: str, token: str, seed: int) -> list[str]:
    """The command line that starts ``bot`` (in its directory) against ``server``
    (``HOST:PORT`` or ``unix:/path``), playing until the server ends the stream."""
    return [*bot.run, "--server", server, "--token", token, "--matches", "0",
            "--seed", str(seed)]


def _string(table: dict[str, Any], key: str, where: str) -> str:
    if key not in table:
        hint = {"name": 'name = "my-bot"', "run": 'run = "./run"'}.get(key, f"{key} = ...")
        raise BotDirError(f"{where}: missing {key!r} (for example {hint})")
    value = table[key]
    if not isinstance(value, str):
        raise BotDirError(f"{where}: {key!r} must be a string, not {_kind(value)}")
    if not value.strip():
        raise BotDirError(f"{where}: {key!r} is empty")
    return value.strip()


def _command(table: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    """``table[key]`` split into words as a POSIX shell would (no expansion)."""
    text = _string(table, key, where)
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise BotDirError(f"{where}: {key!r} is not a command line ({error}): {text!r}") from None
    if not words:
        raise BotDirError(f"{where}: {key!r} is empty")
    return tuple(words)


def _patterns(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise BotDirError(f"{where}: 'ignore' must be a list of patterns, not {_kind(value)}")
    for pattern in value:
        if not isinstance(pattern, str) or not pattern.strip():
            raise BotDirError(f"{where}: 'ignore' holds {_kind(pattern)}; each entry is a "
                              "non-empty pattern such as \"target/\" or \"*.o\"")
        if pattern.startswith("!"):
            raise BotDirError(f"{where}: 'ignore' pattern {pattern!r}: '!' (re-include) is "
                              "not supported")
    return tuple(pattern.strip() for pattern in value)


def _kind(value: Any) -> str:
    """How a TOML value reads in an error: its TOML type and the value."""
    kinds = {bool: "a boolean", int: "an integer", float: "a float", str: "a string",
             list: "an array", dict: "a table"}
    return f"{kinds.get(type(value), type(value).__name__)} ({value!r})"
