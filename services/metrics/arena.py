"""The gateway's Prometheus metrics and their /metrics endpoint.

Each :class:`ArenaMetrics` owns a dedicated ``CollectorRegistry`` (never the global
one), so several gateways, or several tests, can live in one process.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

from services.metrics.gateway import GatewayMetrics

# Decision latencies span built-in bots (microseconds) and remote bots (up to the timeout).
_DECISION_BUCKETS = (
    0.00001, 0.00003, 0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0
)

REMOTE = "remote"
BUILTIN = "builtin"


class ArenaMetrics:
    """``arena_matches_total{game,status}``, ``arena_decisions_total{game,source}``,
    ``arena_decision_seconds{game,source}``, ``arena_active_matches`` and
    ``arena_connected_bots``."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.matches = Counter(
            "arena_matches", "Finished matches by outcome: completed, forfeit (some seat "
            "forfeited) or aborted.", ["game", "status"], registry=self.registry)
        self.decisions = Counter(
            "arena_decisions", "Decisions taken, by remote bots or built-in bots (fill seats "
            "and substituted moves).", ["game", "source"], registry=self.registry)
        self.decision_seconds = Histogram(
            "arena_decision_seconds", "Time to decide: the round trip for remote bots, the "
            "choose() call for built-in bots.", ["game", "source"],
            buckets=_DECISION_BUCKETS, registry=self.registry)
        self.active_matches = Gauge(
            "arena_active_matches", "Matches being played.", registry=self.registry)
        self.connected_bots = Gauge(
            "arena_connected_bots", "Authenticated bot streams.", registry=self.registry)
        self.gateway = GatewayMetrics(self.registry)
        self._recorders: dict[str, DecisionRecorder] = {}

    def record_builtin(self, game: str, decisions: int, seconds: float) -> None:
        """Count built-in decisions reported by a match host (their mean time observed)."""
        self._for_game(game).builtin(decisions, seconds)

    def record_remote(self, game: str, seconds: float) -> None:
        self._for_game(game).remote(seconds)

    def _for_game(self, game: str) -> DecisionRecorder:
        """The decision metrics of ``game``, their label lookups done once per game."""
        recorder = self._recorders.get(game)
        if recorder is None:
            recorder = self._recorders[game] = DecisionRecorder(self, game)
        return recorder

    def serve(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve /metrics on ``host:port`` (0 picks a free port); return the port."""
        server, _thread = start_http_server(port, addr=host, registry=self.registry)
        return server.server_port


class DecisionRecorder:
    """Records the decisions of one game."""

    def __init__(self, metrics: ArenaMetrics, game: str) -> None:
        self._builtin_count = metrics.decisions.labels(game, BUILTIN).inc
        self._builtin_observe = metrics.decision_seconds.labels(game, BUILTIN).observe
        self._remote_count = metrics.decisions.labels(game, REMOTE).inc
        self._remote_observe = metrics.decision_seconds.labels(game, REMOTE).observe

    def builtin(self, decisions: int, seconds: float) -> None:
        """``decisions`` built-in decisions that took ``seconds`` in all (each observed at
        their mean time)."""
        if decisions <= 0:
            return
        self._builtin_count(decisions)
        mean = seconds / decisions
        for _ in range(decisions):
            self._builtin_observe(mean)

    def remote(self, seconds: float) -> None:
        self._remote_count()
        self._remote_observe(seconds)
