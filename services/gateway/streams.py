"""One Play stream, from admission and Hello to its end.

Order of checks for a new stream: the caps of :mod:`services.gateway.admission`
(RESOURCE_EXHAUSTED), a draining server (UNAVAILABLE), the Hello within the Hello
timeout (DEADLINE_EXCEEDED), a well-formed Hello (INVALID_ARGUMENT), a reachable ladder
store (UNAVAILABLE), the token (UNAUTHENTICATED), the games or queues it names
(FAILED_PRECONDITION: none of them hosted here). Then the bot's standing in each queue
it was admitted to is read for the matchmaker, Welcome lists those queues, and the bot
waits for a match of any of them. Every stream that ends before its Welcome is
counted in ``arena_refused_streams_total{reason}``, also one that ends before its Hello
(``closed_before_hello``) or that the bot cancels while it is checked (``cancelled``).

After Welcome the stream's messages are checked against its budget
(:mod:`services.gateway.budget`); the server ends a stream that overruns it, or that
leaves too many frames unread, with RESOURCE_EXHAUSTED and counts it in
``arena_dropped_streams_total{reason}``.

With a maximum connection age, a stream that old plays no further match: it ends
with UNAVAILABLE when it waits or its match ends.
"""

from __future__ import annotations

import asyncio
import json
import logging
from importlib import metadata
from typing import Any, NoReturn, Protocol

import grpc
from arena.v1 import arena_pb2
from google.protobuf.message import DecodeError

from services.gateway.admission import Admission, Refused
from services.gateway.budget import MessageBudget
from services.gateway.config import GatewayConfig
from services.gateway.health import HELLO_STORE_SECONDS, STORE_DOWN, StoreHealth
from services.gateway.matchmaker import Matchmaker
from services.gateway.queues import QueueSpec, admitted, hosted_text
from services.gateway.session import BotSession, error_frame
from services.ladder.store import LadderStore, StoreUnavailable
from services.metrics import ArenaMetrics

log = logging.getLogger(__name__)

# A Play stream retires at this share of --max-connection-age: gRPC sends its GOAWAY
# between 0.9 and 1.1 times the age, so a stream opened with its connection retires
# no later than the GOAWAY and a match in progress then has the whole grace to end.
AGE_SHARE = 0.9


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


class StreamGateway(Protocol):
    """What a stream reads of its gateway (:class:`services.gateway.server.Gateway`)."""

    @property
    def config(self) -> GatewayConfig: ...
    @property
    def metrics(self) -> ArenaMetrics: ...
    @property
    def admission(self) -> Admission: ...
    @property
    def health(self) -> StoreHealth: ...
    @property
    def store(self) -> LadderStore: ...
    @property
    def matchmaker(self) -> Matchmaker: ...
    @property
    def queues(self) -> dict[str, QueueSpec]: ...
    @property
    def sessions(self) -> set[BotSession]: ...
    @property
    def draining(self) -> bool: ...


