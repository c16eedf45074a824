"""The league's Prometheus metrics (``arena league --metrics-port``), in a registry of
their own (several leagues, or tests, may share a process)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram, start_http_server

from services.metrics.registry import process_registry

# A league match: a fraction of a second (built-in bots) to many minutes (search bots).
_MATCH_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 900.0)
_WAIT_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)


class LeagueMetrics:
    """``arena_league_matches_total{queue,status}`` (status ``rated``; ``lost``: its
    worker died; ``failed``: the match raised; ``unrated``: kept, waiting for the store),
    ``arena_league_running_matches``, ``arena_league_workers``,
    ``arena_league_match_seconds{queue}``, and the matchmaking series the gateway has
    too: ``arena_queue_wait_seconds{queue}``, ``arena_match_rating_spread{queue}``,
    ``arena_rematches_avoided_total{queue}``."""

    def __init__(self) -> None:
        self.registry = registry = process_registry()
        self.matches = Counter(
            "arena_league_matches", "League matches by outcome: rated, lost (its worker "
            "died; not rated), failed (it raised; not rated), unrated (kept, waiting for "
            "the ladder store).", ["queue", "status"], registry=registry)
        self.running = Gauge("arena_league_running_matches", "League matches being played.",
                             registry=registry)
        self.workers = Gauge("arena_league_workers", "League workers up.", registry=registry)
        self.match_seconds = Histogram(
            "arena_league_match_seconds", "Wall time of a league match on its worker.",
            ["queue"], buckets=_MATCH_BUCKETS, registry=registry)
        self.queue_wait = Histogram(
            "arena_queue_wait_seconds", "Seconds an entrant waited before it was seated.",
            ["queue"], buckets=_WAIT_BUCKETS, registry=registry)
        self.match_spread = Histogram(
            "arena_match_rating_spread", "Rating spread (highest minus lowest, in the "
            "policy's rating) of each match formed.", ["queue"],
            buckets=(0.5, 1, 2, 3, 5, 8, 12, 20, 50, 100, 200, 400), registry=registry)
        self.rematches_avoided = Counter(
            "arena_rematches_avoided", "Matches formed instead of a line-up still cooling "
            "down.", ["queue"], registry=registry)

    def serve(self, port: int, host: str = "127.0.0.1") -> int:
        """Serve /metrics on ``host:port`` (0 picks a free port); return the port."""
        server, _thread = start_http_server(port, addr=host, registry=self.registry)
        return server.server_port
