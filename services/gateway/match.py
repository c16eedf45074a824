"""Running one match with remote seats: deadlines, strikes, forfeits, rating.

Policy (what a bot author can rely on):

- Every DecisionRequest has a deadline: the move timeout plus what is left of the seat's
  time bank for the match (``deadline_ms`` in the request). Time a reply takes beyond the
  move timeout is taken from the bank.
- A reply after the deadline, or naming an illegal option, is not used: the fill bot's
  choice for that seat is played instead, the seat gets a **strike**, and the bot is told
  with an Error (DEADLINE_EXCEEDED or ILLEGAL_OPTION, carrying the request id). A late
  reply that arrives afterwards gets UNKNOWN_REQUEST.
- At ``max_strikes`` strikes the bot **forfeits** the match: it gets an Error FORFEIT,
  the fill bot plays its seat to the end, and it receives no more requests for this match.
- A bot whose stream closes during a match forfeits in the same way (no strikes needed).
- The game is always played to its end. For rating, forfeited seats are ranked last
  (sharing the last rank); the others keep their game order among themselves.
- When the game ends the result is applied to the ladder once, keyed by the match id (a
  repeat changes nothing). If the ladder store is unreachable the result is kept and
  retried until it lands (:mod:`services.gateway.outbox`), and MatchEnd says ``rated``
  false; every connected bot of the match gets a MatchEnd with the
  per-seat results, its rating change, and reason COMPLETED or FORFEIT; the replay is
  saved if a replay directory is configured. Fill seats are rated too, under the label
  ``builtin:<bot>``, which no registered bot can take; so every match is rated.
- If the match host fails, the match is aborted: bots get MatchEnd ABORTED, nothing is
  rated.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path

from arena.v1 import arena_pb2

from engine.core import GameConfig, Replay, Result, competition_ranks, get_game
from services.gateway import frames
from services.gateway.config import GatewayConfig
from services.gateway.hosts import HostFactory, HostHandle
from services.gateway.outbox import RatingOutbox
from services.gateway.session import BotSession, Missing, Reply
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics
from services.runner.host import HostStep, SeatRequest
from services.spectate.feed import MatchFeed
from services.spectate.publish import watched

log = logging.getLogger(__name__)

FILL_LABEL_PREFIX = "builtin:"


@dataclass(slots=True)
class RemoteSeat:
    """The gateway's book-keeping for one remote seat of a match."""

    session: BotSession
    prefix: bytes
    bank_ms: int
    strikes: int = 0
    forfeited: bool = False


def rating_ranks(ranks: Sequence[int], forfeited: set[int]) -> tuple[int, ...]:
    """Game ranks with forfeited seats moved to the (shared) last place."""
    keys = [(0, 0) if seat in forfeited else (1, -rank) for seat, rank in enumerate(ranks)]
    return competition_ranks(keys)


