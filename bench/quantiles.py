"""The nearest-rank quantile every bench report uses (p50, p95, p99 of timings)."""

from __future__ import annotations

from collections.abc import Sequence


def quantile(samples: Sequence[float], q: float, empty: float = 0.0) -> float:
    """The sample at rank ``floor(q * n)`` of the sorted samples (the largest when that
    rank is past the end); ``empty`` when there are none."""
    if not samples:
        return empty
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
