"""Starting a local Ray instance, or joining a cluster, for a run of matches."""

from __future__ import annotations

import logging
import os
from typing import Any

import ray


def ensure_ray(
    workers: int, address: str | None = None, runtime_env: dict[str, Any] | None = None
) -> bool:
    """Make Ray available; return True if this call started it (so the caller shuts it down).

    An already initialised Ray (a test session, an embedding service) is reused. With an
    ``address`` (or ``RAY_ADDRESS`` in the environment) the driver joins that cluster;
    otherwise a private local instance with ``workers`` CPUs is started. ``runtime_env``
    becomes the job's runtime environment (Ray uploads local ``py_modules`` only at the
    job level). Ray's own driver logging is limited to errors so the output stays readable.
    """
    if ray.is_initialized():
        return False
    address = address or os.environ.get("RAY_ADDRESS") or None
    if address:
        ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR,
                 runtime_env=runtime_env)
    else:
        ray.init(
            num_cpus=workers,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.ERROR,
            runtime_env=runtime_env,
        )
    return True


def warn_if_short_of_cpus(workers: int) -> None:
    """Say so on stderr when the cluster has fewer CPUs than the workers need."""
    from rich.console import Console

    cpus = ray.cluster_resources().get("CPU", 0)
    if workers > cpus:
        Console(stderr=True, soft_wrap=True, highlight=False).print(
            f"warning: {workers} workers need {workers} CPUs but Ray has {cpus:g}; "
            "the run waits until the cluster grows"
        )
