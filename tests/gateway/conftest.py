"""A real gateway on a free loopback port, its matches in a real host worker process, its
ladder in the session's real Redis (a fresh key prefix per test)."""

from __future__ import annotations

import dataclasses
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from services.gateway.config import GatewayConfig
from services.gateway.result_log import DurableResults
from services.gateway.server import Gateway, GatewayThread
from services.ladder.factory import open_store
from services.ladder.records import AppliedMatch
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics
from services.wire.transport import TlsFiles

GAME = "monster-my-neighbor"


@dataclass
class RunningGateway:
    address: str
    store: LadderStore
    metrics: ArenaMetrics
    config: GatewayConfig
    thread: GatewayThread

    @property
    def gateway(self) -> Gateway:
        return self.thread.gateway

    def token(self, name: str) -> str:
        return self.store.register_bot(name)

    def applied(self, match_id: str) -> AppliedMatch:
        (record,) = [m for m in self.store.applied_matches(GAME) if m.match_id == match_id]
        return record

    def metric(self, name: str, **labels: str) -> float:
        value = self.metrics.registry.get_sample_value(name, labels)
        return 0.0 if value is None else value

    def settles(self, name: str, value: float, seconds: float = 10.0, **labels: str) -> bool:
        """Whether the metric reaches ``value`` within ``seconds`` (streams end and free
        their resources a moment after the client sees them end)."""
        deadline = time.monotonic() + seconds
        while self.metric(name, **labels) != value:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True


@pytest.fixture
def start_gateway(redis_url: str, tmp_path: Path) -> Iterator[Callable[..., RunningGateway]]:
    """Start a gateway with GatewayConfig fields overridden by keyword."""
    started: list[tuple[GatewayThread, LadderStore]] = []
    base = GatewayConfig(game=GAME, players=5, fill="random", move_timeout=5.0,
                         max_strikes=3, gather_seconds=0.2, replays=tmp_path / "replays", seed=7,
                         host_workers=1, health_interval=0.5)

    def start(
        tls: TlsFiles | None = None, durable: DurableResults | None = None,
        store: LadderStore | None = None, port: int = 0, **overrides: object,
    ) -> RunningGateway:
        config = dataclasses.replace(base, **overrides)
        if store is None:
            store = open_store(redis_url, key_prefix=f"test-gw-{secrets.token_hex(6)}")
        metrics = ArenaMetrics()
        thread = GatewayThread(Gateway(config, store, metrics, durable=durable))
        started.append((thread, store))
        port = thread.start("127.0.0.1", port, tls)
        return RunningGateway(f"127.0.0.1:{port}", store, metrics, config, thread)

    yield start
    for thread, store in started:
        if thread.running:
            thread.stop()
        store.close()
