"""Draining (SIGTERM): no new streams or matches, running matches get the drain timeout
to finish and the rest are aborted; every stream then ends with UNAVAILABLE."""

from __future__ import annotations

import threading
import time

import grpc
from arena.v1 import arena_pb2

from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.conftest import GAME


def _drain_at_first_request(gateway, timeout: float, pause: float):
    """A policy that starts the drain at its first request, then answers after ``pause``."""
    started = threading.Event()

    def policy(_request, n):
        if n == 0:
            threading.Thread(
                target=lambda: gateway.thread.call(gateway.gateway.drain(timeout), 120),
                daemon=True).start()
            started.set()
        time.sleep(pause)
        return 0

    return policy, started


def test_a_match_that_ends_within_the_drain_timeout_completes_and_is_rated(
    start_gateway
) -> None:
    gateway = start_gateway()
    policy, started = _drain_at_first_request(gateway, timeout=60, pause=0.05)
    bot = TestBot(gateway.address, hello_frame(gateway.token("finisher"), max_matches=0),
                  policy).start()
    assert started.wait(60)
    time.sleep(0.3)
    late = TestBot(gateway.address, hello_frame(gateway.token("latecomer"))).start().join()
    assert late.status == grpc.StatusCode.UNAVAILABLE and "shutting down" in late.details
    transcript = bot.join(timeout=120)
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and end.rated
    assert transcript.status == grpc.StatusCode.UNAVAILABLE
    assert [m.match_id for m in gateway.store.applied_matches(GAME)] == [end.match_id]


def test_a_match_still_running_at_the_drain_timeout_is_aborted_and_not_rated(
    start_gateway
) -> None:
    gateway = start_gateway(move_timeout=30)
    policy, started = _drain_at_first_request(gateway, timeout=0.5, pause=0.2)
    bot = TestBot(gateway.address, hello_frame(gateway.token("slowpoke"), max_matches=0),
                  policy).start()
    transcript = bot.join(timeout=120)
    assert started.is_set()
    (end,) = transcript.of("match_end")
    assert end.reason == arena_pb2.MATCH_END_REASON_ABORTED and not end.rated
    assert transcript.status == grpc.StatusCode.UNAVAILABLE
    assert gateway.store.applied_matches(GAME) == []
