"""One tournament game with hosted seats, run on the endpoint's event loop.

The engine side is the served-match host (:class:`services.hosting.match_host.MatchHost`)
with the tournament's own entrants on the other seats; the bot side is the gateway's
(:class:`~services.gateway.session.BotSession`, its frames, a
:class:`~services.gateway.seats.RemoteSeat` per hosted seat for the time bank and the
strikes). The rules are the server's (services/gateway/match.py):

- each DecisionRequest has a deadline of the move timeout plus what is left of the
  seat's time bank; time past the move timeout is taken from the bank. Unlike the
  server's, these are the bot's own CPU time (:mod:`services.hosted.cpu_asks`), with a
  wall-clock backstop of ``wall_backstop`` times the deadline;
- a late or illegal reply is replaced by the fill bot's choice and is a strike;
  ``max_strikes`` strikes forfeit the game;
- a bot whose stream ends during the game (its process crashed, was killed by a limit,
  or exited) forfeits at once.

A forfeited seat is played to the end by the fill bot and **ranked last** (forfeited
seats share the last rank; the others keep their order). Its status for the game is
what made it forfeit (``crash`` or the kind of its last strike); a seat that was
struck but did not forfeit gets the kind of its first strike; else ``ok``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.v1 import arena_pb2

from engine.core import Bot, GameConfig, Result, get_game
from services.gateway.match_end import rating_ranks
from services.gateway.seats import RemoteSeat
from services.gateway.session import BotSession, Missing, Outcome, Reply
from services.hosted.cpu_asks import CpuAsks, CpuClock
from services.hosted.options import CRASH, ILLEGAL, OK, TIMEOUT, HostingOptions
from services.hosting.match_host import MatchHost
from services.hosting.protocol import HostStep
from services.wire import frames


def match_config_bytes(game_id: str, config: GameConfig) -> bytes:
    """The MatchConfig every MatchStart carries (as the gateway builds it)."""
    game = get_game(game_id)
    default_cards = game.card_text() if game.card_text is not None else ""
    return arena_pb2.MatchConfig(
        players=config.players,
        options_json=json.dumps({**game.default_options, **dict(config.options)}),
        cards=config.cards or default_cards, custom_cards=config.cards is not None,
    ).SerializeToString()


@dataclass(slots=True)
class HostedOutcome:
    """A finished game: its result, ranks with forfeits last, per-seat statuses."""

    result: Result
    ranks: tuple[int, ...]
    statuses: tuple[str, ...]
    forfeited: frozenset[int]
    decisions: int
    builtin_seconds: float
    remote_seconds: float  # the hosted replies' round trips, summed (they may overlap)
    replay: dict[str, Any] | None
    reply_seconds: tuple[float, ...] = ()  # each hosted reply's round trip, in order
    wait_seconds: float = 0.0  # wall time the game waited for hosted bots
    # (seat, wall round trip, CPU time charged) of each hosted reply, in order
    seat_replies: tuple[tuple[int, float, float], ...] = ()
    # (seat, "cpu" or "wall") of each timeout: the CPU deadline or the wall backstop
    late: tuple[tuple[int, str], ...] = ()


class HostedMatch:
    """Plays one game; ``seats[i]`` is a built-in bot or a hosted bot's session (None
    for a hosted seat whose bot could not be started: it is a crash from the start)."""

    def __init__(self, game_id: str, config: GameConfig, seed: int, match_id: str,
                 labels: Sequence[str], seats: Sequence[Bot | BotSession | None],
                 hosted: Sequence[bool], options: HostingOptions, match_config: bytes,
                 clocks: Mapping[int, CpuClock] | None = None) -> None:
        self.options = options
        self.match_id = match_id
        self.labels = tuple(labels)
        self.status = [OK] * len(seats)
        self.forfeited: set[int] = set()
        bank_ms = round(options.time_bank * 1000)
        self.remote: dict[int, RemoteSeat] = {}
        bots: list[Bot | None] = []
        for seat, (bot, is_hosted) in enumerate(zip(seats, hosted, strict=True)):
            if isinstance(bot, BotSession):
                self.remote[seat] = RemoteSeat(bot, frames.seat_prefix(match_id, seat), bank_ms)
                bots.append(None)
            else:
                bots.append(bot)  # None: the fill bot plays a hosted seat that never came
                if is_hosted:
                    self.status[seat] = CRASH
                    self.forfeited.add(seat)
        self.host = MatchHost(game_id, config.to_json(), seed,
                              [seat in self.remote for seat in range(len(seats))],
                              self.labels, options.fill, bots=bots)
        self._match_config = match_config
        self._game = game_id
        self._move_ms = round(options.move_timeout * 1000)
        self._asks = CpuAsks(self.remote, self._move_ms, clocks or {}, options.wall_backstop)
        self._decisions = 0
        self._builtin_seconds = 0.0
        self._remote_seconds = 0.0
        self._replies: list[float] = []
        self._seat_replies: list[tuple[int, float, float]] = []
        self._late: list[tuple[int, str]] = []
        self._wait_seconds = 0.0

    async def play(self, with_replay: bool) -> HostedOutcome:
        for seat, remote in self.remote.items():
            remote.session.seated()
            start = arena_pb2.MatchStart(match_id=self.match_id, game=self._game,
                                         players=len(self.labels), seat=seat,
                                         seat_labels=self.labels)
            remote.session.send(frames.match_start(start, self._match_config))
        try:
            step = self.host.start()
            self._absorb(step)
            while not step.over:
                waited = time.perf_counter()
                seat, request_id, outcome = await self._asks.inbox.get()
                self._wait_seconds += time.perf_counter() - waited
                if seat not in self.forfeited:
                    step = self._resolve(seat, request_id, outcome)
        finally:
            self._asks.stop_waiting()
        assert step.result is not None
        result = step.result
        ranks = rating_ranks(result.ranks, self.forfeited)
        self._send_ends(result, ranks)
        return HostedOutcome(result, ranks, tuple(self.status), frozenset(self.forfeited),
                             self._decisions, self._builtin_seconds, self._remote_seconds,
                             dict(step.replay) if with_replay and step.replay else None,
                             tuple(self._replies), self._wait_seconds,
                             tuple(self._seat_replies), tuple(self._late))

    # -- requests and replies (as services.gateway.match.MatchRunner) -------------------

    def _absorb(self, step: HostStep) -> None:
        self._decisions += len(step.choices)
        self._builtin_seconds += step.builtin_seconds
        for request in step.requests:
            if request.seat not in self.forfeited:
                self._asks.ask(request)

    def _resolve(self, seat: int, request_id: int, outcome: Outcome) -> HostStep:
        remote = self.remote[seat]
        host = self.host
        if outcome is Missing.GONE:
            return self._forfeit(seat, CRASH, None)
        if isinstance(outcome, Reply):
            self._remote_seconds += outcome.seconds
            self._replies.append(outcome.seconds)
            charged = self._asks.charged(seat, outcome.seconds)
            self._seat_replies.append((seat, outcome.seconds, charged))
            remote.spend(round(charged * 1000), self._move_ms)
            step = host.submit(seat, outcome.index)
            if step.substituted is None:
                self._absorb(step)
                return step
            kind, code = ILLEGAL, arena_pb2.ERROR_CODE_ILLEGAL_OPTION
            why = f"option {outcome.index} is not legal; option {step.substituted} was played"
        else:
            self._remote_seconds += remote.bank_ms / 1000 + self._move_ms / 1000
            remote.bank_ms = 0
            step = host.substitute(seat)
            kind, code = TIMEOUT, arena_pb2.ERROR_CODE_DEADLINE_EXCEEDED
            late_by = self._asks.late_by.get(seat, "cpu")
            self._late.append((seat, late_by))
            missed = "its wall-clock backstop" if late_by == "wall" else "its CPU-time deadline"
            why = f"no reply within {missed}; option {step.substituted} was played"
        remote.strikes += 1
        if self.status[seat] == OK:
            self.status[seat] = kind
        limit = self.options.max_strikes
        remote.session.send_error(code, f"{why} (strike {remote.strikes} of {limit})",
                                  request_id)
        if remote.strikes < limit:
            self._absorb(step)
            return step
        return self._forfeit(seat, kind, step)

    def _forfeit(self, seat: int, kind: str, before: HostStep | None) -> HostStep:
        remote = self.remote[seat]
        self.forfeited.add(seat)
        self.status[seat] = kind
        self._asks.stop_waiting(seat)
        remote.session.send_error(
            arena_pb2.ERROR_CODE_FORFEIT,
            f"match {self.match_id}: seat {seat} forfeits; the fill bot plays it to the end "
            "and it is ranked last")
        if before is not None:
            self._absorb(before)
            if before.over:
                return before
        step = self.host.forfeit(seat)
        self._absorb(step)
        return step

    def _send_ends(self, result: Result, ranks: Sequence[int]) -> None:
        results = [
            arena_pb2.SeatResult(seat=seat, label=label, score=float(result.scores[seat]),
                                 rank=result.ranks[seat], forfeited=seat in self.forfeited)
            for seat, label in enumerate(self.labels)
        ]
        for seat, remote in self.remote.items():
            reason = (arena_pb2.MATCH_END_REASON_FORFEIT if seat in self.forfeited
                      else arena_pb2.MATCH_END_REASON_COMPLETED)
            end = arena_pb2.MatchEnd(match_id=self.match_id, results=results, seat=seat,
                                     reason=reason, rated=False)
            remote.session.send(arena_pb2.PlayResponse(match_end=end).SerializeToString())
            remote.session.match_over()


