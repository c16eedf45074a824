"""Honest health: NOT_SERVING while the ladder store is down, and a plain UNAVAILABLE for
a Hello meanwhile; SERVING again once the store is back."""

from __future__ import annotations

import secrets
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.gateway.health import STORE_DOWN
from services.ladder.factory import open_store
from tests.gateway.botkit import TestBot, hello_frame

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def _status(address: str) -> int:
    with grpc.insecure_channel(address) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        return stub.Check(health_pb2.HealthCheckRequest(service="arena.v1.ArenaService"),
                          timeout=10).status


def _becomes(address: str, status: int, seconds: float = 30) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _status(address) == status:
            return True
        time.sleep(0.1)
    return False


def test_health_follows_the_ladder_store_and_hellos_get_a_plain_unavailable(
    start_gateway, redis_server
) -> None:
    store = open_store(redis_server.url, key_prefix=f"test-health-{secrets.token_hex(4)}")
    gateway = start_gateway(store=store)
    token = gateway.token("patient")
    assert _status(gateway.address) == SERVING
    redis_server.stop()
    assert _becomes(gateway.address, NOT_SERVING)
    assert gateway.metric("arena_store_up") == 0
    refused = TestBot(gateway.address, hello_frame(token)).start().join()
    assert refused.status == grpc.StatusCode.UNAVAILABLE
    assert refused.details == STORE_DOWN
    assert gateway.metric("arena_refused_streams_total", reason="store_unavailable") == 1

    redis_server.start()
    assert _becomes(gateway.address, SERVING)
    assert gateway.metric("arena_store_up") == 1
    played = TestBot(gateway.address, hello_frame(token)).start().join()
    assert played.status == grpc.StatusCode.OK and played.of("match_end")[0].rated
