"""The league's driver: forms matches with the matchmaking policy, plays them on Ray
workers, and rates each through the gateway's durable result queue.

Every entrant of a queue waits on ``slots`` entries (one per match it may play at once),
each with the time it became free. Whenever a worker is free the policy
(:func:`services.matchmaking.policy.plan`) is asked, queue by queue (longest waiting
first), which entries play together now, fed with each entrant's rating (μ by default,
or Elo) and games in the queue's ladder, and the line-ups each queue played lately; a
group short of players gets fill seats. Seats are shuffled with the match's seed.

A finished match goes to :class:`services.gateway.results.ResultQueue` with a durable
:class:`services.gateway.result_log.DurableResults`: the Redis stream the gateway
writes to, applied once per match id into the same ladder. A worker that dies
(``RayActorError``) loses its running match, which is not rated (nothing of it was
kept); the worker is replaced and the league plays on. A match that raises is logged
and not rated either. :meth:`League.run` returns once ``stop`` is set (SIGTERM, the
duration, the number of matches) and every running match has finished.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import ray
from ray.exceptions import RayActorError, RayError, RayTaskError, WorkerCrashedError

from engine.core import ConfigError, GameRng
from services.gateway.result_log import MatchResult
from services.gateway.results import ResultQueue
from services.hosted.options import HostingOptions
from services.ladder.elo import INITIAL_RATING
from services.ladder.skill import MU0
from services.ladder.store import LadderStore
from services.league.plan import LeaguePlan, LeagueQueue
from services.league.worker import LeagueWorker
from services.matchmaking.policy import Lineup, Waiting, forget_cooled, lineup, plan, spread_of
from services.metrics.league import LeagueMetrics

log = logging.getLogger(__name__)

_SEATING_SALT = 0x5EA7
_SEED_MASK = (1 << 48) - 1
_MAX_SLEEP = 1.0
_DEATHS = (RayActorError, WorkerCrashedError)
# Starts of a replacement worker that may fail in a row before its slot is given up.
_MAX_FAILED_STARTS = 3


@dataclass(frozen=True, slots=True)
class LeagueOptions:
    """How the league runs: ``workers`` Ray workers (one CPU each); stop after
    ``matches`` finished matches or ``duration`` seconds (None: never); ``seed`` makes
    the seeds and seatings reproducible (None: random); each entrant plays at most
    ``slots`` matches of a queue at once (None: one per worker)."""

    workers: int
    matches: int | None = None
    duration: float | None = None
    seed: int | None = None
    slots: int | None = None
    hosting: HostingOptions = field(default_factory=HostingOptions)
    redis_url: str | None = None
    key_prefix: str = "arena"


@dataclass(frozen=True, slots=True)
class Finished:
    """One match that ended: ``status`` is rated, unrated (kept; the store will have it),
    lost (its worker died) or failed (it raised)."""

    queue: str
    match_id: str
    labels: tuple[str, ...]
    ranks: tuple[int, ...]
    status: str
    seconds: float


@dataclass(slots=True)
class Counts:
    started: int = 0
    rated: int = 0
    unrated: int = 0
    lost: int = 0
    failed: int = 0

    @property
    def finished(self) -> int:
        """Matches that count towards ``--matches``: rated, kept to rate, or failed."""
        return self.rated + self.unrated + self.failed


@dataclass(slots=True)
class _Running:
    queue: LeagueQueue
    match_id: str
    slot: int
    labels: tuple[str, ...]
    keys: tuple[tuple[str, int], ...]
    started: float


class League:
    """One league run over ``plan``, rating into ``store`` through ``results``."""

    def __init__(self, league: LeaguePlan, store: LadderStore, results: ResultQueue,
                 options: LeagueOptions, metrics: LeagueMetrics | None = None,
                 on_finish: Callable[[Finished], None] | None = None) -> None:
        if options.workers < 1:
            raise ValueError("a league needs at least one worker")
        self.plan = league
        self.store = store
        self.results = results
        self.options = options
        self.metrics = metrics
        self.on_finish = on_finish or (lambda finished: None)
        self.run_id = secrets.token_hex(4)
        self.counts = Counts()
        self.nodes: dict[int, str] = {}
        self.pids: dict[int, int] = {}
        self._queues = {queue.id: queue for queue in league.queues}
        self._standing: dict[tuple[str, str], tuple[float, int]] = {}
        slots = options.slots or options.workers
        self._free: dict[str, dict[tuple[str, int], float]] = {
            queue.id: {(e.label, k): 0.0 for e in queue.entrants for k in range(slots)}
            for queue in league.queues}
        self._recent: dict[str, dict[Lineup, float]] = {q.id: {} for q in league.queues}
        self._actors: list[Any] = [None] * options.workers
        self._idle: list[int] = []
        self._failed_starts = [0] * options.workers
        self._running: dict[asyncio.Task[None], _Running] = {}
        self._starting: set[asyncio.Task[None]] = set()
        self._changed = asyncio.Event()
        self._index = 0

    # -- what the driver reads -----------------------------------------------------------

    def running(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """(worker slot, match id, seat labels) of every running match."""
        return [(r.slot, r.match_id, r.labels) for r in self._running.values()]

    def done(self) -> bool:
        """Whether ``--matches`` finished matches are in."""
        wanted = self.options.matches
        return wanted is not None and self.counts.finished >= wanted

    # -- running ------------------------------------------------------------------------

    async def start(self) -> None:
        """Start every worker and wait until it is ready (bots fetched, built, hosted);
        ConfigError if a bot cannot be (a failed build, a missing snapshot)."""
        await asyncio.gather(*(asyncio.to_thread(self._read_standing, queue.id,
                                                 [e.label for e in queue.entrants])
                               for queue in self.plan.queues))
        for slot in range(self.options.workers):
            self._actors[slot] = self._new_actor()
        try:
            ready = await asyncio.gather(*(actor.ready.remote() for actor in self._actors))
        except RayTaskError as error:
            if isinstance(error.cause, ConfigError):
                raise ConfigError(str(error.cause)) from None
            raise
        for slot, (node, pid) in enumerate(ready):
            self.nodes[slot], self.pids[slot] = node, pid
        self._idle = list(range(self.options.workers))
        self._count_workers()
        now = time.monotonic()
        for entries in self._free.values():
            for key in entries:
                entries[key] = now

    async def run(self, stop: asyncio.Event,
                  on_drain: Callable[[int], None] | None = None) -> Counts:
        """Play until ``stop`` is set or the matches are in, then let running matches
        finish (``on_drain`` is told how many, once); return the counts."""
        deadline = (time.monotonic() + self.options.duration
                    if self.options.duration is not None else None)
        stopper = asyncio.create_task(stop.wait())
        try:
            while True:
                now = time.monotonic()
                if deadline is not None and now >= deadline:
                    stop.set()
                draining = stop.is_set() or self.done()
                if draining and on_drain is not None:
                    on_drain(len(self._running))
                    on_drain = None
                if draining and not self._running:
                    return self.counts
                wake = None if draining else self._form(now)
                timeout = _MAX_SLEEP if wake is None else max(0.0, min(_MAX_SLEEP, wake - now))
                if deadline is not None:
                    timeout = max(0.0, min(timeout, deadline - now))
                self._changed.clear()
                changed = asyncio.create_task(self._changed.wait())
                await asyncio.wait({changed, stopper}, timeout=timeout,
                                   return_when=asyncio.FIRST_COMPLETED)
                changed.cancel()
        finally:
            stopper.cancel()

    async def close(self) -> None:
        """Stop the workers' hosted bots, then the workers."""
        for task in list(self._starting):
            task.cancel()
        actors = [actor for actor in self._actors if actor is not None]
        if actors:
            closing = [actor.close.remote() for actor in actors]
            with contextlib.suppress(RayError):
                await asyncio.to_thread(ray.wait, closing, num_returns=len(closing),
                                        timeout=15)
        for actor in actors:
            ray.kill(actor, no_restart=True)
        self._actors = [None] * self.options.workers
        self._count_workers()

    # -- forming matches ------------------------------------------------------------------

    def _form(self, now: float) -> float | None:
        """Start what the policy forms now on the idle workers; when to plan again."""
        wakes: list[float] = []
        for queue in sorted(self.plan.queues, key=lambda q: min(self._free[q.id].values(),
                                                                 default=now)):
            if not self._idle or self.done() or self._wanted() <= 0:
                break
            free = self._free[queue.id]
            if not free:
                continue
            self._recent[queue.id] = recent = forget_cooled(queue.policy,
                                                            self._recent[queue.id], now)
            waiting = []
            for key, since in free.items():
                rating, games = self._standing.get((queue.id, key[0]), self._initial())
                waiting.append(Waiting(key, key[0], rating, games, since))
            result = plan(queue.policy, waiting, now, recent)
            if result.wake is not None:
                wakes.append(result.wake)
            if result.avoided and self.metrics is not None:
                self.metrics.rematches_avoided.labels(queue.id).inc(result.avoided)
            for group in result.groups:
                if not self._idle or self._wanted() <= 0:
                    break
                self._launch(queue, group, now)
        return min(wakes) if wakes else None

    def _wanted(self) -> int:
        """How many more matches may start (a large number without --matches)."""
        if self.options.matches is None:
            return 1 << 30
        return self.options.matches - self.counts.finished - len(self._running)

    def _launch(self, queue: LeagueQueue, group: tuple[Waiting, ...], now: float) -> None:
        slot = self._idle.pop(0)
        index = self._index
        self._index += 1
        seed = self._seed(index)
        keys = tuple(w.key for w in group)
        labels = [w.name for w in group]
        labels += [queue.fill_label] * (queue.spec.players - len(labels))
        GameRng(seed ^ _SEATING_SALT).shuffle(labels)
        for waiting in group:
            since = self._free[queue.id].pop(waiting.key)  # type: ignore[call-overload]
            if self.metrics is not None:
                self.metrics.queue_wait.labels(queue.id).observe(max(0.0, now - since))
        if self.metrics is not None:
            self.metrics.match_spread.labels(queue.id).observe(spread_of(group))
            self.metrics.running.inc()
        self._recent[queue.id][lineup(w.name for w in group)] = now
        match_id = f"league-{self.run_id}-{index}"
        running = _Running(queue, match_id, slot, tuple(labels),
                           keys, now)  # type: ignore[arg-type]
        self.counts.started += 1
        task = asyncio.create_task(self._play(running, index, seed))
        self._running[task] = running

    def _seed(self, index: int) -> int:
        if self.options.seed is None:
            return secrets.randbits(48)
        return (self.options.seed * 1_000_003 + index * 7_919 + 1) & _SEED_MASK

    def _initial(self) -> tuple[float, int]:
        return (MU0 if self.plan.rating == "mu" else INITIAL_RATING), 0

    # -- a match ----------------------------------------------------------------------------

    async def _play(self, running: _Running, index: int, seed: int) -> None:
        queue = running.queue
        status = "failed"
        ranks: tuple[int, ...] = ()
        started = time.monotonic()
        try:
            actor = self._actors[running.slot]
            record = await actor.play.remote(queue.id, index, seed, running.labels)
            ranks = tuple(record.ranks)
            result = MatchResult(queue.id, running.match_id, tuple(record.labels), ranks)
            deltas = await self.results.submit(result)
            status = "rated" if deltas is not None else "unrated"
        except _DEATHS as error:
            status = "lost"
            log.warning("match %s lost its worker (not rated): %s", running.match_id,
                        str(error).splitlines()[0] if str(error) else type(error).__name__)
        except RayError as error:
            log.error("match %s failed (not rated): %s", running.match_id,
                      str(error).strip().splitlines()[-1] if str(error).strip() else error)
        except Exception:
            log.exception("match %s failed (not rated)", running.match_id)
        finally:
            self._finish(running, status, ranks, time.monotonic() - started)
        if status == "rated":
            names = sorted(set(running.labels))
            await asyncio.to_thread(self._read_standing, queue.id, names)
            self._changed.set()

    def _finish(self, running: _Running, status: str, ranks: tuple[int, ...],
                seconds: float) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._running.pop(task, None)
        setattr(self.counts, status, getattr(self.counts, status) + 1)
        now = time.monotonic()
        for key in running.keys:
            self._free[running.queue.id][key] = now
        if status == "lost":
            self._replace(running.slot)
        else:
            self._idle.append(running.slot)
        if self.metrics is not None:
            self.metrics.running.dec()
            self.metrics.matches.labels(running.queue.id, status).inc()
            if status in ("rated", "unrated"):
                self.metrics.match_seconds.labels(running.queue.id).observe(seconds)
        self.on_finish(Finished(running.queue.id, running.match_id, running.labels, ranks,
                                status, seconds))
        self._changed.set()

    # -- workers ----------------------------------------------------------------------------

    def _new_actor(self) -> Any:
        queues = {q.id: (q.spec.game, q.game_config(), q.worker_specs())
                  for q in self.plan.queues}
        return LeagueWorker.remote(  # type: ignore[attr-defined]  # a Ray actor class
            queues, self.options.hosting, self.options.redis_url, self.options.key_prefix)

    def _replace(self, slot: int) -> None:
        """The worker of ``slot`` died: start another in its place (in the background)."""
        old = self._actors[slot]
        if old is not None:
            with contextlib.suppress(Exception):
                ray.kill(old, no_restart=True)
        self._actors[slot] = None
        self.pids.pop(slot, None)
        self._count_workers()
        task = asyncio.create_task(self._restart(slot))
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _restart(self, slot: int) -> None:
        while self._failed_starts[slot] < _MAX_FAILED_STARTS:
            actor = self._new_actor()
            try:
                node, pid = await actor.ready.remote()
            except RayError as error:
                self._failed_starts[slot] += 1
                log.warning("a replacement league worker failed to start: %s",
                            str(error).strip().splitlines()[-1] if str(error).strip() else error)
                with contextlib.suppress(Exception):
                    ray.kill(actor, no_restart=True)
                continue
            self._failed_starts[slot] = 0
            self._actors[slot] = actor
            self.nodes[slot], self.pids[slot] = node, pid
            self._idle.append(slot)
            self._count_workers()
            self._changed.set()
            return
        log.error("worker slot %d given up after %d failed starts", slot, _MAX_FAILED_STARTS)

    def _count_workers(self) -> None:
        if self.metrics is not None:
            self.metrics.workers.set(sum(actor is not None for actor in self._actors))

    # -- standings ----------------------------------------------------------------------------

    def _read_standing(self, queue_id: str, labels: list[str]) -> None:
        """Each entrant's rating (μ or Elo) and games in the queue's ladder, as the policy
        reads them; a store that fails leaves the last known."""
        for label in labels:
            try:
                entry = self.store.bot_stats(queue_id, label)
            except Exception as error:
                log.warning("standing of %s in %s not read: %s", label, queue_id, error)
                continue
            if entry is not None:
                rating = entry.mu if self.plan.rating == "mu" else entry.rating
                self._standing[(queue_id, label)] = (rating, entry.games)
