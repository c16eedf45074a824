"""A pool of :class:`MatchWorker` actors that plays any number of matches.

Matches arrive as a lazy stream of :class:`MatchTask` and are cut into batches. Each
worker holds at most ``batches_per_worker`` batches in flight and the next batch is cut
only when one finishes (``ray.wait``), so driver memory stays flat however many games a
run has. Records are yielded as batches complete (completion order, not game order).

With ``target_batch_seconds`` the batch size adapts: it starts at ``batch_size`` and
follows the measured time per game so that a batch takes about that long (long enough
to amortise a Ray call, short enough to balance the end of a run). When the number of
tasks is given, batches also shrink towards the end so the workers finish together.
Batching never changes results: a match is a pure function of its task.

Killed-worker policy: if an actor dies (``RayActorError``, ``WorkerCrashedError``), the
pool replaces it with a fresh actor and re-runs every unfinished batch of the dead one
from the same tasks, i.e. the same seeds. Matches are pure functions of their task, so
each game is reported exactly once and the records equal those of an undisturbed run.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any

import ray
from ray.exceptions import RayActorError, RayError, RayTaskError, WorkerCrashedError

from engine.core import ConfigError, GameConfig
from services.hosted.options import HostingOptions
from services.runner.batch import MatchFailed, MatchRecord, MatchTask, play_batch
from services.runner.bot_specs import BotMaker, hosted_specs

_WORKER_DEATHS = (RayActorError, WorkerCrashedError)


class WorkerLost(MatchFailed):
    """A batch killed its worker too many times to be worth retrying."""


@dataclass(frozen=True, slots=True)
class _Flight:
    """A batch submitted to the worker in ``slot`` (its ``generation``-th actor)."""

    slot: int
    generation: int
    batch: list[MatchTask]
    attempt: int


@ray.remote(num_cpus=1, max_restarts=0)
class MatchWorker:
    """A Ray actor that plays batches of one game configuration.

    It is deliberately not restarted by Ray: the pool replaces a dead worker itself and
    re-runs its unfinished batches, so each game is counted exactly once.
    """

    def __init__(
        self,
        game_id: str,
        config: GameConfig,
        with_replays: bool = False,
        bot_specs: dict[str, str] | None = None,
        hosting: HostingOptions | None = None,
    ) -> None:
        self._game_id = game_id
        self._config = config
        self._with_replays = with_replays
        self._maker = BotMaker(game_id, bot_specs)
        self._node = ray.get_runtime_context().get_node_id()
        self._hosted_specs = hosted_specs(bot_specs)
        self._hosting = hosting or HostingOptions()
        self._hosted: Any = None

    def ready(self) -> str:
        """The id of the node this worker runs on, once every bot spec resolves here and
        the bot directories are built (once per node) and hosted by this worker."""
        self._maker.prepare()
        if self._hosted_specs and self._hosted is None:
            from services.hosted.player import HostedPlayer

            hosted = HostedPlayer(self._game_id, self._config, self._hosted_specs,
                                  self._hosting, self._node)
            hosted.start()
            self._hosted = hosted
        return self._node

    def run(self, tasks: list[MatchTask]) -> list[MatchRecord]:
        return play_batch(
            self._game_id, self._config, tasks, self._with_replays,
            maker=self._maker, node=self._node, hosted=self._hosted,
        )

    def close(self) -> None:
        """Stop the hosted bots (before the pool kills this worker)."""
        if self._hosted is not None:
            self._hosted.close()
            self._hosted = None


class MatchPool:
    """``workers`` match actors for one game configuration. Use as a context manager."""

    def __init__(
        self,
        game_id: str,
        config: GameConfig,
        workers: int,
        *,
        batch_size: int = 16,
        batches_per_worker: int = 2,
        with_replays: bool = False,
        max_attempts: int = 3,
        bot_specs: dict[str, str] | None = None,
        target_batch_seconds: float | None = None,
        max_batch_size: int = 1024,
        hosting: HostingOptions | None = None,
    ) -> None:
        if workers < 1 or batch_size < 1 or batches_per_worker < 1 or max_attempts < 1:
            raise ValueError("workers, batch_size, batches_per_worker, max_attempts must be >= 1")
        self.game_id = game_id
        self.config = config
        self.workers = workers
        self.batch_size = batch_size
        self.batches_per_worker = batches_per_worker
        self.with_replays = with_replays
        self.max_attempts = max_attempts
        self.bot_specs = bot_specs
        self.target_batch_seconds = target_batch_seconds
        self.max_batch_size = max_batch_size
        self.hosting = hosting
        self.restarts = 0
        self.nodes: tuple[str, ...] = ()
        self._actors: list[Any] = []
        self._generations: list[int] = []
        self._timed_games = 0
        self._timed_seconds = 0.0
        self._remaining: int | None = None

    @property
    def actors(self) -> tuple[Any, ...]:
        """The live actor handles, one per slot (replaced ones are gone)."""
        return tuple(self._actors)

    def __enter__(self) -> MatchPool:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Create the workers and wait until each is up; ``nodes`` lists their nodes."""
        if self.hosting is not None:  # workers on other nodes build their own copies
            self.hosting = replace(self.hosting,
                                   driver_node=ray.get_runtime_context().get_node_id())
        self._actors = [self._new_actor() for _ in range(self.workers)]
        self._generations = [0] * self.workers
        try:
            self.nodes = tuple(ray.get([actor.ready.remote() for actor in self._actors]))
        except RayError as exc:
            cause = exc.cause if isinstance(exc, RayTaskError) else None
            if isinstance(cause, ConfigError):  # e.g. a bot directory's build failed
                self.close()
                raise ConfigError(str(cause)) from None
            raise MatchFailed(f"a Ray worker failed to start: {_reason(exc)}") from exc

    def close(self) -> None:
        """Stop the workers' hosted bots, then kill the workers, releasing their CPUs."""
        if self.hosting is not None and self._actors:
            closing = [actor.close.remote() for actor in self._actors]
            with contextlib.suppress(RayError):
                ray.wait(closing, num_returns=len(closing), timeout=15)
        for actor in self._actors:
            ray.kill(actor, no_restart=True)
        self._actors = []

    def run(self, tasks: Iterable[MatchTask], total: int | None = None) -> Iterator[MatchRecord]:
        """Play every task; yield one record per task, each exactly once. ``total`` (the
        number of tasks, if known) lets the last batches shrink."""
        if not self._actors:
            raise RuntimeError("the pool is not started (use it as a context manager)")
        self._remaining = total
        batches = _batched(iter(tasks), self._next_batch_size)
        in_flight: dict[Any, _Flight] = {}
        for slot in range(self.workers):
            for _ in range(self.batches_per_worker):
                batch = next(batches, None)
                if batch is None:
                    break
                self._submit(in_flight, slot, batch, attempt=1)
        while in_flight:
            (ref,), _ = ray.wait(list(in_flight), num_returns=1)
            flight = in_flight.pop(ref)
            try:
                records: list[MatchRecord] = ray.get(ref)
            except _WORKER_DEATHS:
                self._replace_if_current(flight)
                if flight.attempt >= self.max_attempts:
                    first = flight.batch[0].index
                    raise WorkerLost(
                        f"the batch starting at game {first} lost its worker "
                        f"{flight.attempt} time(s)"
                    ) from None
                self._submit(in_flight, flight.slot, flight.batch, flight.attempt + 1)
                continue
            except RayError as exc:  # e.g. an engine or bot bug inside a worker
                first = flight.batch[0].index
                raise MatchFailed(f"a match of the batch starting at game {first} failed on "
                                  f"a Ray worker: {_reason(exc)}") from exc
            self._time(records)
            yield from records
            batch = next(batches, None)
            if batch is not None:
                self._submit(in_flight, flight.slot, batch, attempt=1)

    def _next_batch_size(self) -> int:
        size = self.batch_size
        if self.target_batch_seconds is not None and self._timed_games:
            per_game = self._timed_seconds / self._timed_games
            wanted = int(self.target_batch_seconds / per_game) if per_game > 0 else 1 << 30
            size = max(1, min(self.max_batch_size, wanted))
            if self._remaining is not None:  # an even share of what is left, in two rounds
                size = max(1, min(size, -(-self._remaining // (2 * self.workers))))
        if self._remaining is not None:
            self._remaining = max(0, self._remaining - size)
        return size

    def _time(self, records: list[MatchRecord]) -> None:
        if self.target_batch_seconds is not None:
            self._timed_games += len(records)
            self._timed_seconds += sum(record.duration for record in records)

    def _new_actor(self) -> Any:
        return MatchWorker.remote(  # type: ignore[attr-defined]  # a Ray actor class
            self.game_id, self.config, self.with_replays, self.bot_specs, self.hosting)

    def _submit(
        self, in_flight: dict[Any, _Flight], slot: int, batch: list[MatchTask], attempt: int
    ) -> None:
        ref = self._actors[slot].run.remote(batch)
        in_flight[ref] = _Flight(slot, self._generations[slot], batch, attempt)

    def _replace_if_current(self, flight: _Flight) -> None:
        """Replace the dead actor of ``flight`` unless an earlier failure already did."""
        if self._generations[flight.slot] != flight.generation:
            return
        ray.kill(self._actors[flight.slot], no_restart=True)
        self._actors[flight.slot] = self._new_actor()
        self._generations[flight.slot] += 1
        self.restarts += 1


def _batched(
    tasks: Iterator[MatchTask], size: Callable[[], int]
) -> Iterator[list[MatchTask]]:
    while batch := list(islice(tasks, size())):
        yield batch


def _reason(exc: RayError) -> str:
    """The first line of what went wrong on the worker (not Ray's whole traceback)."""
    cause = exc.cause if isinstance(exc, RayTaskError) else None
    if isinstance(cause, BaseException):
        text = f"{type(cause).__name__}: {cause}".strip()
    else:
        text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
