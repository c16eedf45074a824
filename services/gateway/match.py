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
- When the game ends its result is first made durable, then applied to the ladder once,
  keyed by the match id (:mod:`services.gateway.results`); only then does every
  connected bot of the match get a MatchEnd with the per-seat results, its rating change
  and reason COMPLETED or FORFEIT. If the ladder store is unreachable the result waits in
  the durable queue and is applied when the store is back, and MatchEnd says ``rated``
  false. The replay is saved if a replay directory is configured. Fill seats are rated
  too, under the label ``builtin:<bot>``, which no registered bot can take.
- If the match host fails (dies, or does not answer within the host timeout), or the
  gateway stops before the match ends, the match is aborted: bots get MatchEnd ABORTED
  and the game is not rated. A forfeit that happened before still is: the forfeited
  seats share the last place and all the others the first, recorded once under the
  match id through the same durable path (:func:`services.gateway.match_end.abort`).
  Each forfeit is kept durably before it is announced, so a gateway killed before the
  match ends rates it at its next start.
- Built-in play is cut into host calls of bounded length (:meth:`MatchRunner._settle`),
  so a long play-out by a slow fill bot never holds a host worker past the host
  timeout, nor the gateway's loop (in-loop hosting) for longer than one step.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from arena.v1 import arena_pb2

from services.gateway.asks import RemoteAsks
from services.gateway.match_end import MatchContext, abort, finish, forfeits_result
from services.gateway.seats import RemoteSeat
from services.gateway.session import BotSession, Missing, Outcome, Reply
from services.hosting.protocol import HostFailed, HostHandle, HostStep
from services.spectate.publish import watched
from services.wire import frames

log = logging.getLogger(__name__)

FILL_LABEL_PREFIX = "builtin:"


class MatchRunner:
    """Plays one match to its end; see the module docstring for the policy."""

    def __init__(
        self, context: MatchContext, match_id: str, seed: int,
        seats: Sequence[BotSession | None],
    ) -> None:
        self.context = context
        self.match_id = match_id
        self.seed = seed
        config = context.config
        self.game = context.queue.game
        self.ladder = context.queue.id  # the queue's ladder rates the match
        self.labels = tuple(
            s.name if s is not None else FILL_LABEL_PREFIX + context.queue.fill for s in seats
        )
        bank_ms = round(config.time_bank * 1000)
        self.remote = {
            seat: RemoteSeat(s, frames.seat_prefix(match_id, seat), bank_ms)
            for seat, s in enumerate(seats)
            if s is not None
        }
        self._move_ms = round(config.move_timeout * 1000)
        self._asks = RemoteAsks(self.remote, self._move_ms)

    async def run(self) -> None:
        """Play the match; abort it (MatchEnd ABORTED, nothing rated) if the host fails
        or the task is cancelled."""
        context = self.context
        context.metrics.active_matches.inc()
        host: HostHandle | None = None
        try:
            host = context.hosts.host(
                self.game, context.game_config.to_json(), self.seed,
                [seat in self.remote for seat in range(len(self.labels))],
                self.labels, context.queue.fill,
                [seat for seat, r in self.remote.items() if r.session.engine_values],
            )
            host = watched(context.feed, self.match_id, host, self.game, context.game_config,
                           self.seed, self.labels)
            self._announce()
            step = await self._settle(host, await host.start())
            self._absorb(step)
            while not step.over:
                seat, request_id, outcome = await self._asks.inbox.get()
                if not self.remote[seat].forfeited:
                    step = await self._resolve(host, seat, request_id, outcome)
            self._asks.stop_waiting()
            await finish(self, step)
        except asyncio.CancelledError:
            self._asks.stop_waiting()
            await abort(self, "the gateway stopped before the match ended")
            raise
        except Exception as exc:
            # A failed host is reported, not a bug here: no traceback for it.
            log.error("match %s aborted: %s", self.match_id, exc,
                      exc_info=not isinstance(exc, HostFailed))
            self._asks.stop_waiting()
            await abort(self, str(exc))
        finally:
            self._asks.stop_waiting()
            context.metrics.active_matches.dec()
            if host is not None:
                host.close()

    # -- requests and replies ----------------------------------------------------------------

    def _announce(self) -> None:
        for seat, remote in self.remote.items():
            start = arena_pb2.MatchStart(
                match_id=self.match_id, game=self.game, players=len(self.labels), seat=seat,
                seat_labels=self.labels, queue=self.ladder,
            )
            remote.session.send(frames.match_start(start, self.context.match_config))

    def _absorb(self, step: HostStep, forfeited_seat: int | None = None) -> None:
        """Count built-in decisions and send the new requests (none to a forfeited seat)."""
        self.context.metrics.record_builtin(
            self.game, step.builtin_decisions, step.builtin_seconds
        )
        for request in step.requests:
            if request.seat != forfeited_seat:
                self._asks.ask(request)

    async def _resolve(
        self, host: HostHandle, seat: int, request_id: int, outcome: Outcome
    ) -> HostStep:
        remote = self.remote[seat]
        if outcome is Missing.GONE:
            return await self._forfeit(host, seat, None)
        if isinstance(outcome, Reply):
            remote.spend(round(outcome.seconds * 1000), self._move_ms)
            first = await host.submit(seat, outcome.index)
            step = await self._settle(host, first)
            if first.substituted is None:
                self.context.metrics.record_remote(self.game, outcome.seconds)
                self._absorb(step)
                return step
            code = arena_pb2.ERROR_CODE_ILLEGAL_OPTION
            why = f"option {outcome.index} is not legal; option {first.substituted} was played"
        else:
            remote.bank_ms = 0
            first = await host.substitute(seat)
            step = await self._settle(host, first)
            code = arena_pb2.ERROR_CODE_DEADLINE_EXCEEDED
            why = f"no reply within the deadline; option {first.substituted} was played"
        remote.strikes += 1
        limit = self.context.config.max_strikes
        remote.session.send_error(code, f"{why} (strike {remote.strikes} of {limit})", request_id)
        if remote.strikes < limit:
            self._absorb(step)
            return step
        return await self._forfeit(host, seat, step)

    async def _forfeit(self, host: HostHandle, seat: int, before: HostStep | None) -> HostStep:
        """Hand the seat to the fill bot; ``before`` is a step whose requests are not sent yet."""
        remote = self.remote[seat]
        remote.forfeited = True
        self._asks.stop_waiting(seat)
        # Durable before it is announced: rated even if the gateway dies before the end.
        await self.context.results.hold_forfeit(self.match_id, forfeits_result(self))
        remote.session.send_error(
            arena_pb2.ERROR_CODE_FORFEIT,
            f"match {self.match_id}: seat {seat} forfeits; the fill bot plays it to the end "
            "and it is ranked last",
        )
        if before is not None:
            self._absorb(before, forfeited_seat=seat)
            if before.over:
                return before
        step = await self._settle(host, await host.forfeit(seat))
        self._absorb(step)
        return step

    async def _settle(self, host: HostHandle, step: HostStep) -> HostStep:
        """Resume a host whose step paused (it spent its budget of built-in play for one
        call) until remote seats owe decisions or the game is over, yielding to the event
        loop between calls: a long play-out (a forfeited match and a slow fill bot) is
        many short calls, each far below the host timeout, and in-loop hosting lets
        every other match and stream run between them."""
        while step.paused:
            self._absorb(step)  # counts its built-in decisions; a paused step asks nobody
            await asyncio.sleep(0)
            step = await host.resume()
        return step
