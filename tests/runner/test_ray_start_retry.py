"""A local Ray start that times out (the raylet's fixed 30 s to register, exceeded on a
loaded machine) is tried again; any other failure, or the last timeout, is reported."""

from __future__ import annotations

from typing import Any

import pytest

from services.runner import ray_setup
from services.runner.ray_setup import START_ATTEMPTS, RayUnavailable, start_local

TIMEOUT = ("The current node timed out during startup. This could happen because some of "
           "the raylet failed to startup or the GCS has become overloaded.")


class FakeRay:
    """ray.init failing with the given errors in turn, then starting."""

    def __init__(self, errors: list[Exception]) -> None:
        self.errors = errors
        self.inits: list[dict[str, Any]] = []
        self.shutdowns = 0

    def init(self, **kwargs: Any) -> None:
        self.inits.append(kwargs)
        if self.errors:
            raise self.errors.pop(0)

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_a_start_that_timed_out_is_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay([Exception(TIMEOUT), Exception(TIMEOUT)])
    monkeypatch.setattr(ray_setup, "ray", fake)
    start_local(2)
    assert len(fake.inits) == 3
    assert fake.shutdowns == 2  # each half-started node was shut down before the next try
    assert all(call["num_cpus"] == 2 and call["address"] == "local" for call in fake.inits)


def test_every_attempt_timing_out_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay([Exception(TIMEOUT) for _ in range(START_ATTEMPTS)])
    monkeypatch.setattr(ray_setup, "ray", fake)
    with pytest.raises(RayUnavailable, match="timed out during startup"):
        start_local(2)
    assert len(fake.inits) == START_ATTEMPTS


def test_other_failures_are_not_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay([ValueError("num_cpus must be positive")])
    monkeypatch.setattr(ray_setup, "ray", fake)
    with pytest.raises(RayUnavailable, match="num_cpus must be positive"):
        start_local(0)
    assert len(fake.inits) == 1
