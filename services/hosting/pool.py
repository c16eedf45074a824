"""Served matches hosted in a pool of long-lived host worker processes.

:class:`HostPool` starts ``workers`` processes once, at gateway start; each hosts many
matches (:mod:`services.hosting.worker`), so a match costs no process
start and a decision costs one message each way on a local socket. A new match goes to
the worker with the fewest matches. Every call has a timeout: a worker that does not
answer in time is taken as stalled and killed, like one that died, and every match on
it fails with :class:`HostFailed` (its match is aborted, nothing is rated); a fresh
worker replaces it.

A host plays built-in seats in bounded steps (a budget of seconds per call, a slice of
the host timeout; the match runner resumes a paused step with another call), so a
worker's call stays far below the host timeout however slow the fill bot and however
long the rest of the game (a forfeited match played out). The in-loop alternative is
:mod:`services.hosting.in_loop`; both speak :mod:`services.hosting.protocol`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import socket
import sys
from collections.abc import Callable
from typing import Any

from services.hosting import channel
from services.hosting.protocol import HostFailed, HostHandle, HostStep, Op

log = logging.getLogger(__name__)

START_ATTEMPTS = 3
# A worker's first ping, and the first match it starts (which imports the game, its
# codec and its bots), may take this long on a cold, busy machine.
COLD_START_SECONDS = 60.0
# Seconds of built-in play per host call (then the call returns a paused step): a slice
# of the host timeout, short enough that the worker's other matches wait little between
# slices.
WORKER_STEP_SECONDS = 0.25


def worker_step_seconds(timeout: float) -> float:
    """A worker host's budget per call under the host timeout ``timeout``."""
    return min(WORKER_STEP_SECONDS, timeout / 8)


class WorkerProcess:
    """One host worker and the calls waiting for its answers."""

    def __init__(
        self, number: int, timeout: float, on_fail: Callable[[WorkerProcess], None]
    ) -> None:
        self.number = number
        self.timeout = timeout
        self.ever_alive = False
        self.warm = False  # it has started a match (the game's modules are loaded)
        self._on_fail = on_fail
        self.matches = 0
        self.alive = False
        self.process: asyncio.subprocess.Process | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._reader_task: asyncio.Task[None] | None = None
        self._calls = itertools.count(1)
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def spawn(self) -> None:
        """Start the process and wait until it answers a ping."""
        ours, theirs = socket.socketpair()
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "services.hosting.worker", str(theirs.fileno()),
                pass_fds=(theirs.fileno(),), stdin=asyncio.subprocess.DEVNULL,
            )
        finally:
            theirs.close()
        reader, self._writer = await asyncio.open_connection(sock=ours)
        self.alive = True
        self._reader_task = asyncio.create_task(self._read(reader))
        # Importing the engines takes a while on a cold start; allow for it once.
        await self.call(0, Op.PING, (), timeout=max(self.timeout, COLD_START_SECONDS))
        self.ever_alive = True

    async def call(self, key: int, op: str, args: Any, timeout: float | None = None) -> Any:
        if not self.alive or self._writer is None:
            raise HostFailed(f"host worker {self.number} is gone")
        call_id = next(self._calls)
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending[call_id] = future
        limit = timeout or self.timeout
        self._timers[call_id] = loop.call_later(limit, self._expire, op, limit)
        self._writer.write(channel.encode((call_id, key, str(op), args)))  # plain text
        return await future

    def send(self, key: int, op: str, args: Any) -> None:
        """A call that needs no answer (closing a match)."""
        if self.alive and self._writer is not None:
            self._writer.write(channel.encode((0, key, str(op), args)))

    def _expire(self, op: str, limit: float) -> None:
        self.fail(f"host worker {self.number} did not answer a {op} call in {limit:g} s")

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                header = await reader.readexactly(channel.HEADER.size)
                body = await reader.readexactly(channel.decode_length(header))
                call_id, ok, payload = channel.decode(body)
                timer = self._timers.pop(call_id, None)
                if timer is not None:
                    timer.cancel()
                future = self._pending.pop(call_id, None)
                if future is None or future.done():
                    continue
                if ok:
                    future.set_result(payload)
                else:
                    future.set_exception(HostFailed(payload))
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            self.fail(f"host worker {self.number} closed its channel (it died)")

    def fail(self, reason: str) -> None:
        """Kill the worker and fail every call waiting on it."""
        if not self.alive:
            return
        log.error("%s: its matches are aborted", reason)
        self.alive = False
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.kill()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for future in self._pending.values():
            if not future.done():
                future.set_exception(HostFailed(reason))
        self._pending.clear()
        if self._writer is not None:
            self._writer.close()
        self._on_fail(self)

    async def stop(self, grace: float) -> None:
        """Close the channel (the worker exits), kill it if it lingers, reap it."""
        was_alive = self.alive
        self.alive = False
        if self._writer is not None:
            self._writer.close()
        if self.process is not None:
            try:
                async with asyncio.timeout(grace if was_alive else 1.0):
                    await self.process.wait()
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        if self._reader_task is not None:
            self._reader_task.cancel()
            await asyncio.gather(self._reader_task, return_exceptions=True)
        for future in self._pending.values():
            if not future.done():
                future.set_exception(HostFailed("the gateway is stopping"))