class StreamHandler:
    """``ArenaService.Play`` for one gateway."""

    def __init__(self, gateway: StreamGateway) -> None:
        self.gateway = gateway
        self.metrics = gateway.metrics
        self.version = _server_version()

    async def play(self, _requests: Any, context: grpc.aio.ServicerContext) -> None:
        gateway = self.gateway
        peer = context.peer()
        try:
            gateway.admission.open(peer)
        except Refused as refused:
            await self._refuse(context, refused)
        streams = self.metrics.gateway.streams
        streams.inc()
        try:
            try:
                session = await self._greet(context, peer)
            except Refused as refused:
                await self._refuse(context, refused)
            except asyncio.CancelledError:
                # The bot cancelled or reset the stream before Welcome: nothing to
                # answer, but it is counted like every refusal.
                self.metrics.gateway.refused.labels("cancelled").inc()
                raise
            except Exception:
                # A read or write of the stream failed before Welcome (gRPC reports it).
                self.metrics.gateway.refused.labels("stream_error").inc()
                raise
            await self._serve(session, context)
        finally:
            gateway.admission.close(peer)
            streams.dec()

    async def _refuse(self, context: grpc.aio.ServicerContext, refused: Refused) -> NoReturn:
        self.metrics.gateway.refused.labels(refused.reason).inc()
        await context.abort(refused.code, refused.message)
        raise AssertionError("abort returned")  # pragma: no cover

    async def _greet(self, context: grpc.aio.ServicerContext, peer: str) -> BotSession:
        """Read Hello, authenticate, answer Welcome; raise Refused on failure."""
        config = self.gateway.config
        if self.gateway.draining:
            raise Refused(grpc.StatusCode.UNAVAILABLE,
                          "the server is shutting down; reconnect later", "draining")
        try:
            async with asyncio.timeout(config.hello_timeout):
                raw = await context.read()
        except TimeoutError:
            raise Refused(grpc.StatusCode.DEADLINE_EXCEEDED,
                          f"no Hello received within {config.hello_timeout:g} s",
                          "hello_timeout") from None
        if raw is grpc.aio.EOF:
            raise Refused(grpc.StatusCode.CANCELLED, "stream closed before Hello",
                          "closed_before_hello")
        hello = parse_request(raw)
        if hello is None or hello.WhichOneof("message") != "hello":
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_MALFORMED if hello is None else arena_pb2.ERROR_CODE_PROTOCOL,
                "the first message of a stream must be a PlayRequest carrying Hello",
            ))
            raise Refused(grpc.StatusCode.INVALID_ARGUMENT, "expected Hello", "bad_hello")
        name = await self._authenticate(hello.hello.token)
        if self.gateway.draining:
            raise Refused(grpc.StatusCode.UNAVAILABLE,
                          "the server is shutting down; reconnect later", "draining")
        hosted = list(self.gateway.queues.values())
        queues = admitted(hosted, list(hello.hello.games))
        if not queues:
            what = hosted_text(hosted)
            await context.write(error_frame(
                arena_pb2.ERROR_CODE_UNSUPPORTED_GAME,
                f"this server hosts {what}, not {' or '.join(hello.hello.games)}",
            ))
            raise Refused(grpc.StatusCode.FAILED_PRECONDITION, f"this server hosts {what}",
                          "unsupported_game")
        await self._read_standing(name, queues)
        welcome = arena_pb2.Welcome(
            bot_name=name, server_version=self.version,
            games=list(dict.fromkeys(q.game for q in queues)),
            move_timeout_ms=round(config.move_timeout * 1000), max_strikes=config.max_strikes,
            queues=[arena_pb2.MatchQueue(id=q.id, game=q.game, players=q.players,
                                         options_json=json.dumps(dict(q.options)))
                    for q in queues],
        )
        await context.write(arena_pb2.PlayResponse(welcome=welcome).SerializeToString())
        session = BotSession(name, hello.hello.max_matches, peer, config.max_queued_frames,
                             hello.hello.engine_values)
        session.queues = tuple(q.id for q in queues)
        return session

    async def _read_standing(self, name: str, queues: list[QueueSpec]) -> None:
        """Tell the matchmaker the bot's rating and games in each queue's ladder. A store
        that fails here costs the bot nothing: it is matched as a new bot until its
        next rated match."""
        store = self.gateway.store

        def read() -> list[tuple[str, float, int, float]]:
            found = []
            for queue in queues:
                entry = store.bot_stats(queue.id, name)
                if entry is not None:
                    found.append((queue.id, entry.rating, entry.games, entry.mu))
            return found

        try:
            async with asyncio.timeout(HELLO_STORE_SECONDS):
                standing = await asyncio.to_thread(read)
        except Exception as exc:
            log.warning("standing of %s not read: %s", name, exc)
            return
        for queue_id, rating, games, mu in standing:
            self.gateway.matchmaker.rate(queue_id, name, rating, games, mu)

    async def _authenticate(self, token: str) -> str:
        health = self.gateway.health
        if not health.up:
            raise Refused(grpc.StatusCode.UNAVAILABLE, STORE_DOWN, "store_unavailable")
        try:
            # One short attempt: a store too slow to answer is a down store.
            async with asyncio.timeout(HELLO_STORE_SECONDS):
                name = await asyncio.to_thread(self.gateway.store.authenticate, token)
        except (StoreUnavailable, TimeoutError):
            health.mark_down()
            raise Refused(grpc.StatusCode.UNAVAILABLE, STORE_DOWN,
                          "store_unavailable") from None
        except Exception:
            log.exception("authentication failed")
            raise Refused(grpc.StatusCode.INTERNAL, "internal error; try again later",
                          "internal") from None
        if name is None:
            raise Refused(grpc.StatusCode.UNAUTHENTICATED, "unknown bot token",
                          "unauthenticated")
        return name

    async def _serve(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        """Read and write the stream until it ends either way; then free everything."""
        gateway = self.gateway
        connected = self.metrics.connected_bots
        connected.inc()
        gateway.sessions.add(session)
        config = gateway.config
        budget = (MessageBudget(config.message_rate, config.message_burst)
                  if config.message_rate > 0 else None)
        reader = asyncio.create_task(self._read(session, context, budget))
        writer = asyncio.create_task(self._write(session, context))
        age = gateway.config.max_connection_age
        aged = (asyncio.get_running_loop().call_later(AGE_SHARE * age, self._retire, session)
                if age else None)
        try:
            gateway.matchmaker.enqueue(session)
            await session.finished.wait()
        finally:
            # Everything that must happen is synchronous, before the one await: gRPC may
            # cancel this handler again while it waits.
            if aged is not None:
                aged.cancel()
            session.disconnect()
            gateway.matchmaker.remove(session)
            gateway.sessions.discard(session)
            connected.dec()
            for task in (reader, writer):
                task.cancel()
                task.add_done_callback(_retrieve)
            await asyncio.wait((reader, writer))
        if session.dropped is not None:
            self.metrics.gateway.dropped.labels(session.dropped).inc()
        if session.status is not None:
            await context.abort(*session.status)

    def _retire(self, session: BotSession) -> None:
        """The stream reached the connection age: it ends now if it waits for a match,
        else when its match is over."""
        age = self.gateway.config.max_connection_age
        self.gateway.matchmaker.take(session)  # a waiting session waits no more
        session.retire((grpc.StatusCode.UNAVAILABLE,
                        f"the connection reached its maximum age ({age:g} s); reconnect"))

    async def _read(
        self, session: BotSession, context: grpc.aio.ServicerContext,
        budget: MessageBudget | None,
    ) -> None:
        await read_stream(session, context, budget)

    async def _write(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        await write_stream(session, context)


async def read_stream(
    session: BotSession, context: grpc.aio.ServicerContext, budget: MessageBudget | None,
) -> None:
    """Take the bot's messages until the stream ends; a message that answers no owed
    request spends from ``budget`` (None: no budget), and overrunning it drops the
    stream. (Also the reading side of the tournament's hosted-bot endpoint.)"""
    try:
        while (raw := await context.read()) is not grpc.aio.EOF:
            request = parse_request(raw)
            which = request.WhichOneof("message") if request is not None else None
            if (which == "decision_reply" and request is not None
                    and session.reply(request.decision_reply)):
                continue  # an owed reply costs nothing
            if budget is not None and not budget.spend():
                session.drop("message_rate", (
                    grpc.StatusCode.RESOURCE_EXHAUSTED,
                    f"more than {budget.rate:g} unusable messages a second (bursts of "
                    f"{budget.burst:g}): stale or unknown replies, malformed messages "
                    "or extra Hellos"))
                return
            if which == "decision_reply" and request is not None:
                session.refuse_reply(request.decision_reply)
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


async def write_stream(session: BotSession, context: grpc.aio.ServicerContext) -> None:
    """Write the session's queued frames until it closes or the stream breaks."""
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
