"""The gateway server: ArenaService.Play plus gRPC health checking and reflection.

It runs on grpc.aio: one event loop serves every bot stream, match and deadline as
coroutines, so a silent or slow bot costs a pending timer rather than a blocked thread,
and nothing waits on a bot without a deadline. The engine work happens in host worker
processes (:mod:`services.hosting`); the blocking ladder store is called from
worker threads.

A bot's stream ends when it ends in either direction: closing the sending side counts
as leaving (a match in progress is forfeited). Whatever way a stream ends (cancel,
half-close, reset, deadline, server shutdown), its call returns and its tasks end.

``Play`` is registered with pass-through (bytes) serializers: requests are parsed here so
that a malformed message gets an Error instead of killing the stream, and decision
requests are written as pre-composed frames (see :mod:`services.wire.frames`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import sys
import threading
from typing import Any

import grpc
from arena.v1 import arena_pb2
from grpc_health.v1 import health, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from services.gateway.admission import Admission, Limits
from services.gateway.allocator import trim_periodically
from services.gateway.config import GatewayConfig
from services.gateway.connections import ConnectionCaps, ConnectionGuard
from services.gateway.health import StoreHealth
from services.gateway.match import MatchRunner
from services.gateway.match_end import MatchContext
from services.gateway.matchmaker import Matchmaker, seat_order
from services.gateway.result_log import DurableResults
from services.gateway.results import ResultQueue
from services.gateway.seeds import MatchSeeds
from services.gateway.session import BotSession
from services.gateway.streams import StreamHandler
from services.hosting.in_loop import InLoopHosts
from services.hosting.pool import HostPool
from services.hosting.protocol import Hosts
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics
from services.spectate.feed import MatchFeed
from services.wire.transport import TlsFiles, bind, listen_address, server_options

log = logging.getLogger(__name__)

SERVICE_NAME = arena_pb2.DESCRIPTOR.services_by_name["ArenaService"].full_name
SHUTTING_DOWN = (grpc.StatusCode.UNAVAILABLE, "the server is shutting down; reconnect later")


def make_hosts(config: GatewayConfig, metrics: ArenaMetrics) -> Hosts:
    if config.host_workers > 0:
        return HostPool(config.host_workers, config.host_timeout,
                        metrics.gateway.host_failures.inc)
    return InLoopHosts()


class Gateway:
    """Authenticates bots, matches them and runs their matches."""

    def __init__(
        self,
        config: GatewayConfig,
        store: LadderStore,
        metrics: ArenaMetrics | None = None,
        hosts: Hosts | None = None,
        durable: DurableResults | None = None,
        feed: MatchFeed | None = None,
    ) -> None:
        self.config = config
        self.feed = feed  # spectators follow every match through it
        self.store = store
        self.metrics = metrics or ArenaMetrics()
        self.hosts = hosts if hosts is not None else make_hosts(config, self.metrics)
        self.health = StoreHealth(store, ("", SERVICE_NAME), self.metrics.gateway.store_up,
                                  config.health_interval)
        self.results = ResultQueue(store, durable, store_up=lambda: self.health.up)
        self.health.on_up = self.results.retry_now  # results waiting go as soon as it is back
        self.metrics.watch_results(self.results)
        self.admission = Admission(Limits(
            config.max_streams, config.max_streams_per_connection, config.hellos_per_minute))
        self.queues = {queue.id: queue for queue in config.hosted()}
        self.matchmaker = Matchmaker(
            {queue.id: config.policy(queue) for queue in self.queues.values()},
            self._start_match, config.max_matches_per_bot, self.metrics.gateway,
            config.match_rating,
        )
        self.contexts = {
            queue.id: MatchContext.build(config, self.hosts, store, self.results, self.metrics,
                                         feed, queue, self.matchmaker.rate)
            for queue in self.queues.values()
        }
        self.streams = StreamHandler(self)
        self.draining = False
        self.sessions: set[BotSession] = set()
        # Match seeds are keyed hashes of the match number: unpredictable without the
        # secret, which is random per start unless --seed fixes it (test servers).
        self._seeds = (MatchSeeds.random() if config.seed is None
                       else MatchSeeds.from_seed(config.seed))
        self._tag = secrets.token_hex(4)
        self._match_numbers = itertools.count(1)
        self._matches: set[asyncio.Task[None]] = set()
        self._services: set[asyncio.Task[Any]] = set()
        self._server: grpc.aio.Server | None = None
        self._stopped = asyncio.Event()

    async def start(
        self, host: str = "127.0.0.1", port: int = 0, tls: TlsFiles | None = None,
        also: str | None = None,
    ) -> int:
        """Start the host workers and serve on ``host:port`` (0: a free port), or on the
        Unix socket ``host`` when it reads ``unix:/path``; return the bound port. ``also``:
        a further plaintext Unix socket (``unix:/path``) served too (house bots dial it).
        Raises OSError if an address cannot be bound."""
        config = self.config
        server = grpc.aio.server(options=server_options(
            config.max_message_bytes, config.keepalive_seconds,
            config.max_streams_per_connection, config.connection_limits()))
        handler = grpc.method_handlers_generic_handler(
            SERVICE_NAME, {"Play": grpc.stream_stream_rpc_method_handler(self.streams.play)}
        )
        server.add_generic_rpc_handlers((handler,))
        servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
        )
        bound = bind(server, listen_address(host, port), tls)
        if also is not None:
            bind(server, also, None)
        await self._register_queues()
        await self.hosts.open()
        loop = asyncio.get_running_loop()
        self.metrics.gateway.watch(
            tasks=lambda: len(asyncio.all_tasks(loop)),
            workers=lambda: len(self.hosts.pids()),
        )
        self.results.start()
        self._service(self.matchmaker.run())
        self._service(self.health.run(servicer))
        guard = ConnectionGuard(
            bound, ConnectionCaps(config.max_connections, config.max_connections_per_address),
            self.admission.connections, self.metrics.gateway.connections,
            self.metrics.gateway.refused_connections)
        self._service(guard.run())
        if config.memory_trim_seconds > 0:
            self._service(trim_periodically(config.memory_trim_seconds,
                                            self.metrics.gateway.trimmed))
        await server.start()
        self._server = server
        return bound

    async def _register_queues(self) -> None:
        """Record the hosted queues in the store, so ladder readers (the web, ``arena
        ladder --queues``) list their ladders; a store that fails here is only logged."""

        def register() -> None:
            for queue in self.queues.values():
                self.store.register_queue(queue.id, {
                    "game": queue.game, "players": queue.players,
                    "options": dict(queue.options), "custom_cards": queue.cards is not None})

        try:
            await asyncio.to_thread(register)
        except Exception as exc:
            log.warning("queues not recorded in the ladder store: %s", exc)

    def _service(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._services.add(task)
        task.add_done_callback(self._services.discard)

    # -- matches -----------------------------------------------------------------------------

    def _start_match(self, queue: str, bots: list[BotSession]) -> None:
        number = next(self._match_numbers)
        seed = self._seeds.seed(number)
        context = self.contexts[queue]
        seats = seat_order(bots, context.queue.players, seed)
        runner = MatchRunner(context, f"{self._tag}-{number:06d}", seed, seats)
        task = asyncio.create_task(self._run_match(runner, bots))
        self._matches.add(task)
        task.add_done_callback(self._matches.discard)

    async def _run_match(self, runner: MatchRunner, bots: list[BotSession]) -> None:
        try:
            await runner.run()
        finally:
            for session in bots:
                self.matchmaker.release(session)
                if session.match_over():
                    if self.draining:
                        session.close(SHUTTING_DOWN)
                    else:
                        self.matchmaker.enqueue(session)

    # -- stopping ----------------------------------------------------------------------------

    async def drain(self, timeout: float) -> None:
        """Stop taking bots and matches; give running matches ``timeout`` seconds to end
        (the rest are aborted); close every stream with UNAVAILABLE; then stop."""
        self.draining = True
        await self.health.drain()
        for session in self.matchmaker.stop():
            session.close(SHUTTING_DOWN)
        if self._matches:
            log.info("draining: %d match(es) have %g s to finish", len(self._matches), timeout)
            await asyncio.wait(set(self._matches), timeout=timeout)
        await self.stop()

    async def stop(self, grace: float = 2.0) -> None:
        """Abort matches in progress (MatchEnd ABORTED, nothing rated), close every stream
        with UNAVAILABLE, stop the host workers and the server."""
        if self._stopped.is_set():
            return
        self.draining = True
        await self.health.drain()
        for session in self.matchmaker.stop():
            session.close(SHUTTING_DOWN)
        for task in list(self._matches):
            task.cancel()
        await asyncio.gather(*self._matches, return_exceptions=True)
        for session in list(self.sessions):
            session.close(SHUTTING_DOWN)
        if self.sessions:
            await asyncio.wait([asyncio.create_task(s.finished.wait()) for s in self.sessions],
                               timeout=grace)
        for task in list(self._services):
            task.cancel()
        await asyncio.gather(*self._services, return_exceptions=True)
        await self.results.close()
        await self.hosts.close()
        if self._server is not None:
            await self._server.stop(grace)
        self._stopped.set()

    async def wait(self) -> None:
        await self._stopped.wait()


class GatewayThread:
    """A :class:`Gateway` on its own event loop in a daemon thread (tests, benchmarks)."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def start(self, host: str = "127.0.0.1", port: int = 0, tls: TlsFiles | None = None) -> int:
        self._thread.start()
        try:
            return self.call(self.gateway.start(host, port, tls))
        except BaseException:
            self.stop()
            raise

    def call(self, coroutine: Any, timeout: float = 60) -> Any:
        """Run ``coroutine`` on the gateway's loop and return its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout)

    def stop(self) -> None:
        try:
            self.call(self.gateway.stop(0.5))
        except TimeoutError:
            # Say where it hangs: every task of the loop, with its stack.
            for task in asyncio.all_tasks(self._loop):
                try:
                    task.print_stack(file=sys.stderr)
                except Exception:  # frames of compiled coroutines have no line numbers
                    print(task, file=sys.stderr)
            raise
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
