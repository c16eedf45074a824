"""What every match of a gateway shares, and how a match ends: result, rating, MatchEnd.

A match ends in one of two ways. :func:`finish`: the game is over; its result (forfeited
seats ranked last) is kept durably, rated once, then announced. :func:`abort`: the match
cannot be finished (its host failed, the gateway stops); nothing of the game is rated,
but if seats had already forfeited, their forfeits are: the forfeited seats share the
last place and every other seat shares the first (:func:`forfeit_ranks`), recorded
under the match id through the same durable path, so it counts exactly once. Each
forfeit is kept durably as it happens (``ResultQueue.hold_forfeit``), so a gateway
killed before the match ends still rates it at its next start.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from arena.v1 import arena_pb2

from engine.core import GameConfig, Replay, Result, competition_ranks, get_game
from services.gateway.config import GatewayConfig
from services.gateway.queues import QueueSpec
from services.gateway.results import MatchResult, ResultQueue
from services.gateway.seats import RemoteSeat
from services.hosting.protocol import Hosts
from services.ladder.records import LadderEntry
from services.ladder.store import LadderStore
from services.metrics import ArenaMetrics
from services.spectate.feed import MatchFeed

log = logging.getLogger(__name__)


# Told each remote bot's standing in a queue's ladder after its match is rated: queue id,
# bot name, Elo rating, games, skill mean mu (the matchmaker reads them).
StandingSink = Callable[[str, str, float, int, float], None]


@dataclass(frozen=True, slots=True)
class MatchContext:
    """What every match of one queue shares: the gateway's settings and services, and
    the queue. ``match_config`` is the serialized MatchConfig every MatchStart carries
    (the card file included)."""

    config: GatewayConfig
    queue: QueueSpec
    game_config: GameConfig
    match_config: bytes
    hosts: Hosts
    store: LadderStore
    results: ResultQueue
    metrics: ArenaMetrics
    feed: MatchFeed | None = None  # spectators follow every match through it
    on_standing: StandingSink | None = None

    @classmethod
    def build(
        cls, config: GatewayConfig, hosts: Hosts, store: LadderStore, results: ResultQueue,
        metrics: ArenaMetrics, feed: MatchFeed | None = None, queue: QueueSpec | None = None,
        on_standing: StandingSink | None = None,
    ) -> MatchContext:
        queue = queue if queue is not None else config.hosted()[0]
        game = get_game(queue.game)
        game_config = GameConfig(
            queue.players, {**game.default_options, **queue.options}, queue.cards
        )
        default_cards = game.card_text() if game.card_text is not None else ""
        match_config = arena_pb2.MatchConfig(
            players=queue.players, options_json=json.dumps(dict(game_config.options)),
            cards=queue.cards or default_cards, custom_cards=queue.cards is not None,
        ).SerializeToString()
        return cls(config, queue, game_config, match_config, hosts, store, results, metrics,
                   feed, on_standing)


class EndingMatch(Protocol):
    """What ending a match reads of it (a :class:`services.gateway.match.MatchRunner`)."""

    @property
    def context(self) -> MatchContext: ...
    @property
    def match_id(self) -> str: ...
    @property
    def game(self) -> str: ...
    @property
    def ladder(self) -> str: ...
    @property
    def labels(self) -> tuple[str, ...]: ...
    @property
    def remote(self) -> dict[int, RemoteSeat]: ...


def rating_ranks(ranks: Sequence[int], forfeited: AbstractSet[int]) -> tuple[int, ...]:
    """Game ranks with forfeited seats moved to the (shared) last place."""
    keys = [(0, 0) if seat in forfeited else (1, -rank) for seat, rank in enumerate(ranks)]
    return competition_ranks(keys)


def forfeit_ranks(seats: int, forfeited: AbstractSet[int]) -> tuple[int, ...] | None:
    """The ranks an aborted match is rated with: forfeited seats share the last place,
    the others the first. None when there is nothing to rate: no forfeit, a solo match,
    or every seat forfeited."""
    if seats < 2 or not forfeited or len(forfeited) >= seats:
        return None
    return rating_ranks([1] * seats, forfeited)


def forfeited_seats(runner: EndingMatch) -> set[int]:
    """Remote seats that forfeited: struck out, or their bot left (possibly not yet
    noticed by the match, if it owed no decision when it went)."""
    return {
        seat for seat, remote in runner.remote.items()
        if remote.forfeited or remote.session.gone
    }


def forfeits_result(runner: EndingMatch) -> MatchResult | None:
    """What the match is rated with if it ends now without a result (see :func:`abort`),
    or None when that is nothing."""
    ranks = forfeit_ranks(len(runner.labels), forfeited_seats(runner))
    return None if ranks is None else MatchResult(runner.ladder, runner.match_id,
                                                  runner.labels, ranks)


async def finish(runner: EndingMatch, step: Any) -> None:
    """Record the result durably, rate it, save the replay, then send every MatchEnd.
    A one-seat match (a solo game) has nobody to be rated against: it takes the same
    durable path but goes to the ladder's solo standings, unrated, and its MatchEnd
    carries the score (Ark Nova solo: the final VP)."""
    context = runner.context
    assert step.result is not None and step.replay is not None
    result: Result = step.result
    forfeited = forfeited_seats(runner)
    solo = len(runner.labels) == 1
    ranks = rating_ranks(result.ranks, forfeited)
    score = float(result.scores[0]) if solo else None
    outcome = MatchResult(runner.ladder, runner.match_id, runner.labels, ranks, score)
    deltas = await context.results.submit(outcome)
    if solo:
        deltas = None  # counted in the solo standings, not rated
    ratings = await _read_ratings(runner) if deltas is not None else {}
    if context.config.replays is not None:
        try:
            await asyncio.to_thread(_save_replay, Path(context.config.replays),
                                    runner.match_id, step.replay)
        except OSError as exc:
            log.error("replay of match %s not saved: %s", runner.match_id, exc)
    status = "forfeit" if forfeited else "completed"
    context.metrics.matches.labels(runner.game, status).inc()
    context.metrics.queue_matches.labels(runner.ladder, status).inc()
    results = [
        arena_pb2.SeatResult(seat=seat, label=label, score=float(result.scores[seat]),
                             rank=result.ranks[seat], forfeited=seat in forfeited)
        for seat, label in enumerate(runner.labels)
    ]
    for seat, remote in runner.remote.items():
        reason = (arena_pb2.MATCH_END_REASON_FORFEIT if seat in forfeited
                  else arena_pb2.MATCH_END_REASON_COMPLETED)
        name = remote.session.name
        send_match_end(
            runner, remote, seat, reason, results, deltas is not None,
            (deltas or {}).get(name, 0.0), ratings.get(name, 0.0),
        )


async def abort(runner: EndingMatch, why: str) -> None:
    """End a match that cannot be finished: rate its forfeits, if any (see the module
    docstring), then send every bot MatchEnd ABORTED (``rated`` true if a forfeit of the
    match was rated, with the bot's rating change)."""
    context = runner.context
    context.metrics.matches.labels(runner.game, "aborted").inc()
    context.metrics.queue_matches.labels(runner.ladder, "aborted").inc()
    log.info("match %s: %s", runner.match_id, why)
    outcome = forfeits_result(runner)
    deltas: dict[str, float] | None = None
    if outcome is None:
        await context.results.hold_forfeit(runner.match_id, None)
    else:
        log.info("match %s: its forfeits are rated (ranks %s)", runner.match_id,
                 list(outcome.ranks))
        deltas = await context.results.submit(outcome)
    ratings = await _read_ratings(runner) if deltas is not None else {}
    for seat, remote in runner.remote.items():
        name = remote.session.name
        send_match_end(
            runner, remote, seat, arena_pb2.MATCH_END_REASON_ABORTED, (), deltas is not None,
            (deltas or {}).get(name, 0.0), ratings.get(name, 0.0),
        )


async def _read_ratings(runner: EndingMatch) -> dict[str, float]:
    """Each remote bot's rating after the match (the matchmaker is told their standing)."""
    try:
        entries = await asyncio.to_thread(_entries, runner.context.store, runner)
    except Exception as exc:
        log.warning("ratings after match %s could not be read: %s", runner.match_id, exc)
        return {}
    sink = runner.context.on_standing
    if sink is not None:
        for entry in entries.values():
            sink(runner.ladder, entry.name, entry.rating, entry.games, entry.mu)
    return {name: entry.rating for name, entry in entries.items()}


def send_match_end(
    runner: EndingMatch, remote: RemoteSeat, seat: int, reason: arena_pb2.MatchEndReason,
    results: Sequence[arena_pb2.SeatResult] = (), rated: bool = False,
    rating_change: float = 0.0, rating: float = 0.0,
) -> None:
    end = arena_pb2.MatchEnd(
        match_id=runner.match_id, results=results, seat=seat, reason=reason, rated=rated,
        rating_change=rating_change, rating=rating,
    )
    remote.session.send(arena_pb2.PlayResponse(match_end=end).SerializeToString())


def _entries(store: LadderStore, runner: EndingMatch) -> dict[str, LadderEntry]:
    entries = {}
    for remote in runner.remote.values():
        entry = store.bot_stats(runner.ladder, remote.session.name)
        if entry is not None:
            entries[remote.session.name] = entry
    return entries


def _save_replay(directory: Path, match_id: str, replay: Mapping[str, Any]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    Replay.from_json(dict(replay)).save(directory / f"{match_id}.json")
