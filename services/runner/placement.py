"""Where a run's matches are played: in this process, or on Ray.

- ``--workers 0``: in the command's own process, one match after another; Ray is never
  imported.
- ``--workers N``: on N Ray workers (one CPU each), on a private local Ray instance or
  the cluster of ``--ray-address``/``$RAY_ADDRESS``. Locally N may not exceed this
  machine's CPUs; on a cluster, the cluster's.
- Neither, on a cluster: a Ray worker per CPU of the cluster.
- Neither, locally (the default): this process first. Ray's start-up (counted as
  :data:`RAY_STARTUP_SECONDS`) is worth paying only when the games still to play would
  take longer here than ``RAY_STARTUP_SECONDS * CPUs / (CPUs - 1)`` (what N CPUs save
  on them); from :data:`PROBE_SECONDS` of play on, the time per game so far projects
  the rest, and when it exceeds that, local Ray starts with a worker per CPU and plays
  the rest of the run. When the length is unknown (an SPRT stops when it decides), the
  run moves once it has played that long here. With one CPU it never moves.

Nothing here changes results: a match is a pure function of its task.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

from engine.core import GameConfig
from services.hosted.options import HostingOptions
from services.runner.inprocess import InProcessPool, MovingPool, Pool

RAY_STARTUP_SECONDS = 15.0
PROBE_SECONDS = 1.0


def local_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def move_threshold(cpus: int) -> float | None:
    """Seconds of remaining in-process play above which local Ray is worth starting
    (None: never, with one CPU)."""
    if cpus < 2:
        return None
    return RAY_STARTUP_SECONDS * cpus / (cpus - 1)


def worth_moving(cpus: int) -> Callable[[float, int, int | None], bool]:
    """The rule of this module as a test of (seconds played here, games played here,
    games still to play or None)."""
    threshold = move_threshold(cpus)

    def should_move(seconds: float, played: int, remaining: int | None) -> bool:
        if threshold is None or played == 0 or seconds < PROBE_SECONDS:
            return False
        if remaining is None:
            return seconds >= threshold
        return remaining * seconds / played > threshold

    return should_move


def ray_in_use() -> bool:
    """True if this process already runs Ray (a test session, an embedding service);
    never imports Ray."""
    ray = sys.modules.get("ray")
    return bool(ray is not None and getattr(ray, "is_initialized", lambda: False)())


def check_local_workers(workers: int) -> str | None:
    """Why ``--workers`` cannot run on a private local Ray instance, or None."""
    cpus = local_cpus()
    if workers <= cpus:
        return None
    return (f"--workers {workers} needs {workers} CPUs but this machine has {cpus}; use "
            f"--workers {cpus} or fewer (0 plays in this process), or --ray-address to "
            "join a cluster")


def open_pool(game_id: str, config: GameConfig, workers: int, *, move_to_ray: bool = False,
              runtime_env: dict[str, Any] | None = None, expected: int | None = None,
              with_replays: bool = False, bot_specs: dict[str, str] | None = None,
              hosting: HostingOptions | None = None, **ray_options: Any) -> Pool:
    """The pool of a run: ``workers`` Ray workers (Ray initialised by the caller), or
    0: this process, moving to local Ray by the rule above when ``move_to_ray``.
    ``expected`` is how many games the run still has to play, if known."""
    def ray_pool(count: int) -> Any:
        from services.runner.pool import MatchPool

        return MatchPool(game_id, config, count, with_replays=with_replays,
                         bot_specs=bot_specs, hosting=hosting, **ray_options)

    if workers:
        return ray_pool(workers)
    local = InProcessPool(game_id, config, with_replays=with_replays, bot_specs=bot_specs,
                          hosting=hosting)
    cpus = local_cpus()
    if not move_to_ray or move_threshold(cpus) is None:
        return local
    return MovingPool(local, lambda: _LocalRay(cpus, runtime_env, ray_pool).start(),
                      worth_moving(cpus), expected)


class _LocalRay:
    """A private local Ray instance and a pool on it, both started mid-run; leaving it
    closes the pool and stops Ray (if this started it)."""

    def __init__(self, cpus: int, runtime_env: dict[str, Any] | None,
                 make_pool: Callable[[int], Any]) -> None:
        self.cpus = cpus
        self.runtime_env = runtime_env
        self.make_pool = make_pool
        self.pool: Any = None
        self.started_ray = False

    @property
    def workers(self) -> int:
        return int(self.pool.workers)

    @property
    def restarts(self) -> int:
        return int(self.pool.restarts)

    @property
    def nodes(self) -> tuple[str, ...]:
        return tuple(self.pool.nodes)

    def start(self) -> _LocalRay:
        """Start Ray and the pool; RuntimeError (with the reason) if Ray cannot start."""
        import ray

        from services.runner.ray_setup import RayUnavailable, ensure_ray

        try:
            self.started_ray = ensure_ray(self.cpus, None, self.runtime_env)
        except RayUnavailable as error:
            raise RuntimeError(str(error)) from error
        workers = max(1, min(self.cpus, int(ray.cluster_resources().get("CPU", 1))))
        self.pool = self.make_pool(workers)
        try:
            self.pool.start()
        except BaseException:
            self._stop_ray()
            raise
        return self

    def run(self, tasks: Any, total: int | None = None) -> Any:
        return self.pool.run(tasks, total)

    def __exit__(self, *exc: object) -> None:
        try:
            self.pool.close()
        finally:
            self._stop_ray()

    def _stop_ray(self) -> None:
        if self.started_ray:
            import ray

            ray.shutdown()
            self.started_ray = False


def describe(pool: Pool) -> str:
    """Where ``pool`` played, in words: ``in this process``, ``on 2 Ray workers (1
    node)``, or ``in this process for 12 games, then on 2 Ray workers (1 node)``."""
    if isinstance(pool, InProcessPool):
        return "in this process"
    on_ray = ""
    if pool.workers:
        nodes = len({node for node in pool.nodes if node})
        on_ray = f"on {_count(pool.workers, 'Ray worker')} ({_count(nodes, 'node')})"
    if isinstance(pool, MovingPool):
        if not pool.workers:
            return "in this process"
        return f"in this process for {_count(pool.moved_after, 'game')}, then {on_ray}"
    return on_ray


def _count(number: int, noun: str) -> str:
    return f"{number:,} {noun}{'' if number == 1 else 's'}"
