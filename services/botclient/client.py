"""A bot's side of ArenaService.Play, over a plain (threaded) gRPC channel.

The client sends Hello (naming its game, or none to play the server's game, which the
Welcome names), then answers every DecisionRequest as it arrives with its strategy's
choice, and returns when the server ends the stream (after ``max_matches`` matches, which
the Hello announces) or the stream breaks.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import cast

import grpc
from arena.v1 import arena_pb2, arena_pb2_grpc

from engine.core import GameRng
from engine.core.outcomes import first_place_shares
from services.botclient.strategies import Strategy
from services.wire.transport import TlsFiles, client_credentials, client_options

CLIENT_VERSION = "arena-botclient/1"

# Makes the strategy once the game is known: from --game, or from the server's Welcome.
StrategyFactory = Callable[[str], Strategy]


class Refused(Exception):
    """The server will not play with this bot as it asked (its game is not hosted here),
    or the bot cannot play the server's game; the message is one line for the user."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    match_id: str
    seat: int
    rank: int
    reason: str
    rated: bool
    rating_change: float
    rating: float
    # This seat's share of first place, as the ladder counts it (see win_share).
    win: float = 0.0

    def outcome(self) -> str:
        """``rank 2, completed, rating 1512.3 (+12.3)``; ``not rated`` when the ladder
        was not updated (an aborted or drained match, a solo match, a store that is down)."""
        rating = (f"rating {self.rating:.1f} ({self.rating_change:+.1f})" if self.rated
                  else "not rated")
        return f"rank {self.rank}, {self.reason}, {rating}"


@dataclass(slots=True)
class BotReport:
    """What happened on one stream."""

    name: str = ""
    game: str = ""
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
    game: str | None,
    strategy: Strategy | StrategyFactory,
    max_matches: int = 0,
    seed: int = 0,
    on_event: Callable[[str], None] | None = None,
    think: float = 0.0,
    tls: TlsFiles | None = None,
    report: BotReport | None = None,
    engine_values: bool = False,
) -> BotReport:
    """Play ``game`` on ``server`` (HOST:PORT) until the server ends the stream, waiting
    ``think`` seconds before each reply (so a person can follow the match live).
    ``game`` may also be a queue id; with ``game`` None the Hello names none and the bot
    plays every queue of the server. ``strategy`` is a Strategy, or a factory called
    with the game id once it is known, and again whenever a match of another game starts
    (a factory may raise ValueError if it cannot play that game). ``report`` (a new one
    by default) is filled as the stream goes, so a caller that passes its own keeps what
    was played if the play is interrupted. ``engine_values`` asks the server for each
    request's ``engine_observation`` (what an engine bot strategy decodes); a strategy
    with a ``start(match_start)`` method is told of every match before its requests.

    Raises Refused if the server does not host ``game`` or the factory refuses the
    server's game, grpc.RpcError if the stream fails, e.g. UNAUTHENTICATED for a bad token.
    """
    report = BotReport() if report is None else report
    rng = GameRng(seed)
    chosen = None
    bound = ""  # the game ``chosen`` plays
    outbox: queue.SimpleQueue[arena_pb2.PlayRequest | None] = queue.SimpleQueue()
    outbox.put(arena_pb2.PlayRequest(hello=arena_pb2.Hello(
        token=token, games=[] if game is None else [game], client_version=CLIENT_VERSION,
        max_matches=max_matches, engine_values=engine_values,
    )))
    say = on_event or (lambda _text: None)
    with open_channel(server, tls) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        try:
            for response in stub.Play(_drain(outbox)):
                kind = response.WhichOneof("message")
                if kind == "decision_request":
                    request = response.decision_request
                    assert chosen is not None  # bound at the latest by the Welcome
                    index = chosen.choose(request, rng)
                    if think > 0:
                        time.sleep(think)
                    report.decisions += 1
                    outbox.put(arena_pb2.PlayRequest(decision_reply=arena_pb2.DecisionReply(
                        request_id=request.request_id, option_index=index)))
                elif kind == "welcome":
                    welcome = response.welcome
                    report.name = welcome.bot_name
                    report.game = ", ".join(welcome.games) or game or ""
                    bound = welcome.games[0] if welcome.games else game or ""
                    try:
                        chosen = _bind(strategy, bound)
                    except ValueError as exc:
                        raise Refused(f"the server hosts {bound}: {exc}") from None
                    say(f"connected as {report.name}, playing {report.game}")
                elif kind == "match_start":
                    start = response.match_start
                    if start.game and start.game != bound:
                        try:
                            chosen, bound = _bind(strategy, start.game), start.game
                        except ValueError as exc:
                            raise Refused(f"a match of {start.game}: {exc}") from None
                    begin = getattr(chosen, "start", None)
                    if begin is not None:
                        try:
                            begin(start)
                        except ValueError as exc:
                            raise Refused(f"match {start.match_id} is {start.game}: "
                                          f"{exc}") from None
                    named = (f" ({start.queue})" if start.queue and start.queue != start.game
                             else "")
                    say(f"match {start.match_id}{named}: seat {start.seat} of {start.players}")
                elif kind == "match_end":
                    record = _record(response.match_end)
                    report.matches.append(record)
                    say(f"match {record.match_id}: {record.outcome()}")
                elif kind == "error":
                    error = response.error
                    if error.code == arena_pb2.ERROR_CODE_UNSUPPORTED_GAME:
                        raise Refused(error.message)
                    report.errors.append(error)
                    say(f"server error {arena_pb2.ErrorCode.Name(error.code)}: {error.message}")
        finally:
            outbox.put(None)
    return report


def _bind(strategy: Strategy | StrategyFactory, game: str) -> Strategy:
    """The strategy itself, or what its factory makes for ``game``."""
    if callable(strategy) and not hasattr(strategy, "choose"):
        return strategy(game)
    return cast(Strategy, strategy)


def _drain(outbox: queue.SimpleQueue[arena_pb2.PlayRequest | None]) -> Iterator[
    arena_pb2.PlayRequest
]:
    while (message := outbox.get()) is not None:
        yield message


def _record(end: arena_pb2.MatchEnd) -> MatchRecord:
    rank = next((r.rank for r in end.results if r.seat == end.seat), 0)
    reason = arena_pb2.MatchEndReason.Name(end.reason).removeprefix("MATCH_END_REASON_").lower()
    return MatchRecord(end.match_id, end.seat, rank, reason, end.rated, end.rating_change,
                       end.rating, win_share(end.seat, end.results))


def win_share(seat: int, results: Sequence[arena_pb2.SeatResult]) -> float:
    """``seat``'s share of first place, as the ladder counts wins (clients/README.md):
    seats that forfeited rank after all the others (and tie among themselves); a k-way
    tie for first gives each tied seat 1/k. A one-seat (solo) match is a win when its
    score is >= 0, as the solo standings count it. No results (an aborted match): 0."""
    at = next((i for i, r in enumerate(results) if r.seat == seat), None)
    if at is None:
        return 0.0
    after_all = len(results) + 1  # a forfeited seat's rank: behind every other seat
    ranks = [after_all if r.forfeited else r.rank for r in results]
    return float(first_place_shares(ranks, [r.score for r in results])[at])


def format_wins(wins: float) -> str:
    """Wins as the kits' SUMMARY lines print them: at most two decimals, no trailing
    zeros (``2``, ``1.5``, ``0.33``)."""
    return f"{wins:.2f}".rstrip("0").rstrip(".")
