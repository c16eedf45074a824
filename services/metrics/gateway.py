"""The gateway's load, caps and failures: streams, refusals, queue waits, host workers,
the store's reachability and the event loop's tasks. (Results waiting for the ladder are
``arena_rating_retry_queue`` and ``arena_results_unrated`` in
:mod:`services.metrics.arena`.)"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

_WAIT_BUCKETS = (0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0)
# Rating points between the best and the worst rated bot of a formed match.
_SPREAD_BUCKETS = (0.0, 10.0, 25.0, 50.0, 100.0, 200.0, 400.0, 800.0)


class GatewayMetrics:
    """``arena_streams``, ``arena_refused_streams_total{reason}``,
    ``arena_dropped_streams_total{reason}``, ``arena_waiting_bots``,
    ``arena_queue_wait_seconds{queue}``, ``arena_match_rating_spread{queue}``,
    ``arena_rematches_avoided_total{queue}``, ``arena_host_workers``,
    ``arena_host_failures_total``, ``arena_store_up``, ``arena_event_loop_tasks``,
    ``arena_connections``, ``arena_refused_connections_total{reason}``,
    ``arena_allocator_trims_total`` and ``arena_allocator_released_bytes_total``."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.streams = Gauge(
            "arena_streams", "Open Play streams, authenticated or not.", registry=registry)
        self.refused = Counter(
            "arena_refused_streams", "Streams ended before Welcome, by reason: streams, "
            "streams_per_connection, hello_rate, draining, hello_timeout, "
            "closed_before_hello (the stream ended before its Hello came), cancelled "
            "(the bot cancelled or reset it before Welcome), bad_hello, store_unavailable, "
            "unauthenticated, "
            "unsupported_game, internal, stream_error (a read or write of the stream "
            "failed).",
            ["reason"], registry=registry)
        self.dropped = Counter(
            "arena_dropped_streams", "Streams the server ended after Welcome for "
            "overrunning a cap, by reason: message_rate (too many messages it cannot use, "
            "--message-rate), unread (too many frames left unread).",
            ["reason"], registry=registry)
        self.waiting_bots = Gauge(
            "arena_waiting_bots", "Authenticated streams waiting for a match.",
            registry=registry)
        self.queue_wait = Histogram(
            "arena_queue_wait_seconds", "Time a stream waited for its next match, by the "
            "queue it was seated in.", ["queue"], buckets=_WAIT_BUCKETS, registry=registry)
        self.match_spread = Histogram(
            "arena_match_rating_spread", "Rating points between the highest and the lowest "
            "rated bot of a match the matchmaker formed (fill seats not counted), by queue.",
            ["queue"], buckets=_SPREAD_BUCKETS, registry=registry)
        self.rematches_avoided = Counter(
            "arena_rematches_avoided", "Matches formed instead of the preferred line-up, "
            "which had met within the rematch cooldown, by queue.", ["queue"],
            registry=registry)
        self.host_workers = Gauge(
            "arena_host_workers", "Host worker processes answering calls.", registry=registry)
        self.host_failures = Counter(
            "arena_host_failures", "Host workers that died or stalled (their matches "
            "were aborted).", registry=registry)
        self.store_up = Gauge(
            "arena_store_up", "1 while the ladder store answers, else 0.", registry=registry)
        self.loop_tasks = Gauge(
            "arena_event_loop_tasks", "Tasks alive in the gateway's event loop.",
            registry=registry)
        self.allocator_trims = Counter(
            "arena_allocator_trims", "Periodic malloc_trim calls (glibc) giving free "
            "native memory back to the kernel.", registry=registry)
        self.allocator_released = Counter(
            "arena_allocator_released_bytes", "Resident bytes the periodic malloc_trim "
            "gave back to the kernel.", registry=registry)
        self.connections = Gauge(
            "arena_connections", "Client connections open on the gRPC port (as of the "
            "gateway's last look, every 0.5 s).", registry=registry)
        self.refused_connections = Counter(
            "arena_refused_connections", "Client connections the gateway closed beyond "
            "its caps, by reason: per_address, max_connections. (Connections gRPC closes "
            "at accept beyond its hard bound, and idle or handshake time-outs, are not "
            "counted.)", ["reason"], registry=registry)

    def trimmed(self, released: int) -> None:
        """Count one periodic trim that released ``released`` resident bytes."""
        self.allocator_trims.inc()
        self.allocator_released.inc(released)

    def watch(self, tasks: Callable[[], int], workers: Callable[[], int]) -> None:
        """Read the live counts from the gateway whenever metrics are collected."""
        self.loop_tasks.set_function(tasks)
        self.host_workers.set_function(workers)
