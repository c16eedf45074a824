"""Build a bot directory once per machine, in the sandbox: its ``build`` command runs with
the directory writable, the network shared (package registries), a persistent per-bot
download cache as HOME, the build limits and a wall-clock timeout. A build is skipped when
the directory's files hash as they did after the last good build. Reading every file to
hash it costs seconds for a compiled kit (a Rust ``target/`` holds hundreds of MB), so a
directory whose files' metadata (path, mode, size, mtime, ctime, inode) is as when last
hashed, and had settled by then, is taken as unchanged without reading them (git's index
does the same; a file rewritten with its old size and mtime still changes its ctime)."""

from __future__ import annotations

import fcntl
import hashlib
import logging
import os
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from services.sandbox.limits import DEFAULT_BUILD_TIMEOUT, DEFAULT_LIMITS, MIB, Limits
from services.sandbox.mode import SandboxMode
from services.sandbox.mounts import View
from services.sandbox.process import NETWORK_ATTEMPTS, bwrap_setup_failed, launch

logger = logging.getLogger("arena.sandbox")

BUILD_LOG_BYTES = 4 * MIB
TAIL_LINES = 20


class BuildFailed(RuntimeError):
    """The build exited non-zero, hit a limit or ran out of time; ``tail`` holds its last
    lines of output (also at the end of the message)."""

    def __init__(self, reason: str, tail: str, log_path: Path) -> None:
        super().__init__(f"{reason}; its last lines ({log_path}):\n{tail}")
        self.reason = reason
        self.tail = tail
        self.log_path = log_path


@dataclass(frozen=True)
class BuildResult:
    """built: False when skipped (unchanged since the last good build)."""

    built: bool
    digest: str
    seconds: float
    log_path: Path


# A file changed less than this before its metadata was recorded could change again
# without its mtime moving (a coarse clock): such a record is not trusted.
SETTLED_NS = 2_000_000_000


def _walk(root: Path) -> list[Path]:
    """Every file and symlinked directory below ``root``, in path order."""
    paths = []
    for parent, dirs, files in os.walk(root):
        dirs.sort()
        paths += [Path(parent) / name for name in files]
        paths += [Path(parent) / name for name in dirs if (Path(parent) / name).is_symlink()]
    return sorted(paths)


def directory_digest(directory: Path) -> str:
    """SHA-256 over every file's relative path, executable bit and content (a symlink's
    target), in path order: the same files give the same digest on any machine."""
    digest = hashlib.sha256()
    root = Path(directory)
    for path in _walk(root):
        relative = path.relative_to(root).as_posix().encode()
        if path.is_symlink():
            digest.update(b"L" + relative + b"\0" + os.readlink(path).encode() + b"\0")
            continue
        try:
            with open(path, "rb") as file:
                content = hashlib.file_digest(file, "sha256").digest()
            executable = os.access(path, os.X_OK)
        except OSError:  # a socket, a fifo, a file we may not read
            continue
        digest.update(b"F" + relative + b"\0" + (b"x" if executable else b"-") + content)
    return digest.hexdigest()


def metadata_signature(directory: Path) -> str | None:
    """SHA-256 over every file's relative path, mode, size, mtime, ctime and inode (not
    its content), or None if a file changed within SETTLED_NS of now (its record could
    miss a change)."""
    digest = hashlib.sha256()
    root = Path(directory)
    settled = time.time_ns() - SETTLED_NS
    for path in _walk(root):
        try:
            info = path.lstat()
        except OSError:  # gone since the walk
            return None
        if info.st_mtime_ns >= settled or info.st_ctime_ns >= settled:
            return None
        digest.update(b"%s\0%d %d %d %d %d\0" % (
            path.relative_to(root).as_posix().encode("utf-8", "surrogateescape"),
            info.st_mode, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino))
    return digest.hexdigest()


