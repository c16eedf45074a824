"""A bot's side of ArenaService.Play, over a plain (threaded) gRPC channel.

The client sends Hello, then answers every DecisionRequest as it arrives with its
strategy's choice, and returns when the server ends the stream (after ``max_matches``
matches, which the Hello announces) or the stream breaks.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import grpc
from arena.v1 import arena_pb2, arena_pb2_grpc

from engine.core import GameRng
from services.botclient.strategies import Strategy
from services.wire.transport import TlsFiles, client_credentials, client_options

CLIENT_VERSION = "arena-botclient/1"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    match_id: str
    seat: int
    rank: int
    reason: str
    rated: bool
    rating_change: float
    rating: float


@dataclass(slots=True)
class BotReport:
    """What happened on one stream."""

    name: str = ""
    decisions: int = 0
    matches: list[MatchRecord] = field(default_factory=list)
    errors: list[arena_pb2.Error] = field(default_factory=list)


def open_channel(server: str, tls: TlsFiles | None = None) -> grpc.Channel:
    """A channel to ``server`` (HOST:PORT) with keepalive, over TLS when ``tls`` is given
    (its CA verifies the server, its certificate is presented if the server asks)."""
    options = client_options()
    if tls is None:
        return grpc.insecure_channel(server, options=options)
    return grpc.secure_channel(server, client_credentials(tls), options=options)


def play(
    server: str,
    token: str,
    game: str,
    strategy: Strategy,
    max_matches: int = 0,
    seed: int = 0,
    on_event: Callable[[str], None] | None = None,
    think: float = 0.0,
    tls: TlsFiles | None = None,
    report: BotReport | None = None,
) -> BotReport:
    """Play on ``server`` (HOST:PORT) until the server ends the stream, waiting
    ``think`` seconds before each reply (so a person can follow the match live).
    ``report`` (a new one by default) is filled as the stream goes, so a caller that
    passes its own keeps what was played if the play is interrupted.

    Raises grpc.RpcError if the stream fails, e.g. UNAUTHENTICATED for a bad token.
    """
    report = BotReport() if report is None else report
    rng = GameRng(seed)
    outbox: queue.SimpleQueue[arena_pb2.PlayRequest | None] = queue.SimpleQueue()
    outbox.put(arena_pb2.PlayRequest(hello=arena_pb2.Hello(
        token=token, games=[game], client_version=CLIENT_VERSION, max_matches=max_matches,
    )))
    say = on_event or (lambda _text: None)
    with open_channel(server, tls) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        try:
            for response in stub.Play(_drain(outbox)):
                kind = response.WhichOneof("message")
                if kind == "decision_request":
                    request = response.decision_request
                    index = strategy.choose(request, rng)
                    if think > 0:
                        time.sleep(think)
                    report.decisions += 1
                    outbox.put(arena_pb2.PlayRequest(decision_reply=arena_pb2.DecisionReply(
                        request_id=request.request_id, option_index=index)))
                elif kind == "welcome":
                    report.name = response.welcome.bot_name
                    say(f"connected as {report.name}")
                elif kind == "match_start":
                    start = response.match_start
                    say(f"match {start.match_id}: seat {start.seat} of {start.players}")
                elif kind == "match_end":
                    record = _record(response.match_end)
                    report.matches.append(record)
                    say(f"match {record.match_id}: rank {record.rank}, {record.reason}, "
                        f"rating {record.rating:.1f} ({record.rating_change:+.1f})")
                elif kind == "error":
                    report.errors.append(response.error)
                    say(f"server error {arena_pb2.ErrorCode.Name(response.error.code)}: "
                        f"{response.error.message}")
        finally:
            outbox.put(None)
    return report


def _drain(outbox: queue.SimpleQueue[arena_pb2.PlayRequest | None]) -> Iterator[
    arena_pb2.PlayRequest
]:
    while (message := outbox.get()) is not None:
        yield message


def _record(end: arena_pb2.MatchEnd) -> MatchRecord:
    rank = next((r.rank for r in end.results if r.seat == end.seat), 0)
    reason = arena_pb2.MatchEndReason.Name(end.reason).removeprefix("MATCH_END_REASON_").lower()
    return MatchRecord(end.match_id, end.seat, rank, reason, end.rated, end.rating_change,
                       end.rating)
