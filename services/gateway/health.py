"""Honest health: the gateway serves only while its ladder store answers, promptly.

:class:`StoreHealth` pings the store every ``interval`` seconds (in a thread, so a slow
store never blocks the event loop) and sets the gRPC health status of the server and of
``arena.v1.ArenaService``: SERVING while the store answers, NOT_SERVING while it does
not or while the gateway drains. A slow store is a down store: a ping not answered
within PING_TIMEOUT_SECONDS, or any store call of a Hello that fails or takes longer
than HELLO_STORE_SECONDS (:meth:`StoreHealth.mark_down`), turns health NOT_SERVING at
once. While the store is down, a Hello is refused with UNAVAILABLE and a plain message
(see :data:`STORE_DOWN`) without trying the store; the next ping that is answered turns
it back up.

The gateway opens its store with ``config.STORE_CALL_SECONDS`` per Redis call, and the store does
not retry a call that timed out, so a hung Redis (stopped, not dead) costs a caller one
short wait, not a series of long ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from grpc_health.v1 import health, health_pb2
from prometheus_client import Gauge

from services.ladder.store import LadderStore

log = logging.getLogger(__name__)

STORE_DOWN = "the ladder store is unreachable; try again later"
# A ping not answered in this time counts as the store being down.
PING_TIMEOUT_SECONDS = 2.0
# A Hello's token check not answered in this time: UNAVAILABLE, and the store is down.
HELLO_STORE_SECONDS = 1.5


class StoreHealth:
    """Tracks whether ``store`` answers, and reports it through ``servicer``."""

    def __init__(
        self, store: LadderStore, services: tuple[str, ...], gauge: Gauge,
        interval: float = 1.0, timeout: float = PING_TIMEOUT_SECONDS,
        on_up: Callable[[], None] = lambda: None,
    ) -> None:
        self.store = store
        self.services = services
        self.gauge = gauge
        self.interval = interval
        self.timeout = timeout
        self.on_up = on_up  # called when the store answers again after being down
        self.up = True
        self.draining = False
        self.servicer: health.aio.HealthServicer | None = None
        self._changed = asyncio.Event()
        gauge.set(1)

    async def run(self, servicer: health.aio.HealthServicer) -> None:
        """Ping the store for ever; publish every change of status."""
        self.servicer = servicer
        await self._publish()
        while True:
            up = await self._ping()
            if up != self.up:
                log.warning("ladder store is %s", "reachable again" if up else "unreachable")
                self._set(up)
                if up:
                    self.on_up()
            await self._publish()
            self._changed.clear()
            # asyncio.timeout, not wait_for: in Python 3.11 wait_for can swallow the
            # cancellation that stops this loop, and then it never ends.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval):
                    await self._changed.wait()

    def mark_down(self) -> None:
        """A call to the store failed or was too slow: report it now rather than at the
        next ping."""
        if self.up:
            log.warning("ladder store is unreachable (or too slow)")
            self._set(False)
            self._changed.set()

    async def drain(self) -> None:
        self.draining = True
        await self._publish()

    def _set(self, up: bool) -> None:
        self.up = up
        self.gauge.set(1 if up else 0)

    async def _ping(self) -> bool:
        try:
            async with asyncio.timeout(self.timeout):
                await asyncio.to_thread(self.store.ping)
        except Exception:
            return False
        return True

    async def _publish(self) -> None:
        if self.servicer is None:
            return
        serving = self.up and not self.draining
        status = (health_pb2.HealthCheckResponse.SERVING if serving
                  else health_pb2.HealthCheckResponse.NOT_SERVING)
        for name in self.services:
            await self.servicer.set(name, status)