class MatchRunner:
    """Plays one match to its end; see the module docstring for the policy."""

    def __init__(
        self,
        match_id: str,
        seed: int,
        seats: Sequence[BotSession | None],
        config: GatewayConfig,
        hosts: HostFactory,
        store: LadderStore,
        outbox: RatingOutbox,
        metrics: ArenaMetrics,
        request_ids: Iterator[int],
        feed: MatchFeed | None = None,
    ) -> None:
        self.match_id = match_id
        self._feed = feed
        self.seed = seed
        self.config = config
        self.game = config.game
        self.labels = tuple(
            s.name if s is not None else FILL_LABEL_PREFIX + config.fill for s in seats
        )
        bank_ms = round(config.time_bank * 1000)
        self.remote = {
            seat: RemoteSeat(s, frames.seat_prefix(match_id, seat), bank_ms)
            for seat, s in enumerate(seats)
            if s is not None
        }
        self._hosts = hosts
        self._store = store
        self._outbox = outbox
        self._metrics = metrics
        self._request_ids = request_ids
        # Pending reply -> (seat, request id, deadline on the loop's clock).
        self._waits: dict[asyncio.Future[Reply], tuple[int, int, float]] = {}
        self._game_config = GameConfig(
            config.players, {**get_game(self.game).default_options, **config.options}, config.cards
        )

    def _default_card_text(self) -> str:
        card_text = get_game(self.game).card_text
        return card_text() if card_text is not None else ""

    async def run(self) -> None:
        metrics = self._metrics
        metrics.active_matches.inc()
        host: HostHandle | None = None
        try:
            host = self._hosts(
                self.game,
                self._game_config.to_json(),
                self.seed,
                [seat in self.remote for seat in range(len(self.labels))],
                self.labels,
                self.config.fill,
            )
            host = watched(self._feed, self.match_id, host, self.game, self._game_config,
                           self.seed, self.labels)
            self._announce()
            step = await host.start()
            self._absorb(step)
            while not step.over:
                for future in await self._next_replies():
                    entry = self._waits.pop(future, None)
                    if entry is None:  # withdrawn by a forfeit handled in this same loop
                        continue
                    seat, request_id, _ = entry
                    step = await self._resolve(host, seat, request_id, _outcome(future))
                    if step.over:
                        break
            await self._finish(step)
        except Exception:
            log.exception("match %s aborted", self.match_id)
            metrics.matches.labels(self.game, "aborted").inc()
            self._end_all(arena_pb2.MATCH_END_REASON_ABORTED, None, {}, {}, False)
        finally:
            for seat, request_id, _ in self._waits.values():
                self.remote[seat].session.withdraw(request_id)
            metrics.active_matches.dec()
            if host is not None:
                host.close()

    # -- requests and replies ----------------------------------------------------------------

    def _announce(self) -> None:
        config = arena_pb2.MatchConfig(
            players=self.config.players, options_json=json.dumps(dict(self._game_config.options)),
            cards=self._game_config.cards or self._default_card_text(),
            custom_cards=self._game_config.cards is not None,
        )
        for seat, remote in self.remote.items():
            start = arena_pb2.MatchStart(
                match_id=self.match_id, game=self.game, players=len(self.labels), seat=seat,
                seat_labels=self.labels, config=config,
            )
            remote.session.send(arena_pb2.PlayResponse(match_start=start).SerializeToString())

    def _absorb(self, step: HostStep, forfeited_seat: int | None = None) -> None:
        """Count built-in decisions and send the new requests (none to a forfeited seat)."""
        self._metrics.record_builtin(self.game, step.builtin_decisions, step.builtin_seconds)
        for request in step.requests:
            if request.seat != forfeited_seat:
                self._ask(request)

    def _ask(self, request: SeatRequest) -> None:
        remote = self.remote[request.seat]
        request_id = next(self._request_ids)
        deadline_ms = round(self.config.move_timeout * 1000) + remote.bank_ms
        frame = frames.decision_request(
            remote.prefix, request_id, deadline_ms, remote.bank_ms, request.body
        )
        future = remote.session.ask(request_id, frame)
        deadline = asyncio.get_running_loop().time() + deadline_ms / 1000
        self._waits[future] = (request.seat, request_id, deadline)

    async def _next_replies(self) -> set[asyncio.Future[Reply]]:
        """Wait until a reply arrives or the earliest deadline passes; return the replies
        that arrived (or failed) and the requests whose deadline has passed."""
        loop = asyncio.get_running_loop()
        while True:
            earliest = min(deadline for _, _, deadline in self._waits.values())
            done, _ = await asyncio.wait(
                self._waits, timeout=max(0.0, earliest - loop.time()),
                return_when=asyncio.FIRST_COMPLETED,
            )
            now = loop.time()
            done |= {f for f, (_, _, deadline) in self._waits.items() if deadline <= now}
            if done:
                return done

    async def _resolve(
        self, host: HostHandle, seat: int, request_id: int, outcome: Reply | Missing
    ) -> HostStep:
        remote = self.remote[seat]
        if outcome is Missing.GONE:
            return await self._forfeit(host, seat, None)
        if isinstance(outcome, Reply):
            over_ms = round(outcome.seconds * 1000) - round(self.config.move_timeout * 1000)
            remote.bank_ms = max(0, remote.bank_ms - max(0, over_ms))
            step = await host.submit(seat, outcome.index)
            if step.substituted is None:
                self._metrics.record_remote(self.game, outcome.seconds)
                self._absorb(step)
                return step
            code = arena_pb2.ERROR_CODE_ILLEGAL_OPTION
            why = f"option {outcome.index} is not legal; option {step.substituted} was played"
        else:
            remote.session.withdraw(request_id)
            remote.bank_ms = 0
            step = await host.substitute(seat)
            code = arena_pb2.ERROR_CODE_DEADLINE_EXCEEDED
            why = f"no reply within the deadline; option {step.substituted} was played"
        remote.strikes += 1
        limit = self.config.max_strikes
        remote.session.send_error(code, f"{why} (strike {remote.strikes} of {limit})", request_id)
        if remote.strikes < limit:
            self._absorb(step)
            return step
        return await self._forfeit(host, seat, step)

    async def _forfeit(self, host: HostHandle, seat: int, before: HostStep | None) -> HostStep:
        """Hand the seat to the fill bot; ``before`` is a step whose requests are not sent yet."""
        remote = self.remote[seat]
        remote.forfeited = True
        for future, (waiting_seat, request_id, _) in list(self._waits.items()):
            if waiting_seat == seat:
                del self._waits[future]
                remote.session.withdraw(request_id)
        remote.session.send_error(
            arena_pb2.ERROR_CODE_FORFEIT,
            f"match {self.match_id}: seat {seat} forfeits; the fill bot plays it to the end "
            "and it is ranked last",
        )
        if before is not None:
            self._absorb(before, forfeited_seat=seat)
            if before.over:
                return before
        step = await host.forfeit(seat)
        self._absorb(step)
        return step

    # -- the end -------------------------------------------------------------------------------

    async def _finish(self, step: HostStep) -> None:
        assert step.result is not None and step.replay is not None
        result = step.result
        forfeited = {
            seat for seat, remote in self.remote.items() if remote.forfeited or remote.session.gone
        }
        ranks = rating_ranks(result.ranks, forfeited)
        deltas: dict[str, float] = {}
        ratings: dict[str, float] = {}
        rated = False
        applied = await self._outbox.apply(self.game, self.match_id, self.labels, ranks)
        if applied is not None:
            deltas, rated = applied, True
            try:
                ratings = await asyncio.to_thread(self._ratings)
            except Exception:
                log.exception("ratings after match %s could not be read", self.match_id)
        if self.config.replays is not None:
            await asyncio.to_thread(self._save_replay, step)
        status = "forfeit" if forfeited else "completed"
        self._metrics.matches.labels(self.game, status).inc()
        self._end_all(arena_pb2.MATCH_END_REASON_COMPLETED, result, deltas, ratings, rated,
                      forfeited)

    def _ratings(self) -> dict[str, float]:
        ratings = {}
        for remote in self.remote.values():
            entry = self._store.bot_stats(self.game, remote.session.name)
            if entry is not None:
                ratings[remote.session.name] = entry.rating
        return ratings

    def _save_replay(self, step: HostStep) -> None:
        assert step.replay is not None and self.config.replays is not None
        directory = Path(self.config.replays)
        directory.mkdir(parents=True, exist_ok=True)
        Replay.from_json(dict(step.replay)).save(directory / f"{self.match_id}.json")

    def _end_all(
        self,
        reason: int,
        result: Result | None,
        deltas: dict[str, float],
        ratings: dict[str, float],
        rated: bool,
        forfeited: AbstractSet[int] = frozenset(),
    ) -> None:
        results = []
        if result is not None:
            results = [
                arena_pb2.SeatResult(seat=seat, label=label, score=float(result.scores[seat]),
                                     rank=result.ranks[seat], forfeited=seat in forfeited)
                for seat, label in enumerate(self.labels)
            ]
        for seat, remote in self.remote.items():
            name = remote.session.name
            seat_reason = reason
            if reason == arena_pb2.MATCH_END_REASON_COMPLETED and seat in forfeited:
                seat_reason = arena_pb2.MATCH_END_REASON_FORFEIT
            end = arena_pb2.MatchEnd(
                match_id=self.match_id, results=results, seat=seat, reason=seat_reason,
                rated=rated, rating_change=deltas.get(name, 0.0), rating=ratings.get(name, 0.0),
            )
            remote.session.send(arena_pb2.PlayResponse(match_end=end).SerializeToString())


def _outcome(future: asyncio.Future[Reply]) -> Reply | Missing:
    """The reply, GONE if the stream closed, LATE if the deadline passed first."""
    if not future.done():
        return Missing.LATE
    if future.cancelled():
        return Missing.GONE
    return future.result()
