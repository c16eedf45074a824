"""The content hash of a bot directory: the key under which its build is cached.

SHA-256 over every regular file and symbolic link below the directory, in path order:
each one's relative path, whether it is executable, and its bytes (a link: its target).
Left out: ``.git``, other kinds of file (sockets, pipes) and whatever the manifest's
``ignore`` patterns match, so a build's own outputs do not change the key. Patterns
follow ``.gitignore`` in the simple cases: ``*``, ``?`` and ``[...]`` as in a shell; a
pattern without ``/`` (or with only a trailing one) matches a name at any depth; one with
a leading or inner ``/`` matches from the directory's top; a trailing ``/`` matches only
directories, whose content is then skipped.
"""

from __future__ import annotations

import hashlib
import os
import stat
from fnmatch import fnmatchcase
from pathlib import Path

from services.botdir.manifest import BotDir

_ALWAYS_SKIPPED = (".git",)
_CHUNK = 1 << 20


def ignored(relative: str, is_dir: bool, patterns: tuple[str, ...]) -> bool:
    """Whether ``relative`` (a '/'-separated path below the bot directory) matches one
    of ``patterns``."""
    name = relative.rpartition("/")[2]
    for pattern in patterns:
        only_dirs = pattern.endswith("/")
        body = pattern.rstrip("/")
        if only_dirs and not is_dir:
            continue
        if "/" in body:
            if fnmatchcase(relative, body.lstrip("/")):
                return True
        elif fnmatchcase(name, body):
            return True
    return False


def hashed_files(bot: BotDir) -> list[tuple[str, Path]]:
    """(relative path, path) of every file and link the content hash covers, in the
    order it reads them (what a snapshot of the directory holds)."""
    return _files(bot.path, _ALWAYS_SKIPPED + bot.ignore)


def content_hash(bot: BotDir) -> str:
    """The hex SHA-256 of ``bot``'s files, as described above."""
    digest = hashlib.sha256()
    for relative, path in hashed_files(bot):
        info = path.lstat()
        if stat.S_ISLNK(info.st_mode):
            kind, body = b"l", os.readlink(path).encode("utf-8", "surrogateescape")
            digest.update(b"%s\0%s\0%d\0" % (relative.encode("utf-8", "surrogateescape"),
                                             kind, len(body)))
            digest.update(body)
            continue
        kind = b"x" if info.st_mode & stat.S_IXUSR else b"f"
        digest.update(b"%s\0%s\0%d\0" % (relative.encode("utf-8", "surrogateescape"),
                                         kind, info.st_size))
        with path.open("rb") as handle:
            while chunk := handle.read(_CHUNK):
                digest.update(chunk)
    return digest.hexdigest()


def _files(root: Path, patterns: tuple[str, ...]) -> list[tuple[str, Path]]:
    """(relative path, path) of every file and link to hash, sorted by relative path.
    Directories are walked without following links."""
    found: list[tuple[str, Path]] = []
    pending = [("", root)]
    while pending:
        prefix, directory = pending.pop()
        with os.scandir(directory) as entries:
            for entry in entries:
                relative = prefix + entry.name
                if entry.is_dir(follow_symlinks=False):
                    if not ignored(relative, True, patterns):
                        pending.append((relative + "/", Path(entry.path)))
                elif ((entry.is_file(follow_symlinks=False) or entry.is_symlink())
                      and not ignored(relative, False, patterns)):
                    found.append((relative, Path(entry.path)))
    found.sort()
    return found
