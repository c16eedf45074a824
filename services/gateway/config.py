"""Settings of one gateway, as given to ``arena serve``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from services.gateway.queues import QueueSpec
from services.matchmaking.policy import Policy
from services.wire.transport import ConnectionLimits


@dataclass(frozen=True, slots=True)
class GatewayConfig:
    """``queues`` are the hosted queues (:mod:`services.gateway.queues`); without any, the
    one queue of ``game`` with ``players`` seats, ``options`` and ``cards``, whose id is
    the game id (the one-queue shorthand). Seats no remote bot takes are played by the
    built-in bot ``fill``. ``move_timeout`` and ``time_bank`` are seconds.

    Matchmaking (:mod:`services.matchmaking.policy`): bots are grouped within a rating
    (``match_rating``: ``elo``, or ``mu``, the skill's mean)
    spread of ``match_spread`` points, widening by ``match_widen`` points a second of
    waiting; after ``gather_seconds`` any spread goes and a match may start short of
    players (fill seats), with at least ``min_bots`` bots; the same line-up of bots does
    not meet again within ``rematch_cooldown`` seconds (0: no cooldown). ``seed``
    derives the secret keying every match seed, so seeds and seatings repeat on every
    start (test servers; None: a random secret per start, see
    :mod:`services.gateway.seeds`). ``options``
    (engine options over the game's defaults) and ``cards`` (the text of a card file, None
    for the embedded defaults) set up every match.

    Hosting: ``host_workers`` long-lived host processes (0: matches in the gateway's own
    event loop), each call answered within ``host_timeout`` seconds or its worker is
    taken as stalled. Caps: ``max_matches_per_bot`` matches at once per bot name,
    ``max_streams`` open streams in all and ``max_streams_per_connection`` per
    connection, ``hellos_per_minute`` stream openings per peer address (0: no limit),
    ``max_message_bytes`` per message from a bot, ``max_queued_frames`` unread frames
    before a bot is dropped, and a stream's budget of messages the server cannot use
    (stale replies and the like): ``message_rate`` a second in bursts of up to
    ``message_burst`` (0: no budget; :mod:`services.gateway.budget`).
    ``keepalive_seconds`` between pings of idle connections; ``health_interval`` between
    pings of the ladder store; ``memory_trim_seconds`` between trims of the native heap
    (:mod:`services.gateway.allocator`; 0: never).

    Connections (:mod:`services.gateway.connections`): ``max_connections`` in all and
    ``max_connections_per_address`` per peer address (0: no limit); seconds
    ``handshake_timeout`` to finish the handshake, ``idle_timeout`` with no stream,
    ``max_connection_age`` (0: no limit) and ``max_connection_age_grace`` after it."""

    game: str = "monster-my-neighbor"
    players: int = 5
    fill: str = "random"
    move_timeout: float = 5.0
    time_bank: float = 0.0
    max_strikes: int = 3
    gather_seconds: float = 0.5
    min_bots: int = 1
    hello_timeout: float = 10.0
    replays: Path | None = None
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    cards: str | None = None
    host_workers: int = 1
    host_timeout: float = 10.0
    max_matches_per_bot: int = 1
    max_streams: int = 10_000
    max_streams_per_connection: int = 100
    hellos_per_minute: int = 600
    max_message_bytes: int = 64 * 1024
    max_queued_frames: int = 1024
    message_rate: float = 200.0
    message_burst: int = 400
    keepalive_seconds: float = 30.0
    health_interval: float = 1.0
    memory_trim_seconds: float = 60.0
    max_connections: int = 1000
    max_connections_per_address: int = 0
    handshake_timeout: float = 5.0
    idle_timeout: float = 30.0
    max_connection_age: float = 0.0
    max_connection_age_grace: float = 600.0
    queues: tuple[QueueSpec, ...] = ()
    match_spread: float = 100.0
    match_widen: float = 50.0
    rematch_cooldown: float = 0.0
    match_rating: str = "elo"

    def hosted(self) -> tuple[QueueSpec, ...]:
        """The hosted queues: ``queues``, or the shorthand's one queue keyed by the game."""
        if self.queues:
            return self.queues
        return (QueueSpec(self.game, self.game, self.players, self.options, self.fill,
                          self.cards),)

    def policy(self, queue: QueueSpec) -> Policy:
        """The matchmaking policy of ``queue``."""
        return Policy(players=queue.players, min_bots=min(self.min_bots, queue.players),
                      spread=self.match_spread, widen=self.match_widen,
                      full_after=self.gather_seconds, cooldown=self.rematch_cooldown)

    def connection_limits(self) -> ConnectionLimits:
        return ConnectionLimits(self.max_connections, self.handshake_timeout,
                                self.idle_timeout, self.max_connection_age,
                                self.max_connection_age_grace)


# Seconds one Redis call of the gateway may take (socket and connect timeout): a Redis
# that answers in less is healthy; one that does not is taken as down (health.py).
STORE_CALL_SECONDS = 1.0

# Up to this many cores the matches are hosted in the gateway's own loop by default:
# measured in docs/gateway.md, a host worker then has no idle core to run on and its
# socket hop per decision costs more than it saves.
IN_LOOP_MAX_CORES = 2


def default_workers(cores: int | None = None) -> int:
    """One host worker per core beyond the one the gRPC loop uses; none (in-loop
    hosting) on a machine of IN_LOOP_MAX_CORES cores or fewer."""
    cores = cores if cores is not None else os.cpu_count() or 1
    return 0 if cores <= IN_LOOP_MAX_CORES else cores - 1
