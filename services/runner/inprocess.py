"""Playing matches in the command's own process: no Ray, no start-up cost.

:class:`InProcessPool` has the interface of :class:`services.runner.pool.MatchPool`
(``start``/``close``, ``run(tasks, total)``, ``nodes``, ``restarts``) and plays the
tasks one after another, in order. A match is a pure function of its task, so the
records are those Ray workers would return (only ``node`` differs: "" here).

:class:`MovingPool` starts in this process and, once the games still to play would take
long enough here to pay for Ray's start-up, hands the rest of the run to a Ray pool
(see :mod:`services.runner.placement` for the rule).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import ConfigError, GameConfig
from services.hosted.options import HostingOptions
from services.runner.batch import MatchFailed, MatchRecord, MatchTask, play_one
from services.runner.bot_specs import BotMaker, hosted_specs

if TYPE_CHECKING:
    from services.hosted.player import HostedPlayer

log = logging.getLogger(__name__)


class Pool(Protocol):
    """What a run needs of a pool (a context manager)."""

    @property
    def workers(self) -> int: ...

    @property
    def restarts(self) -> int: ...

    @property
    def nodes(self) -> tuple[str, ...]: ...

    def __enter__(self) -> Any: ...

    def __exit__(self, *exc: object) -> None: ...

    def run(self, tasks: Iterable[MatchTask], total: int | None = None
            ) -> Iterator[MatchRecord]: ...


class InProcessPool:
    """Plays every match here, in task order. Use as a context manager."""

    workers = 0

    def __init__(self, game_id: str, config: GameConfig, *, with_replays: bool = False,
                 bot_specs: dict[str, str] | None = None,
                 hosting: HostingOptions | None = None) -> None:
        self.game_id = game_id
        self.config = config
        self.with_replays = with_replays
        self.restarts = 0
        self.nodes: tuple[str, ...] = ()
        self.played = 0
        self.seconds = 0.0  # wall time spent playing here
        self._maker = BotMaker(game_id, bot_specs)
        self._hosted_specs = hosted_specs(bot_specs)
        self._hosting = hosting or HostingOptions()
        self.hosted: HostedPlayer | None = None

    def __enter__(self) -> InProcessPool:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Resolve every bot spec now, so a bad one fails before any match starts; build
        and host the bot directories."""
        self._maker.prepare()
        if self._hosted_specs and self.hosted is None:
            from services.hosted.player import HostedPlayer

            hosted = HostedPlayer(self.game_id, self.config, self._hosted_specs,
                                  self._hosting)
            hosted.start()
            self.hosted = hosted
        self.nodes = ("",)

    def close(self) -> None:
        if self.hosted is not None:
            self.restarts += self.hosted.restarts
            self.hosted.close()
            self.hosted = None

    def play(self, task: MatchTask) -> MatchRecord:
        """One match; an error inside it becomes a one-line :class:`MatchFailed`."""
        started = time.perf_counter()
        try:
            record = play_one(self.game_id, self.config, task, self.with_replays,
                              maker=self._maker, hosted=self.hosted)
        except (ConfigError, KeyboardInterrupt):
            raise
        except Exception as exc:
            log.debug("game %d failed", task.index, exc_info=True)
            reason = f"{type(exc).__name__}: {exc}".strip().splitlines()[0]
            raise MatchFailed(
                f"game {task.index} (seed {task.seed}) failed: {reason}") from exc
        self.seconds += time.perf_counter() - started
        self.played += 1
        return record

    def run(self, tasks: Iterable[MatchTask], total: int | None = None
            ) -> Iterator[MatchRecord]:
        del total  # one at a time: nothing to balance
        for task in tasks:
            yield self.play(task)


class MovingPool:
    """This process first; the rest of the run on Ray once ``should_move`` says so.

    ``expected`` is the number of games the run still has to play when it starts (None
    when unknown, as for an SPRT). ``start_ray`` starts Ray and returns a started pool,
    or raises :class:`RuntimeError` (the run then stays here, with a warning).
    """

    def __init__(self, local: InProcessPool, start_ray: Callable[[], Any],
                 should_move: Callable[[float, int, int | None], bool],
                 expected: int | None = None) -> None:
        self.local = local
        self.expected = expected
        self._start_ray = start_ray
        self._should_move = should_move
        self._ray: Any = None
        self._stuck = False  # Ray could not start: never try again
        self.moved_after = 0  # games played here before the move (when it moved)

    @property
    def workers(self) -> int:
        return self._ray.workers if self._ray is not None else 0

    @property
    def restarts(self) -> int:
        return self._ray.restarts if self._ray is not None else 0

    @property
    def nodes(self) -> tuple[str, ...]:
        theirs = self._ray.nodes if self._ray is not None else ()
        return (self.local.nodes if self.local.played else ()) + tuple(theirs)

    def __enter__(self) -> MovingPool:
        self.local.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.local.close()
        if self._ray is not None:
            self._ray.__exit__(*exc)

    def run(self, tasks: Iterable[MatchTask], total: int | None = None
            ) -> Iterator[MatchRecord]:
        queue = iter(tasks)
        left = total
        if self._ray is None:
            for task in queue:
                yield self.local.play(task)
                left = None if left is None else left - 1
                if self._time_to_move() and self._move():
                    break
            else:
                return
        yield from self._ray.run(queue, left)

    def _time_to_move(self) -> bool:
        if self._stuck:
            return False
        played = self.local.played
        remaining = None if self.expected is None else max(self.expected - played, 0)
        return self._should_move(self.local.seconds, played, remaining)

    def _move(self) -> bool:
        try:
            self._ray = self._start_ray()
        except RuntimeError as error:
            log.warning("playing on in this process: %s", error)
            self._stuck = True
            return False
        self.moved_after = self.local.played
        log.info("moved to %d Ray worker(s) after %d game(s) in this process",
                 self._ray.workers, self.moved_after)
        return True
