"""Keeping house bots connected: one sandboxed process per house bot, started with the
kits' contract (``--server unix:SOCKET --token TOKEN --matches 0 --seed S``), watched by
a thread that restarts a process that ended, after a pause that doubles with each quick
death (0.5 s up to 30 s; back to 0.5 s once a run lasted a minute).

Each (re)start prints one line, ``house bot NAME started (pid P)``, and each death one
warning with how it ended and the last lines of its log, so an operator sees a bot that
keeps crashing.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from services.botdir import BotDir, BotDirError, find_bot_dir, load_bot_dir, run_argv
from services.ladder.tokens import validate_bot_name
from services.sandbox import Limits, Sandbox, SandboxedProcess, SandboxError, SandboxMode, build
from services.sandbox.mode import SandboxMode as _Mode

log = logging.getLogger("arena.housebots")

FIRST_PAUSE, MAX_PAUSE, STEADY_SECONDS = 0.5, 30.0, 60.0
WATCH_SECONDS = 0.2


@dataclass(frozen=True)
class HouseBot:
    """A house bot: its ladder ``name`` and its checked bot directory. A Python bot
    (``--house-bot NAME=file.py:Class`` or a built-in spec) is a bot directory too, made
    here: ``arena bot --strategy SPEC`` run in the class file's directory (``python``:
    the spec as given)."""

    name: str
    bot: BotDir
    python: str | None = None


def parse_house_bot(text: str) -> HouseBot:
    """``--house-bot NAME=PATH`` (argparse type): a bot name and a bot directory whose
    ``arena-bot.toml`` is valid, or a Python bot spec as ``arena bot --strategy`` takes
    it (``file.py:Class``, ``mcts:iterations=50``; checked against the game later)."""
    name, sep, target = text.partition("=")
    if not sep or not name or not target:
        raise argparse.ArgumentTypeError(f"{text!r} is not NAME=PATH (e.g. go=clients/go)")
    try:
        validate_bot_name(name)
        if find_bot_dir(target) is not None or Path(target).expanduser().is_dir():
            return HouseBot(name, load_bot_dir(target))
        return python_house_bot(name, target)
    except (ValueError, BotDirError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def python_house_bot(name: str, spec: str) -> HouseBot:
    """The bot directory of a Python spec: the class file's directory (read-only while it
    plays, as any bot directory), running the arena's own ``arena bot`` with the spec."""
    from services.runner.bot_specs import user_class_spec  # keeps arena --help light

    user = user_class_spec(spec)
    if user is not None and user.target.endswith(".py"):
        file = Path(user.target).expanduser()
        if not file.is_file():
            raise ValueError(f"--house-bot {name}: strategy file {str(file)!r} does not exist")
        directory, inside = file.resolve().parent, f"{file.name}:{user.class_name}"
    else:  # a built-in or an installed class: no directory of its own, so the arena's
        import engine  # engine package (which it sees anyway) stands in

        directory, inside = Path(engine.__file__).parent.resolve(), spec
    run = (sys.executable, "-m", "services.cli.main", "bot", "--strategy", inside)
    return HouseBot(name, BotDir(directory, name, run), python=spec)


def python_roots() -> tuple[Path, ...]:
    """What a Python house bot must see, read-only, to run the arena's own client: the
    Python installation, its environment, and the arena's packages (engine, services and
    the generated protobuf code). No arena state: no tokens, stores, replays or logs."""
    import arena

    import engine
    import services

    roots = {Path(sys.base_prefix), Path(sys.prefix), Path(engine.__file__).parent,
             Path(services.__file__).parent, Path(next(iter(arena.__path__))).parent}
    # Each as written and as resolved: a symlinked environment (``.venv`` -> elsewhere)
    # is started through the link's path and runs from its target.
    seen = {path for root in roots for path in (root.absolute(), root.resolve())}
    return tuple(sorted(path for path in seen if not path.is_relative_to("/usr")))


