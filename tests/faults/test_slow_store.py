"""A hung Redis (SIGSTOP, not a kill) under a real ``arena serve``: a slow store is a
down store. A Hello is answered UNAVAILABLE within 2 s, health turns NOT_SERVING
within 3 s, and a result finished meanwhile is kept and applied exactly once after
SIGCONT (also across a restart, which finds what the stopped Redis took late)."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import grpc
import redis
from arena.v1 import arena_pb2
from grpc_health.v1 import health_pb2, health_pb2_grpc

from services.gateway.health import STORE_DOWN
from tests.faults.harness import GAME, connection, play_bot, until

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
COMPLETED = arena_pb2.MATCH_END_REASON_COMPLETED


def _health(address: str) -> int:
    with grpc.insecure_channel(address) as channel:
        request = health_pb2.HealthCheckRequest(service="arena.v1.ArenaService")
        return health_pb2_grpc.HealthStub(channel).Check(request, timeout=10).status


def _play(address: str, token: str, on_request=None):
    async def run():
        async with connection(address) as channel:
            started = time.monotonic()
            result = await play_bot(channel, token, 1, on_request)
            return result, time.monotonic() - started

    return asyncio.run(run())


def _stop(redis) -> None:
    os.kill(redis.proc.pid, signal.SIGSTOP)


def _continue(redis) -> None:
    os.kill(redis.proc.pid, signal.SIGCONT)


def test_a_hung_redis_is_a_down_redis_and_loses_no_result(arena) -> None:
    gateway = arena.serve()
    token = arena.store.register_bot("patient")
    assert _health(gateway.address) == SERVING
    pending = redis.Redis.from_url(arena.redis.url)
    stream = f"{arena.prefix}:results:pending"

    # A Hello and the health check while the store hangs: prompt answers.
    _stop(arena.redis)
    try:
        stopped_at = time.monotonic()
        refused, hello_seconds = _play(gateway.address, token)
        assert refused.status == grpc.StatusCode.UNAVAILABLE and refused.details == STORE_DOWN
        assert hello_seconds < 2.0, f"Hello answered after {hello_seconds:.1f} s"
        until(lambda: _health(gateway.address) == NOT_SERVING, 10, "health NOT_SERVING")
        flip_seconds = time.monotonic() - stopped_at
        assert flip_seconds < 3.0, f"health NOT_SERVING after {flip_seconds:.1f} s"
        assert gateway.metric("arena_store_up") == 0
    finally:
        _continue(arena.redis)
    until(lambda: _health(gateway.address) == SERVING, 30, "health SERVING again")

    # A match that ends while the store hangs: kept, then applied once it is back.
    def hang_redis(n: int) -> None:
        if n == 1:
            _stop(arena.redis)

    try:
        run, _ = _play(gateway.address, token, hang_redis)
        (end,) = run.match_ends
        assert end.reason == COMPLETED and not end.rated
        assert gateway.metric("arena_results_unrated") == 1
    finally:
        _continue(arena.redis)
    until(lambda: gateway.metric("arena_results_unrated") == 0, 60, "the result applied")
    assert arena.records() == [end.match_id]
    until(lambda: _health(gateway.address) == SERVING, 30, "health SERVING again")
    again, _ = _play(gateway.address, token)
    assert again.match_ends[0].rated
    both = sorted([end.match_id, again.match_ends[0].match_id])

    # A restart applies what is left in the Redis stream (the stopped Redis took the
    # result late, after it went to the journal): nothing counts twice.
    gateway.stop()
    arena.serve()
    until(lambda: pending.xlen(stream) == 0, 60, "the results stream emptied")
    assert sorted(arena.records()) == both
    assert arena.store.bot_stats(GAME, "patient").games == 2
    pending.close()
