"""The gateway's metrics: standard collectors, honest built-in latency, result gauges."""

from __future__ import annotations

import urllib.request

from services.metrics import ArenaMetrics

GAME = "monster-my-neighbor"


class Queue:
    def __init__(self) -> None:
        self.retrying = 0
        self.writing = 0

    def __len__(self) -> int:
        return self.retrying

    def unrated(self) -> int:
        return self.writing + self.retrying


def test_process_and_platform_collectors_are_registered() -> None:
    registry = ArenaMetrics().registry
    assert registry.get_sample_value("process_resident_memory_bytes") > 0
    assert registry.get_sample_value("process_cpu_seconds_total") is not None
    names = {family.name for family in registry.collect()}
    assert {"python_info", "python_gc_objects_collected"} <= names


def test_builtin_decisions_are_counted_with_their_real_total_time() -> None:
    metrics = ArenaMetrics()
    metrics.record_builtin(GAME, 3, 0.0006)
    metrics.record_builtin(GAME, 1, 0.0001)
    metrics.record_builtin(GAME, 0, 0.0)
    sample = metrics.registry.get_sample_value
    assert sample("arena_decisions_total", {"game": GAME, "source": "builtin"}) == 4
    assert sample("arena_builtin_decision_seconds_total", {"game": GAME}) == 0.0007
    # No per-decision histogram is invented for built-in bots.
    names = {s.name for family in metrics.registry.collect() for s in family.samples}
    assert not any(n.startswith("arena_builtin") and n.endswith("_bucket") for n in names)


def test_remote_decisions_are_observed_one_by_one() -> None:
    metrics = ArenaMetrics()
    for seconds in (0.002, 0.004, 0.3):
        metrics.record_remote(GAME, seconds)
    sample = metrics.registry.get_sample_value
    assert sample("arena_remote_decision_seconds_count", {"game": GAME}) == 3
    assert sample("arena_remote_decision_seconds_bucket", {"game": GAME, "le": "0.005"}) == 2


def test_result_gauges_read_the_queue_at_scrape_time() -> None:
    metrics, queue = ArenaMetrics(), Queue()
    metrics.watch_results(queue)
    sample = metrics.registry.get_sample_value
    assert sample("arena_rating_retry_queue") == 0
    queue.retrying, queue.writing = 3, 2
    assert sample("arena_rating_retry_queue") == 3
    assert sample("arena_results_unrated") == 5


def test_metrics_endpoint_serves_arena_and_process_series() -> None:
    metrics = ArenaMetrics()
    metrics.record_remote(GAME, 0.01)
    port = metrics.serve(0)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as reply:
        text = reply.read().decode()
    assert "arena_remote_decision_seconds_bucket" in text
    assert "process_open_fds" in text
