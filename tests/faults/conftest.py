"""The fault suite's fixtures: a private redis-server it may kill and restart, and real
``arena serve`` processes (stopped, with their host workers, after each test)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.loopback import RedisServer
from services.ladder.factory import open_store
from services.ladder.store import LadderStore
from tests.faults.harness import GAME, ServedGateway, kill_quietly


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    yield server
    server.close()


@dataclass
class Arena:
    """The ladder store the gateways of one test share, and how to start them."""

    redis: RedisServer
    prefix: str
    directory: Path
    store: LadderStore
    started: list[ServedGateway]

    def serve(self, *extra: str) -> ServedGateway:
        gateway = ServedGateway(self.redis.url, self.prefix, self.directory, tuple(extra))
        self.started.append(gateway)
        return gateway.start()

    def records(self) -> list[str]:
        """Match ids the ladder holds, one entry per applied match."""
        return [m.match_id for m in self.store.applied_matches(GAME)]


@pytest.fixture
def arena(redis: RedisServer, tmp_path: Path) -> Iterator[Arena]:
    prefix = f"faults-{secrets.token_hex(4)}"
    store = open_store(redis.url, key_prefix=prefix)
    arena = Arena(redis, prefix, tmp_path, store, [])
    yield arena
    for gateway in arena.started:
        workers = gateway.workers() if gateway.process and gateway.process.poll() is None else []
        gateway.stop()
        for pid in workers:
            kill_quietly(pid)
    store.close()

