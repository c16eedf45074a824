"""``--workers`` and ``--ray-address`` of ``arena play`` and ``arena tournament``: where
the matches are played (the rule is in :mod:`services.runner.placement`).

Ray is imported only when a run will use it from the start; ``--workers 0`` and a
small local run never import it.
"""

from __future__ import annotations

import os
from typing import Any

from engine.core import ConfigError
from services.runner.placement import check_local_workers, ray_in_use

EXIT_CONFIG = 2
EXIT_RUNTIME = 1


class RayStartError(RuntimeError):
    """Ray cannot give what the run asks for; ``exit_code`` says whose fault it is."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def where_to_play(workers: int | None, ray_address: str | None) -> tuple[int, bool]:
    """(Ray workers or 0 for this process, whether a local run may move to Ray), from
    the flags as given (None: not given). ConfigError for flags that contradict each
    other or ask more of this machine than it has."""
    if workers == 0:
        if ray_address:
            raise ConfigError("--workers 0 plays in this process: drop --ray-address, or "
                              "give --workers N to play on the cluster")
        return 0, False
    local = not (ray_address or os.environ.get("RAY_ADDRESS") or ray_in_use())
    if workers is None:
        return (0, True) if local else (-1, False)  # -1: every CPU of the cluster
    if local:
        problem = check_local_workers(workers)
        if problem:
            raise ConfigError(problem)
    return workers, False


def planned_place(workers: int, move_to_ray: bool) -> str:
    """Where a run is about to play, for the start-up log line."""
    if workers == 0:
        return ("in this process (moving to Ray if it proves long)" if move_to_ray
                else "in this process")
    return f"on {workers} Ray worker(s)"


def start_ray(workers: int, address: str | None, runtime_env: dict[str, Any] | None
              ) -> tuple[bool, int]:
    """Start or join Ray for ``workers`` (-1: every CPU there is); return (whether this
    started it, the number of workers). RayStartError if Ray cannot start (exit 1) or
    has too few CPUs (exit 2)."""
    import ray

    from services.runner.placement import local_cpus
    from services.runner.ray_setup import RayUnavailable, check_cpus, ensure_ray

    try:
        started = ensure_ray(workers if workers > 0 else local_cpus(), address, runtime_env)
    except RayUnavailable as error:
        raise RayStartError(str(error), EXIT_RUNTIME) from None
    try:
        if workers > 0:
            check_cpus(workers)
        else:
            workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    except RayUnavailable as error:
        if started:
            ray.shutdown()
        raise RayStartError(str(error), EXIT_CONFIG) from None
    return started, workers


def stop_ray() -> None:
    import ray

    ray.shutdown()
