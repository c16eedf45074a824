"""Processes failing under a real ``arena serve``: a stalled (SIGSTOP) and a killed host
worker; a killed and restarted Redis; the gateway stopped by SIGTERM and by SIGKILL,
then restarted."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import grpc
from arena.v1 import arena_pb2

from services.gateway.health import STORE_DOWN
from tests.faults.harness import connection, kill_quietly, play_bot, until

COMPLETED = arena_pb2.MATCH_END_REASON_COMPLETED
ABORTED = arena_pb2.MATCH_END_REASON_ABORTED


def _play(address: str, token: str, matches: int, on_request=None, pause: float = 0.0):
    async def run():
        async with connection(address) as channel:
            return await play_bot(channel, token, matches, on_request, pause)

    return asyncio.run(run())


def _one_record_per_finished_match(arena, gateway, rated: list[str]) -> None:
    records = arena.records()
    finished = sum(gateway.metric(f"arena_matches_total{{game=monster-my-neighbor,status={s}}}")
                   for s in ("completed", "forfeit"))
    assert len(records) == len(set(records)) == finished
    assert sorted(records) == sorted(rated)


def test_a_stalled_host_worker_aborts_its_match_and_is_replaced(arena) -> None:
    gateway = arena.serve("--host-timeout", "2")
    token = arena.store.register_bot("stalled")
    baseline = gateway.baseline()
    (worker,) = gateway.workers()

    def stall(n: int) -> None:
        if n == 1:
            os.kill(worker, signal.SIGSTOP)

    try:
        run = _play(gateway.address, token, 2, stall)
    finally:
        kill_quietly(worker)
    assert run.status == grpc.StatusCode.OK
    first, second = run.match_ends
    assert first.reason == ABORTED and not first.rated
    assert second.reason == COMPLETED and second.rated
    until(lambda: gateway.workers() and worker not in gateway.workers(), 30, "a new worker")
    assert gateway.metric("arena_host_failures_total") == 1
    gateway.back_to(baseline)
    _one_record_per_finished_match(arena, gateway, [second.match_id])


def test_a_killed_host_worker_aborts_its_match_and_is_replaced(arena) -> None:
    gateway = arena.serve()
    token = arena.store.register_bot("orphan")
    baseline = gateway.baseline()
    (worker,) = gateway.workers()

    def kill(n: int) -> None:
        if n == 1:
            os.kill(worker, signal.SIGKILL)

    run = _play(gateway.address, token, 2, kill)
    first, second = run.match_ends
    assert first.reason == ABORTED and not first.rated and second.reason == COMPLETED
    until(lambda: gateway.workers() and worker not in gateway.workers(), 30, "a new worker")
    gateway.back_to(baseline)
    _one_record_per_finished_match(arena, gateway, [second.match_id])


def test_a_killed_then_restarted_redis(arena) -> None:
    gateway = arena.serve()
    token = arena.store.register_bot("patient")
    baseline = gateway.baseline()

    def kill_redis(n: int) -> None:
        if n == 1:
            assert arena.redis.proc is not None
            arena.redis.proc.kill()
            arena.redis.proc.wait()
            arena.redis.proc = None

    run = _play(gateway.address, token, 1, kill_redis)
    (end,) = run.match_ends
    assert end.reason == COMPLETED and not end.rated  # kept in the journal meanwhile
    until(lambda: gateway.metric("arena_store_up") == 0, 30, "the store reported down")
    refused = _play(gateway.address, token, 1)
    assert refused.status == grpc.StatusCode.UNAVAILABLE and refused.details == STORE_DOWN
    assert gateway.metric("arena_rating_retry_queue") == 1
    assert gateway.metric("arena_results_unrated") == 1

    arena.redis.start()  # its append-only file kept the bot's token
    until(lambda: gateway.metric("arena_rating_retry_queue") == 0, 60, "the result applied")
    until(lambda: gateway.metric("arena_store_up") == 1, 30, "the store reported up")
    again = _play(gateway.address, token, 1)
    assert again.status == grpc.StatusCode.OK and again.match_ends[0].rated
    gateway.back_to(baseline)
    _one_record_per_finished_match(arena, gateway, [end.match_id, again.match_ends[0].match_id])


def test_sigterm_drains_and_a_restart_carries_on(arena) -> None:
    gateway = arena.serve("--drain-timeout", "30")
    token = arena.store.register_bot("graceful")

    def terminate(n: int) -> None:
        if n == 1:
            gateway.signal(signal.SIGTERM)

    run = _play(gateway.address, token, 0, terminate, pause=0.01)
    (end,) = run.match_ends
    assert end.reason == COMPLETED and end.rated  # the running match finished
    assert run.status == grpc.StatusCode.UNAVAILABLE  # then the stream was closed
    workers = gateway.workers() if gateway.process.poll() is None else []
    assert gateway.wait(60) == 0
    assert not any(os.path.exists(f"/proc/{pid}") for pid in workers)
    assert arena.records() == [end.match_id]

    restarted = arena.serve()
    again = _play(restarted.address, token, 1)
    assert again.match_ends[0].reason == COMPLETED
    assert sorted(arena.records()) == sorted([end.match_id, again.match_ends[0].match_id])


def test_sigkill_loses_only_the_unfinished_match_and_a_restart_applies_the_journal(
    arena,
) -> None:
    gateway = arena.serve("--max-matches-per-bot", "1")
    quick, slow = (arena.store.register_bot(name) for name in ("quick", "slow"))
    (worker,) = gateway.workers()

    async def case():
        async with connection(gateway.address) as channel:
            # "slow" is mid-match when the gateway dies; "quick" finishes a match of its own
            # while Redis is down, so its result waits in the journal when the gateway dies.
            slow_playing = asyncio.Event()
            slow_bot = asyncio.create_task(play_bot(
                channel, slow, 1, lambda n: slow_playing.set(), pause=0.2))
            await slow_playing.wait()

            def stop_redis(n: int) -> None:
                if n == 1:
                    arena.redis.stop()

            quick_run = await play_bot(channel, quick, 1, stop_redis)
            gateway.signal(signal.SIGKILL)
            return quick_run, await slow_bot

    quick_run, slow_run = asyncio.run(case())
    (end,) = quick_run.match_ends
    assert end.reason == COMPLETED and not end.rated
    assert slow_run.status == grpc.StatusCode.UNAVAILABLE and not slow_run.match_ends
    gateway.wait(30)
    until(lambda: not os.path.exists(f"/proc/{worker}"), 30, "the orphaned worker to exit")

    arena.redis.start()
    restarted = arena.serve()
    until(lambda: end.match_id in arena.records(), 60, "the journaled result applied")
    until(lambda: restarted.metric("arena_results_unrated") == 0, 30, "an empty queue")
    time.sleep(0.5)
    assert arena.records() == [end.match_id]  # once; the killed match is not rated
    assert slow_run.match_starts and slow_run.match_starts[0] not in arena.records()