def build_house_bots(bots: list[HouseBot], mode: SandboxMode, limits: Limits,
                     timeout: float, extra_ro: tuple[Path, ...] = (),
                     env: dict[str, str] | None = None) -> None:
    """Build every house bot that has a ``build`` (in the sandbox, skipped when its files
    are unchanged since its last good build); BuildFailed on the first that fails.
    ``env``: variables the builds get (the kits read ``ARENA_PROTO``)."""
    for house in bots:
        if house.bot.build:
            result = build(house.bot.path, list(house.bot.build), timeout, mode=mode,
                           limits=limits, extra_ro=extra_ro, env=env)
            log.info("house bot %s: %s", house.name,
                     f"built in {result.seconds:.1f} s" if result.built else "build unchanged")


@dataclass
class _Running:
    house: HouseBot
    token: str
    process: SandboxedProcess | None = None
    started: float = 0.0
    pause: float = FIRST_PAUSE
    next_start: float = 0.0
    starts: int = 0
    deaths: list[str] = field(default_factory=list)


class HouseBots:
    """Runs ``bots`` (each with its token) against the gateway's unix socket ``socket``."""

    def __init__(self, bots: list[tuple[HouseBot, str]], socket: Path, mode: _Mode,
                 limits: Limits, log_dir: Path, extra_ro: tuple[Path, ...] = ()) -> None:
        self._socket = socket
        python = python_roots() if any(house.python for house, _ in bots) else ()
        self._sandboxes = {
            house.name: Sandbox(house.bot.path, limits, mode, log_dir / house.name,
                                extra_ro + (python if house.python else ()))
            for house, _ in bots}
        self._running = [_Running(house, token) for house, token in bots]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="house-bots", daemon=True)
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start every house bot, then watch them."""
        for running in self._running:
            self._start(running)
        self._thread.start()

    def restarts(self, name: str) -> int:
        """How many times ``name`` was started after its first start."""
        with self._lock:
            return next(max(r.starts - 1, 0) for r in self._running if r.house.name == name)

    def stop(self) -> None:
        """Stop watching and end every house bot (and everything it started)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        with self._lock:
            for running in self._running:
                if running.process is not None:
                    running.process.kill()
                    running.process.close()
                    running.process = None

    def _start(self, running: _Running) -> None:
        house = running.house
        sandbox = self._sandboxes[house.name]
        server = "unix:" + sandbox.endpoint_address(self._socket)
        argv = run_argv(house.bot, server, running.token, running.starts)
        try:
            process = sandbox.start(argv, self._socket, log_name=f"run-{running.starts}")
        except (SandboxError, OSError) as exc:
            self._died(running, f"could not start: {exc}", "")
            return
        with self._lock:
            running.process = process
            running.started = time.monotonic()
            running.starts += 1
        print(f"house bot {house.name} started (pid {process.pid})", flush=True)
        log.info("house bot %s started (pid %d)", house.name, process.pid,
                 extra={"house_bot": house.name, "pid": process.pid})

    def _died(self, running: _Running, how: str, tail: str) -> None:
        now = time.monotonic()
        if running.started and now - running.started >= STEADY_SECONDS:
            running.pause = FIRST_PAUSE
        running.next_start = now + running.pause
        log.warning("house bot %s %s; restarting in %.1f s%s", running.house.name, how,
                    running.pause, f"; its last lines:\n{tail}" if tail else "",
                    extra={"house_bot": running.house.name})
        running.pause = min(running.pause * 2, MAX_PAUSE)
        running.deaths.append(how)

    def _watch(self) -> None:
        while not self._stop.wait(WATCH_SECONDS):
            for running in self._running:
                process = running.process
                if process is not None and process.poll() is not None:
                    tail = process.log_tail(10)
                    how = process.exit_reason()
                    process.close()
                    with self._lock:
                        running.process = None
                    self._died(running, how, tail)
                elif process is None and time.monotonic() >= running.next_start:
                    if self._stop.is_set():
                        return
                    self._start(running)
