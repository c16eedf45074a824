"""``bench.quantiles``: the nearest-rank quantile behind every bench report's p50, p95
and p99 (``bench.strength``, ``bench.solo``, ``bench.hosted``, ``bench.gateway``,
``bench.web_play``, ``bench.clients``)."""

from __future__ import annotations

import math

from bench.quantiles import quantile
from bench.strength import cpu_line


def test_the_quantile_is_the_sample_at_rank_q_times_n() -> None:
    samples = [float(x) for x in range(100, 0, -1)]  # 100 down to 1: order does not matter
    assert quantile(samples, 0.5) == 51.0
    assert quantile(samples, 0.95) == 96.0
    assert quantile(samples, 0.99) == 100.0
    assert quantile(samples, 0.0) == 1.0


def test_a_rank_past_the_end_gives_the_largest_and_no_samples_the_empty_value() -> None:
    assert quantile([3.0, 1.0, 2.0], 1.0) == 3.0
    assert quantile([], 0.5) == 0.0
    assert math.isnan(quantile([], 0.5, empty=float("nan")))


def test_the_cpu_line_reads_median_p95_and_max() -> None:
    seconds = [0.01 * k for k in range(1, 21)]  # 0.01 .. 0.20
    assert cpu_line("boss", seconds) == (
        "boss: CPU s per decision median 0.105  p95 0.200  max 0.200  over 20 decisions")
    assert cpu_line("boss", []) == (
        "boss: CPU s per decision median 0.000  p95 0.000  max 0.000  over 0 decisions")
