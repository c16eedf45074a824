"""One Play stream, from admission and Hello to its end.

Order of checks for a new stream: the caps of :mod:`services.gateway.admission`
(RESOURCE_EXHAUSTED), a draining server (UNAVAILABLE), the Hello within the Hello
timeout (DEADLINE_EXCEEDED), a well-formed Hello (INVALID_ARGUMENT), a reachable ladder
store (UNAVAILABLE), the token (UNAUTHENTICATED), the game (FAILED_PRECONDITION). Then
Welcome, and the bot waits for a match.
"""

from __future__ import annotations

import asyncio
import logging
from importlib import metadata
from typing import TYPE_CHECKING, Any, NoReturn

import grpc
from arena.v1 import arena_pb2
from google.protobuf.message import DecodeError

from services.gateway.admission import Refused
from services.gateway.health import HELLO_STORE_SECONDS, STORE_DOWN
from services.gateway.session import BotSession, error_frame
from services.ladder.store import StoreUnavailable

if TYPE_CHECKING:
    from services.gateway.server import Gateway

log = logging.getLogger(__name__)


def _server_version() -> str:
    try:
        return metadata.version("tabletop-arena")
    except metadata.PackageNotFoundError:
        return "unknown"


def parse_request(raw: bytes) -> arena_pb2.PlayRequest | None:
    """A PlayRequest, or None if the bytes are not one."""
    try:
        return arena_pb2.PlayRequest.FromString(raw)
    except DecodeError:
        return None


class StreamHandler:
    """``ArenaService.Play`` for one gateway."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self.metrics = gateway.metrics
        self.version = _server_version()

    async def play(self, _requests: Any, context: grpc.aio.ServicerContext) -> None:
        gateway = self.gateway
        peer = context.peer()
        try:
            gateway.admission.open(peer)
        except Refused as refused:
            await self._refuse(context, refused.code, refused.message, refused.reason)
        streams = self.metrics.gateway.streams
        streams.inc()
        try:
            if gateway.draining:
                await self._refuse(context, grpc.StatusCode.UNAVAILABLE,
                                   "the server is shutting down; reconnect later", "draining")
            session = await self._greet(context, peer)
            await self._serve(session, context)
        finally:
            gateway.admission.close(peer)
            streams.dec()

    async def _refuse(
        self, context: grpc.aio.ServicerContext, code: grpc.StatusCode, message: str,
        reason: str,
    ) -> NoReturn:
        self.metrics.gateway.refused.labels(reason).inc()
        await context.abort(code, message)
        raise AssertionError("abort returned")  # pragma: no cover

    async def _greet(self, context: grpc.aio.ServicerContext, peer: str) -> BotSession:
        """Read Hello, authenticate, answer Welcome; end the stream on failure."""
        config = self.gateway.config
        try:
            async with asyncio.timeout(config.hello_timeout):
                raw = await context.read()
        except TimeoutError:
            await self._refuse(context, grpc.StatusCode.DEADLINE_EXCEEDED,
                               f"no Hello received within {config.hello_timeout:g} s",
                               "hello_timeout")
        if raw is grpc.aio.EOF:
            await self._refuse(context, grpc.StatusCode.CANCELLED, "stream closed before Hello",
                               "bad_hello")
        hello = parse_request(raw)
        if hello is None or hello.WhichOneof("message") != "hello":
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_MALFORMED if hello is None else arena_pb2.ERROR_CODE_PROTOCOL,
                "the first message of a stream must be a PlayRequest carrying Hello",
            ))
            await self._refuse(context, grpc.StatusCode.INVALID_ARGUMENT, "expected Hello",
                               "bad_hello")
        name = await self._authenticate(context, hello.hello.token)
        if self.gateway.draining:
            await self._refuse(context, grpc.StatusCode.UNAVAILABLE,
                               "the server is shutting down; reconnect later", "draining")
        game = config.game
        if hello.hello.games and game not in hello.hello.games:
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_UNSUPPORTED_GAME,
                f"this server hosts only {game}; Hello asked for {list(hello.hello.games)}",
            ))
            await self._refuse(context, grpc.StatusCode.FAILED_PRECONDITION,
                               f"this server hosts {game}", "unsupported_game")
        welcome = arena_pb2.Welcome(
            bot_name=name, server_version=self.version, games=[game],
            move_timeout_ms=round(config.move_timeout * 1000), max_strikes=config.max_strikes,
        )
        await context.write(arena_pb2.PlayResponse(welcome=welcome).SerializeToString())
        return BotSession(name, hello.hello.max_matches, peer, config.max_queued_frames)

    async def _authenticate(self, context: grpc.aio.ServicerContext, token: str) -> str:
        health = self.gateway.health
        if not health.up:
            await self._refuse(context, grpc.StatusCode.UNAVAILABLE, STORE_DOWN,
                               "store_unavailable")
        try:
            # One short attempt: a store too slow to answer is a down store.
            async with asyncio.timeout(HELLO_STORE_SECONDS):
                name = await asyncio.to_thread(self.gateway.store.authenticate, token)
        except (StoreUnavailable, TimeoutError):
            health.mark_down()
            await self._refuse(context, grpc.StatusCode.UNAVAILABLE, STORE_DOWN,
                               "store_unavailable")
        except Exception:
            log.exception("authentication failed")
            await self._refuse(context, grpc.StatusCode.INTERNAL,
                               "internal error; try again later", "internal")
        if name is None:
            await self._refuse(context, grpc.StatusCode.UNAUTHENTICATED, "unknown bot token",
                               "unauthenticated")
        return name

    async def _serve(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        """Read and write the stream until it ends either way; then free everything."""
        gateway = self.gateway
        connected = self.metrics.connected_bots
        connected.inc()
        gateway.sessions.add(session)
        reader = asyncio.create_task(self._read(session, context))
        writer = asyncio.create_task(self._write(session, context))
        try:
            gateway.matchmaker.enqueue(session)
            await session.finished.wait()
        finally:
            # Everything that must happen is synchronous, before the one await: gRPC may
            # cancel this handler again while it waits.
            session.disconnect()
            gateway.matchmaker.remove(session)
            gateway.sessions.discard(session)
            connected.dec()
            for task in (reader, writer):
                task.cancel()
                task.add_done_callback(_retrieve)
            await asyncio.wait((reader, writer))
        if session.status is not None:
            await context.abort(*session.status)

    async def _read(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        try:
            while (raw := await context.read()) is not grpc.aio.EOF:
                request = parse_request(raw)
                which = request.WhichOneof("message") if request is not None else None
                if which == "decision_reply" and request is not None:
                    session.reply(request.decision_reply)
                elif which == "hello":
                    session.send_error(arena_pb2.ERROR_CODE_PROTOCOL, "Hello was already received")
                else:
                    session.send_error(
                        arena_pb2.ERROR_CODE_MALFORMED,
                        "could not parse a PlayRequest" if request is None
                        else "the PlayRequest sets no known message",
                    )
        except Exception as exc:  # the stream broke: the session ends below
            log.debug("read from %s ended: %s", session.peer, exc)
        finally:
            session.disconnect()

    async def _write(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        try:
            while (frame := await session.outbox.get()) is not None:
                await context.write(frame)
        except Exception as exc:
            log.debug("write to %s ended: %s", session.peer, exc)
        finally:
            session.disconnect()


def _retrieve(task: asyncio.Task[None]) -> None:
    """Mark a finished reader's or writer's outcome as seen (they log their own errors)."""
    if not task.cancelled():
        task.exception()
