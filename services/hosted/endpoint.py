"""The in-worker endpoint hosted bots dial: ``ArenaService.Play`` on a unix socket,
served by grpc.aio on an event loop of its own (a daemon thread).

It speaks the gateway's protocol with the gateway's code: each stream is a
:class:`services.gateway.session.BotSession` (outgoing frames, request ids, owed
decisions) read and written by the gateway's own loops
(:func:`services.gateway.streams.read_stream`, ``write_stream``), where messages that
answer nothing spend from a :class:`services.gateway.budget.MessageBudget`. What
differs from the gateway: a stream is admitted only with a token this endpoint handed
to one bot process (each token once), and the stream is then given to whoever waits for
that token instead of a matchmaker.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import grpc
from arena.v1 import arena_pb2

from services.gateway.budget import MessageBudget
from services.gateway.session import BotSession, error_frame
from services.gateway.streams import parse_request, read_stream, write_stream

log = logging.getLogger(__name__)

SERVICE = "arena.v1.ArenaService"
HELLO_SECONDS = 30.0
MESSAGE_RATE, MESSAGE_BURST = 20.0, 100
T = TypeVar("T")


class Endpoint:
    """Play on ``unix:<socket_path>`` for the bots of one worker; ``game`` and the
    deadline rules are what Welcome tells them."""

    def __init__(self, socket_path: Path, game: str, move_timeout: float,
                 max_strikes: int) -> None:
        self.socket_path = Path(socket_path)
        self.game = game
        self.move_timeout = move_timeout
        self.max_strikes = max_strikes
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                        name="hosted-endpoint")
        self._server: grpc.aio.Server | None = None
        # token -> (bot name, future of its session)
        self._expected: dict[str, tuple[str, concurrent.futures.Future[BotSession]]] = {}
        self._lock = threading.Lock()

    @property
    def address(self) -> str:
        return f"unix:{self.socket_path}"

    def start(self) -> None:
        self._thread.start()
        self.call(self._start())

    async def _start(self) -> None:
        server = grpc.aio.server(options=[("grpc.max_receive_message_length", 16 << 20)])
        handler = grpc.method_handlers_generic_handler(
            SERVICE, {"Play": grpc.stream_stream_rpc_method_handler(self._play)})
        server.add_generic_rpc_handlers((handler,))
        self.socket_path.unlink(missing_ok=True)
        server.add_insecure_port(self.address)
        await server.start()
        self._server = server

    def call(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coroutine`` on the endpoint's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def expect(self, token: str, name: str) -> concurrent.futures.Future[BotSession]:
        """A future set to the session of the first stream that says Hello with
        ``token`` (the token is then used up)."""
        future: concurrent.futures.Future[BotSession] = concurrent.futures.Future()
        with self._lock:
            self._expected[token] = (name, future)
        return future

    def forget(self, token: str) -> None:
        with self._lock:
            self._expected.pop(token, None)

    def stop(self) -> None:
        if not self._thread.is_alive():
            return
        with contextlib.suppress(Exception):
            self.call(self._stop(), timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.socket_path.unlink(missing_ok=True)

    async def _stop(self) -> None:
        if self._server is not None:
            await self._server.stop(0.5)

    # -- one stream -------------------------------------------------------------------

    async def _play(self, _requests: Any, context: grpc.aio.ServicerContext) -> None:
        try:
            async with asyncio.timeout(HELLO_SECONDS):
                raw = await context.read()
        except TimeoutError:
            await context.abort(grpc.StatusCode.DEADLINE_EXCEEDED, "no Hello received")
            return
        if raw is grpc.aio.EOF:
            return
        hello = parse_request(raw)
        if hello is None or hello.WhichOneof("message") != "hello":
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_PROTOCOL,
                "the first message of a stream must be a PlayRequest carrying Hello"))
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "expected Hello")
            return
        with self._lock:
            expected = self._expected.pop(hello.hello.token, None)
        if expected is None:
            await context.abort(grpc.StatusCode.UNAUTHENTICATED, "unknown bot token")
            return
        name, future = expected
        if hello.hello.games and self.game not in hello.hello.games:
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_UNSUPPORTED_GAME,
                f"this tournament plays {self.game}, not {' or '.join(hello.hello.games)}"))
            future.set_exception(ConnectionError(
                f"the bot plays {' or '.join(hello.hello.games)}, not {self.game}"))
            await context.abort(grpc.StatusCode.FAILED_PRECONDITION,
                                f"this tournament plays {self.game}")
            return
        welcome = arena_pb2.Welcome(
            bot_name=name, server_version="arena-tournament", games=[self.game],
            move_timeout_ms=round(self.move_timeout * 1000), max_strikes=self.max_strikes)
        await context.write(arena_pb2.PlayResponse(welcome=welcome).SerializeToString())
        session = BotSession(name, hello.hello.max_matches, context.peer())
        if future.cancelled():
            return
        future.set_result(session)
        await self._serve(session, context)

    async def _serve(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        budget = MessageBudget(MESSAGE_RATE, MESSAGE_BURST)
        reader = asyncio.create_task(read_stream(session, context, budget))
        writer = asyncio.create_task(write_stream(session, context))
        try:
            await session.finished.wait()
        finally:
            session.disconnect()
            for task in (reader, writer):
                task.cancel()
            await asyncio.gather(reader, writer, return_exceptions=True)
        if session.status is not None:
            await context.abort(*session.status)