class PooledHost(HostHandle):
    """A match hosted on one :class:`WorkerProcess`, chosen when the match starts."""

    def __init__(self, pool: HostPool, key: int, args: tuple[Any, ...]) -> None:
        self._pool = pool
        self._worker: WorkerProcess | None = None
        self._key = key
        self._args = args
        self._open = False

    async def start(self) -> HostStep:
        """Start the match on the least busy worker. If that worker dies before answering
        (it may have died unnoticed while idle), start it again on another one: nothing
        of the match has happened yet."""
        for attempt in range(1, START_ATTEMPTS + 1):
            worker = self._worker = await self._pool.least_busy()
            worker.matches += 1
            self._open = True
            try:
                return await self._call(Op.START, self._args)
            except HostFailed:
                if worker.alive or attempt == START_ATTEMPTS:
                    raise  # the match itself failed, or workers keep dying
                self.close()
        raise AssertionError("unreachable")

    async def call(self, op: Op, args: tuple[int, ...]) -> HostStep:
        return await self._call(op, args)

    async def _call(self, op: Op, args: Any) -> HostStep:
        worker = self._worker
        if worker is None:
            raise HostFailed("the match was not started")
        cold = op == Op.START and not worker.warm
        timeout = max(worker.timeout, COLD_START_SECONDS) if cold else None
        step: HostStep = await worker.call(self._key, op, args, timeout)
        worker.warm = True
        if step.over:
            self._open = False
        return step

    def close(self) -> None:
        if self._worker is None:
            return
        if self._open:
            self._worker.send(self._key, Op.CLOSE, ())
            self._open = False
        self._worker.matches -= 1
        self._worker = None


class HostPool:
    """``workers`` host worker processes, replaced when one dies or stalls."""

    def __init__(
        self, workers: int, timeout: float, on_failure: Callable[[], None] = lambda: None
    ) -> None:
        if workers < 1:
            raise ValueError("a host pool needs at least one worker")
        self.size = workers
        self.timeout = timeout
        self._on_failure = on_failure
        self.workers: list[WorkerProcess] = []
        self._numbers = itertools.count(1)
        self._keys = itertools.count(1)
        self._spawning: set[asyncio.Task[None]] = set()
        self._closing = False

    async def open(self) -> None:
        self.workers = [self._new_worker() for _ in range(self.size)]
        await asyncio.gather(*(w.spawn() for w in self.workers))

    def host(self, *args: Any) -> HostHandle:
        """A match on a worker, its calls' budget a slice of the host timeout."""
        return PooledHost(self, next(self._keys), (args, worker_step_seconds(self.timeout)))

    async def least_busy(self) -> WorkerProcess:
        """The live worker with the fewest matches. While none is alive and ready (a
        replacement is starting: it is not given a match before it answered its first
        ping, which may take longer than the host timeout) wait for one, up to a minute;
        then HostFailed."""
        deadline = asyncio.get_running_loop().time() + 60.0
        while True:
            live = [w for w in self.workers if w.alive and w.ever_alive]
            if live:
                return min(live, key=lambda w: w.matches)
            if self._closing or asyncio.get_running_loop().time() > deadline:
                raise HostFailed("no host worker is running")
            await asyncio.sleep(0.05)

    def _new_worker(self) -> WorkerProcess:
        return WorkerProcess(next(self._numbers), self.timeout, self._replace)

    def _replace(self, dead: WorkerProcess) -> None:
        """Start a fresh worker in the place of a dead one (in the background)."""
        if self._closing or dead not in self.workers:
            return
        self._on_failure()
        fresh = self._new_worker()
        self.workers[self.workers.index(dead)] = fresh
        task = asyncio.create_task(self._spawn(fresh, dead))
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _spawn(self, fresh: WorkerProcess, dead: WorkerProcess) -> None:
        await dead.stop(0.0)
        if not dead.ever_alive:
            await asyncio.sleep(1.0)  # it never started: do not retry in a tight loop
        try:
            await fresh.spawn()
        except Exception as exc:
            log.error("host worker %s did not start: %s", fresh.number, exc)
            fresh.alive = False
            self._replace(fresh)  # no-op if its failure already replaced it

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.alive and w.pid is not None]

    async def close(self, grace: float = 5.0) -> None:
        self._closing = True
        for task in list(self._spawning):
            task.cancel()
        await asyncio.gather(*self._spawning, return_exceptions=True)
        await asyncio.gather(*(w.stop(grace) for w in self.workers))