def _unchanged(bot_dir: Path, stamp: Path, seen: Path) -> str | None:
    """The digest of the last good build if ``bot_dir`` still has it, else None; records
    the directory's metadata (``seen``) so that the next check need not read its files."""
    if not stamp.exists():
        return None
    built = stamp.read_text().strip()
    signature = metadata_signature(bot_dir)
    if signature is not None and seen.exists() and seen.read_text().strip() == signature:
        return built
    if directory_digest(bot_dir) != built:
        return None
    if signature is not None:
        seen.write_text(signature + "\n")
    return built


def build(bot_dir: str | Path, command: str | Sequence[str],
          timeout: float = DEFAULT_BUILD_TIMEOUT, cache_dir: str | Path | None = None, *,
          mode: SandboxMode = "bwrap", limits: Limits = DEFAULT_LIMITS,
          extra_ro: Sequence[Path] = (), env: Mapping[str, str] | None = None,
          home_dir: str | Path | None = None) -> BuildResult:
    """Run ``command`` (a shell line, or argv) in ``bot_dir`` unless the directory is
    unchanged since the last good build recorded in ``cache_dir``; BuildFailed if it
    fails. ``cache_dir`` (default: ``~/.cache/arena-builds/<hash of the path>``) keeps the
    download cache (its ``home/``), ``build.log`` and ``built.sha256``; it must be outside
    the bot directory. ``env``: variables the build gets beside the sandbox's own (e.g.
    ``ARENA_PROTO`` naming a read-only ``extra_ro`` path). ``home_dir``: the download
    cache to use instead of ``cache_dir/home`` (e.g. one shared by copies of the same
    bot at other paths)."""
    bot_dir = Path(bot_dir).resolve()
    if cache_dir is None:
        name = hashlib.sha256(str(bot_dir).encode()).hexdigest()[:16]
        cache_dir = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"),
                         "arena-builds", name)
    cache = Path(cache_dir).resolve()
    if cache == bot_dir or bot_dir in cache.parents:
        raise ValueError(f"the build cache {cache} must be outside the bot directory")
    home = Path(home_dir).resolve() if home_dir is not None else cache / "home"
    if home == bot_dir or bot_dir in home.parents:
        raise ValueError(f"the build's home {home} must be outside the bot directory")
    cache.mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    stamp, log_path = cache / "built.sha256", cache / "build.log"
    seen = cache / "seen.sha256"  # the metadata of the directory last found unchanged
    argv = ["/bin/sh", "-c", command] if isinstance(command, str) else list(command)
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build of a bot at a time on this machine
        built = _unchanged(bot_dir, stamp, seen)
        if built is not None:
            return BuildResult(False, built, 0.0, log_path)
        seen.unlink(missing_ok=True)
        started = time.monotonic()
        view = View(bot_dir=bot_dir, writable=True, network=True, cache_dir=home,
                    extra_ro=tuple(extra_ro), env=dict(env or {}))
        build_limits = replace(limits.for_build(), stderr_log_bytes=BUILD_LOG_BYTES)
        for attempt in range(1, NETWORK_ATTEMPTS + 1):
            process = launch(view, argv, build_limits, mode, log_path)
            try:
                process.wait(max(1.0, timeout - (time.monotonic() - started)))
            except subprocess.TimeoutExpired:
                process.kill()
                raise BuildFailed(f"build timed out after {timeout:g} s",
                                  process.log_tail(TAIL_LINES), log_path) from None
            process.kill()  # anything it left running
            if not bwrap_setup_failed(process) or attempt == NETWORK_ATTEMPTS:
                break
            logger.warning("bwrap could not set up the build's sandbox (attempt %d of %d): "
                           "%s; starting again", attempt, NETWORK_ATTEMPTS,
                           process.log_tail(1).strip())
        if process.ended_by != "exit" or process.poll() != 0:
            raise BuildFailed(f"build failed ({process.exit_reason()})",
                              process.log_tail(TAIL_LINES), log_path)
        digest = directory_digest(bot_dir)
        stamp.write_text(digest + "\n")
        return BuildResult(True, digest, time.monotonic() - started, log_path)
