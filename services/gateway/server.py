"""The gateway server: ArenaService.Play plus gRPC health checking and reflection.

It runs on grpc.aio: one event loop serves every bot stream, match and deadline as
coroutines, so a silent or slow bot costs a pending timer rather than a blocked thread,
and nothing waits on a bot without a deadline. The engine work happens elsewhere (one
Ray actor per match), and the blocking ladder store is called from a worker thread.

A bot's session ends when its stream ends in either direction: closing the sending side
counts as leaving (a match in progress is forfeited).

``Play`` is registered with pass-through (bytes) serializers: requests are parsed here so
that a malformed message gets an Error instead of killing the stream, and decision
requests are written as pre-composed frames (see :mod:`services.gateway.frames`).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import secrets
import threading
from importlib import metadata
from typing import Any

import grpc
from arena.v1 import arena_pb2
from google.protobuf.message import DecodeError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from services.gateway.config import GatewayConfig
from services.gateway.hosts import HostFactory, RayHost
from services.gateway.match import MatchRunner
from services.gateway.matchmaker import Matchmaker, derive_match_seed, seat_order
from services.gateway.outbox import RatingOutbox
from services.gateway.session import BotSession, error_frame
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics
from services.spectate.feed import MatchFeed

log = logging.getLogger(__name__)

SERVICE_NAME = arena_pb2.DESCRIPTOR.services_by_name["ArenaService"].full_name


def _server_version() -> str:
    try:
        return metadata.version("tabletop-arena")
    except metadata.PackageNotFoundError:
        return "unknown"


class Gateway:
    """Authenticates bots, matches them and runs their matches."""

    def __init__(
        self,
        config: GatewayConfig,
        store: LadderStore,
        metrics: ArenaMetrics | None = None,
        hosts: HostFactory = RayHost,
        feed: MatchFeed | None = None,
    ) -> None:
        self.config = config
        self.feed = feed  # spectators follow every match through it
        self.store = store
        self.metrics = metrics or ArenaMetrics()
        self._hosts = hosts
        self.outbox = RatingOutbox(store)
        self.metrics.watch_results(self.outbox)
        self._base_seed = config.seed if config.seed is not None else secrets.randbits(32)
        self._tag = secrets.token_hex(4)
        self._match_numbers = itertools.count(1)
        self._request_ids = itertools.count(1)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._server: grpc.aio.Server | None = None
        self._health: health.aio.HealthServicer | None = None
        self._matchmaker: Matchmaker | None = None

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Start serving on ``host:port`` (0: a free port); return the bound port."""
        server = grpc.aio.server()
        handler = grpc.method_handlers_generic_handler(
            SERVICE_NAME, {"Play": grpc.stream_stream_rpc_method_handler(self._play)}
        )
        server.add_generic_rpc_handlers((handler,))
        health_servicer = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
        reflection.enable_server_reflection(
            (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), server
        )
        bound = server.add_insecure_port(f"{host}:{port}")
        if not bound:
            raise OSError(f"cannot listen on {host}:{port}")
        self._matchmaker = Matchmaker(
            self.config.players, self.config.gather_seconds, self._start_match,
            self.config.min_bots,
        )
        self._spawn(self._matchmaker.run())
        await server.start()
        for name in ("", SERVICE_NAME):
            await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
        self._server, self._health = server, health_servicer
        return bound

    async def stop(self, grace: float = 1.0) -> None:
        """Report NOT_SERVING, cancel matches in progress (nothing of them is rated) and
        close every stream."""
        if self._health is not None:
            await self._health.enter_graceful_shutdown()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.outbox.close()
        if self._server is not None:
            await self._server.stop(grace)

    async def wait(self) -> None:
        assert self._server is not None
        await self._server.wait_for_termination()

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- matches -----------------------------------------------------------------------------

    def _start_match(self, bots: list[BotSession]) -> None:
        number = next(self._match_numbers)
        seed = derive_match_seed(self._base_seed, number)
        runner = MatchRunner(
            match_id=f"{self._tag}-{number:06d}",
            seed=seed,
            seats=seat_order(bots, self.config.players, seed),
            config=self.config,
            hosts=self._hosts,
            store=self.store,
            outbox=self.outbox,
            metrics=self.metrics,
            request_ids=self._request_ids,
            feed=self.feed,
        )
        self._spawn(self._run_match(runner, bots))

    async def _run_match(self, runner: MatchRunner, bots: list[BotSession]) -> None:
        await runner.run()
        assert self._matchmaker is not None
        for session in bots:
            if session.match_over():
                self._matchmaker.enqueue(session)

    # -- one bot stream ----------------------------------------------------------------------

    async def _play(self, _requests: Any, context: grpc.aio.ServicerContext) -> None:
        session = await self._greet(context)
        self.metrics.connected_bots.inc()
        writer = asyncio.create_task(self._write(session, context))
        reader = asyncio.create_task(self._read(session, context))
        try:
            assert self._matchmaker is not None
            self._matchmaker.enqueue(session)
            await session.finished.wait()
        finally:
            session.disconnect()
            reader.cancel()
            await asyncio.gather(writer, reader, return_exceptions=True)
            self.metrics.connected_bots.dec()

    async def _greet(self, context: grpc.aio.ServicerContext) -> BotSession:
        """Read Hello, authenticate, answer Welcome; abort the stream on failure."""
        try:
            raw = await asyncio.wait_for(context.read(), self.config.hello_timeout)
        except TimeoutError:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "no Hello received in time")
        if raw is grpc.aio.EOF:
            await context.abort(grpc.StatusCode.CANCELLED, "stream closed before Hello")
        hello = _parse(raw)
        if hello is None or hello.WhichOneof("message") != "hello":
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_MALFORMED if hello is None else arena_pb2.ERROR_CODE_PROTOCOL,
                "the first message of a stream must be a PlayRequest carrying Hello",
            ))
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "expected Hello")
        name = await asyncio.to_thread(self.store.authenticate, hello.hello.token)
        if name is None:
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "unknown bot token")
        game = self.config.game
        if hello.hello.games and game not in hello.hello.games:
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_UNSUPPORTED_GAME,
                f"this server hosts only {game}; Hello asked for {list(hello.hello.games)}",
            ))
            await context.abort(grpc.StatusCode.FAILED_PRECONDITION, f"this server hosts {game}")
        welcome = arena_pb2.Welcome(
            bot_name=name, server_version=_server_version(), games=[game],
            move_timeout_ms=round(self.config.move_timeout * 1000),
            max_strikes=self.config.max_strikes,
        )
        await context.write(arena_pb2.PlayResponse(welcome=welcome).SerializeToString())
        return BotSession(name, hello.hello.max_matches)

    async def _read(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        try:
            while (raw := await context.read()) is not grpc.aio.EOF:
                request = _parse(raw)
                which = request.WhichOneof("message") if request is not None else None
                if which == "decision_reply":
                    session.reply(request.decision_reply)
                elif which == "hello":
                    session.send_error(arena_pb2.ERROR_CODE_PROTOCOL, "Hello was already received")
                else:
                    session.send_error(
                        arena_pb2.ERROR_CODE_MALFORMED,
                        "could not parse a PlayRequest" if request is None
                        else "the PlayRequest sets no known message",
                    )
        except grpc.aio.AioRpcError:
            pass
        finally:
            session.disconnect()

    async def _write(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        try:
            while (frame := await session.outbox.get()) is not None:
                await context.write(frame)
        finally:
            session.finished.set()


def _parse(raw: bytes) -> arena_pb2.PlayRequest | None:
    try:
        return arena_pb2.PlayRequest.FromString(raw)
    except DecodeError:
        return None


class GatewayThread:
    """A :class:`Gateway` on its own event loop in a daemon thread (tests, benchmarks)."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self._thread.start()
        return asyncio.run_coroutine_threadsafe(self.gateway.start(host, port), self._loop).result()

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.gateway.stop(0.5), self._loop).result(timeout=30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
