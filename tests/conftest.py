"""Shared fixtures: a real redis-server, a real local Ray instance and a real two-node
Ray cluster (``two_node_ray``, from tests/ray_cluster.py).

Set ARENA_TEST_REDIS_URL to use an already running Redis (CI starts one); otherwise
each test session starts its own redis-server on a free loopback port
(``bench.loopback``, the one launcher tests and benches share).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bench.loopback import RedisServer
from tests.ray_cluster import two_node_ray  # noqa: F401  (a fixture for every test)


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """Put the root logger back after a test that configures logging (the ``arena``
    commands with --log-level replace its handlers)."""
    import logging

    from services.cli.logs import OWN_LOGGERS

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    own = {name: logging.getLogger(name).level for name in OWN_LOGGERS}
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
    for name, own_level in own.items():
        logging.getLogger(name).setLevel(own_level)


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """URL of a live Redis for the whole session (shared; tests use unique key prefixes)."""
    url = os.environ.get("ARENA_TEST_REDIS_URL")
    if url:
        yield url
        return
    server = RedisServer().start()
    yield server.url
    server.close()


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A private redis-server a test may stop and restart."""
    server = RedisServer().start()
    yield server
    server.close()


@pytest.fixture(scope="session")
def ray_local() -> Iterator[None]:
    """A real local Ray instance shared by the session (2 CPUs, no dashboard)."""
    import ray

    from services.runner.ray_setup import start_local

    if not ray.is_initialized():
        start_local(2)
    yield
    ray.shutdown()
