"""The bot directories of one worker: found (the driver's path, or the copy Ray's
runtime environment shipped to this node), built once per node in the sandbox, and
their processes started in the sandbox once per worker, restarted when they die.

A bot directory's process plays one game at a time on its stream (the kits' contract),
so an entrant that holds k seats of one game needs k processes: they are started when
first needed and kept for the rest of the run.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import logging
import os
import secrets
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from arena.v1 import arena_pb2

from engine.core import ConfigError
from services.botdir import BotDir, content_hash, load_bot_dir, run_argv
from services.gateway.session import WAITING, BotSession
from services.hosted.endpoint import Endpoint
from services.hosted.options import HostingOptions, parse_hosted_spec
from services.sandbox import BuildFailed, Sandbox, SandboxedProcess, SandboxError, build

log = logging.getLogger(__name__)


class BotBuildFailed(ConfigError):
    """A bot directory's build failed: the run stops at once (exit 2) with its last lines."""


def proto_dir() -> Path:
    """The arena's own proto/ directory (the kits build their stubs from it)."""
    return Path(arena_pb2.__file__).resolve().parents[2]


def locate(spec: str, original_allowed: bool = True) -> Path:
    """The directory of a hosted worker spec on this node: the driver's path when it is
    here with the same content (and ``original_allowed``: this is the driver's node),
    else the copy Ray's runtime environment unpacked (a ``py_modules`` entry on
    ``sys.path``) whose content hash matches."""
    digest, path = parse_hosted_spec(spec)
    original = Path(path)
    candidates = [original] if original_allowed else []
    candidates += [Path(entry) / original.name for entry in sys.path if entry]
    for candidate in candidates:
        if not original_allowed and candidate.resolve() == original.resolve():
            continue  # Ray gives workers the driver's sys.path, its directory included
        try:
            if (candidate / "arena-bot.toml").is_file() and \
                    content_hash(load_bot_dir(candidate)) == digest:
                return candidate.resolve()
        except (OSError, ConfigError):
            continue
    raise ConfigError(f"bot directory {path} (content {digest[:12]}) is not on this node: "
                      "it ships through Ray's runtime environment (py_modules)")


def _builds_dir() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "arena-builds")


def build_cache(bot: BotDir, digest: str) -> Path:
    """Where the build of ``bot`` with content ``digest`` at its path is recorded on
    this node (its log, the hash of its last good build, its lock)."""
    where = hashlib.sha256(str(bot.path).encode()).hexdigest()[:8]
    return _builds_dir() / f"{bot.name}-{digest[:16]}-{where}"


def build_home(bot: BotDir, digest: str) -> Path:
    """The build's download cache (its HOME): shared by every copy of the same bot on
    this node, whatever its path (a driver's directory and the copy Ray shipped, two
    checkouts), so a copy's build reuses the downloads and compiler caches (Go's, ccache)
    of the first. Keyed by name and content: only identical bots share one."""
    return _builds_dir() / f"{bot.name}-{digest[:16]}-home"


def prepare(name: str, spec: str, options: HostingOptions, node: str = "") -> BotDir:
    """Find and build the bot directory of ``spec`` on this node (``node``: its Ray node
    id, "" off Ray; skipped when its build is cached); BotBuildFailed with the build's
    last lines if it fails. A worker on another node than the driver's builds its own
    shipped copy, never the driver's path: on a shared filesystem, nodes building one
    directory at once would write the same build outputs."""
    bot = load_bot_dir(locate(spec, options.driver_node in ("", node)))
    if bot.build:
        proto = proto_dir()
        digest = parse_hosted_spec(spec)[0]
        try:
            build(bot.path, list(bot.build), options.build_timeout, build_cache(bot, digest),
                  mode=options.sandbox, limits=options.limits, extra_ro=[proto],
                  env={"ARENA_PROTO": str(proto)}, home_dir=build_home(bot, digest))
        except BuildFailed as failed:
            raise BotBuildFailed(
                f"entrant {name!r}: the build of {bot.path} failed: {failed.reason}; "
                f"its last lines ({failed.log_path}):\n{failed.tail}") from None
        except SandboxError as error:
            raise BotBuildFailed(f"entrant {name!r}: the build of {bot.path} could not "
                                 f"start in the sandbox: {error}") from None
    return bot


@dataclass(slots=True)
class BotProcess:
    """One started bot process and its stream (once it said Hello)."""

    process: SandboxedProcess
    token: str
    session: BotSession | None = None

    def usable(self) -> bool:
        session = self.session
        return (session is not None and not session.gone and session.state is WAITING
                and self.process.poll() is None)


