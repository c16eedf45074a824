"""The gateway's Prometheus metrics and their /metrics endpoint.

Each :class:`ArenaMetrics` owns a dedicated ``CollectorRegistry`` (never the global
one), so several gateways, or several tests, can live in one process; the registry
also carries the standard ``process_*``, ``python_gc_*`` and ``python_info`` series.

Decision latency is measured where it is real: a remote bot's decision is one round
trip, observed one by one in ``arena_remote_decision_seconds``. Built-in bots decide in
microseconds inside the match host, which reports how many decisions it took and the
total time their ``choose`` calls took; those go to two counters, so
``rate(arena_builtin_decision_seconds_total) / rate(arena_decisions_total{source=
"builtin"})`` is their true mean time per decision (no per-decision distribution is
invented).
"""

from __future__ import annotations

from typing import Protocol

from prometheus_client import (
    Counter,
    Gauge,
    Histogram,
    start_http_server,
)

from services.metrics.gateway import GatewayMetrics
from services.metrics.registry import process_registry

# A remote decision is a network round trip: milliseconds up to the move timeout.
_REMOTE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                   2.5, 5.0, 10.0, 30.0)

REMOTE = "remote"
BUILTIN = "builtin"


class ResultQueue(Protocol):
    """What the gauges read from the gateway's queue of match results."""

    def __len__(self) -> int:
        """Results waiting for the ladder store (refused, or held while it is down)."""
        ...

    def unrated(self) -> int:
        """Results finished but not yet in the ladder (being kept and written, or
        waiting)."""
        ...


class ArenaMetrics:
    """``arena_matches_total{game,status}``, ``arena_queue_matches_total{queue,status}``,
    ``arena_decisions_total{game,source}``,
    ``arena_remote_decision_seconds{game}``, ``arena_builtin_decision_seconds_total
    {game}``, ``arena_active_matches``, ``arena_connected_bots``,
    ``arena_rating_retry_queue`` and ``arena_results_unrated``; the gateway's load,
    caps and failures are in :attr:`gateway` (:class:`GatewayMetrics`)."""

    def __init__(self) -> None:
        self.registry = registry = process_registry()
        self.matches = Counter(
            "arena_matches", "Finished matches by outcome: completed, forfeit (some seat "
            "forfeited) or aborted.", ["game", "status"], registry=registry)
        self.queue_matches = Counter(
            "arena_queue_matches", "Finished matches by queue (the queue's id, also its "
            "ladder's) and outcome, as arena_matches_total.", ["queue", "status"],
            registry=registry)
        self.decisions = Counter(
            "arena_decisions", "Decisions taken, by remote bots or built-in bots (fill seats "
            "and substituted moves).", ["game", "source"], registry=registry)
        self.remote_seconds = Histogram(
            "arena_remote_decision_seconds", "Round trip of one remote decision, from "
            "sending the request to receiving a legal reply.", ["game"],
            buckets=_REMOTE_BUCKETS, registry=registry)
        self.builtin_seconds = Counter(
            "arena_builtin_decision_seconds", "Total time built-in bots spent in choose(); "
            "divide its rate by the built-in decisions' rate for the mean.", ["game"],
            registry=registry)
        self.active_matches = Gauge(
            "arena_active_matches", "Matches being played.", registry=registry)
        self.connected_bots = Gauge(
            "arena_connected_bots", "Authenticated bot streams.", registry=registry)
        self.retry_queue = Gauge(
            "arena_rating_retry_queue", "Match results waiting for the ladder store, which "
            "refused them or is down (with Redis they are kept durably meanwhile); "
            "includes results an earlier run left unapplied.", registry=registry)
        self.unrated = Gauge(
            "arena_results_unrated", "Finished match results not yet in the ladder "
            "(being kept and written, or waiting for a retry).", registry=registry)
        self.gateway = GatewayMetrics(registry)
        self._recorders: dict[str, DecisionRecorder] = {}

    def record_builtin(self, game: str, decisions: int, seconds: float) -> None:
        """Count built-in decisions reported by a match host, and the time they took."""
        self._for_game(game).builtin(decisions, seconds)

    def record_remote(self, game: str, seconds: float) -> None:
        self._for_game(game).remote(seconds)

    def _for_game(self, game: str) -> DecisionRecorder:
        """The decision metrics of ``game``, their label lookups done once per game."""
        recorder = self._recorders.get(game)
        if recorder is None:
            recorder = self._recorders[game] = DecisionRecorder(self, game)
        return recorder

    def watch_results(self, queue: ResultQueue) -> None:
        """Read the retry and unrated gauges from ``queue`` at every scrape."""
        self.retry_queue.set_function(lambda: float(len(queue)))
        self.unrated.set_function(lambda: float(queue.unrated()))

    def serve(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve /metrics on ``host:port`` (0 picks a free port); return the port."""
        server, _thread = start_http_server(port, addr=host, registry=self.registry)
        return server.server_port


class DecisionRecorder:
    """Records the decisions of one game (label lookups done once, not per decision)."""

    def __init__(self, metrics: ArenaMetrics, game: str) -> None:
        self._builtin_count = metrics.decisions.labels(game, BUILTIN).inc
        self._builtin_seconds = metrics.builtin_seconds.labels(game).inc
        self._remote_count = metrics.decisions.labels(game, REMOTE).inc
        self._remote_observe = metrics.remote_seconds.labels(game).observe

    def builtin(self, decisions: int, seconds: float) -> None:
        """``decisions`` built-in decisions that took ``seconds`` in all."""
        if decisions <= 0:
            return
        self._builtin_count(decisions)
        self._builtin_seconds(seconds)

    def remote(self, seconds: float) -> None:
        self._remote_count()
        self._remote_observe(seconds)