class HostedBot:
    """The processes of one bot directory on this worker."""

    def __init__(self, name: str, bot: BotDir, endpoint: Endpoint, options: HostingOptions,
                 log_dir: Path, number: int) -> None:
        self.name = name
        self.bot = bot
        self.endpoint = endpoint
        self.options = options
        self.sandbox = Sandbox(bot.path, options.limits, options.sandbox, log_dir)
        self.processes: list[BotProcess] = []
        self.number = number
        self.started = 0
        self.failed_starts = 0  # in a row
        self.restarts = 0

    @property
    def broken(self) -> bool:
        """It failed to start too often in a row: not started again in this run."""
        return self.failed_starts >= self.options.max_failed_starts

    def sessions(self, count: int) -> list[BotSession | None]:
        """``count`` streams ready for a game (each of a different process); None for
        each that could not be had (its process died or never said Hello)."""
        self._drop_dead()
        ready: list[BotSession | None] = [p.session for p in self.processes if p.usable()]
        ready = ready[:count]
        missing = count - len(ready)
        if missing and not self.broken:
            ready += self._start(missing)
        return ready + [None] * (count - len(ready))

    def cpu_clock(self, session: BotSession) -> Callable[[], float] | None:
        """The CPU seconds used so far by the sandbox whose bot plays ``session``."""
        for entry in self.processes:
            if entry.session is session:
                return entry.process.cpu_seconds
        return None

    def retire(self, session: BotSession) -> None:
        """Stop the process of ``session`` (it forfeited a game by timeouts: it may be
        stuck); a fresh one starts when needed."""
        for entry in self.processes:
            if entry.session is session:
                entry.process.kill()
        self._drop_dead()

    def _drop_dead(self) -> None:
        keep = []
        for entry in self.processes:
            if entry.session is not None and not entry.session.gone \
                    and entry.process.poll() is None:
                keep.append(entry)
            else:
                entry.process.kill()
                self.restarts += 1
        self.processes = keep

    def _start(self, count: int) -> list[BotSession | None]:
        starting: list[tuple[BotProcess, concurrent.futures.Future[BotSession]]] = []
        for _ in range(count):
            token = secrets.token_hex(16)  # never starts with "-" (argv)
            future = self.endpoint.expect(token, self.name)
            self.started += 1
            seed = (self.options.seed * 1_000_003 + self.number * 7_919 + self.started) \
                & 0x7FFF_FFFF
            address = "unix:" + self.sandbox.endpoint_address(self.endpoint.socket_path)
            try:
                process = self.sandbox.start(
                    run_argv(self.bot, address, token, seed), self.endpoint.socket_path,
                    log_name=f"{self.name}-{os.getpid()}-{self.started}")
            except SandboxError as error:
                log.warning("bot %s did not start: %s", self.name, error)
                self.endpoint.forget(token)
                self.failed_starts += 1
                continue
            starting.append((BotProcess(process, token), future))
        sessions: list[BotSession | None] = []
        for entry, future in starting:
            session = self._wait_hello(entry, future)
            if session is None:
                self.endpoint.forget(entry.token)
                entry.process.kill()
                self.failed_starts += 1
                sessions.append(None)
                continue
            entry.session = session
            self.failed_starts = 0
            self.processes.append(entry)
            sessions.append(session)
        return sessions

    def _wait_hello(self, entry: BotProcess, future: concurrent.futures.Future[BotSession]
                    ) -> BotSession | None:
        deadline = time.monotonic() + self.options.connect_timeout
        while time.monotonic() < deadline:
            try:
                return future.result(timeout=0.05)
            except concurrent.futures.TimeoutError:
                if entry.process.poll() is not None:
                    log.warning("bot %s ended before it connected (%s): %s", self.name,
                                entry.process.exit_reason(), entry.process.log_tail(5))
                    return None
            except Exception as error:
                log.warning("bot %s was refused: %s", self.name, error)
                return None
        log.warning("bot %s did not connect within %g s", self.name,
                    self.options.connect_timeout)
        return None

    def close(self) -> None:
        for entry in self.processes:
            if entry.session is not None:
                self.endpoint.loop.call_soon_threadsafe(entry.session.close)
        deadline = time.monotonic() + 2.0
        for entry in self.processes:
            while entry.process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.02)
            entry.process.kill()
        self.processes = []
