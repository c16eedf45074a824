"""Host workers: many matches per process, and a dead or stalled worker aborts its
matches (MatchEnd ABORTED, nothing rated) and is replaced."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time

from arena.v1 import arena_pb2

from services.gateway.config import default_workers
from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.conftest import GAME, RunningGateway

ABORTED = arena_pb2.MATCH_END_REASON_ABORTED


def _worker_pids(gateway: RunningGateway) -> list[int]:
    return gateway.gateway.hosts.pids()


def _replaced(gateway: RunningGateway, old: list[int]) -> list[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        pids = _worker_pids(gateway)
        if pids and not set(pids) & set(old):
            return pids
        time.sleep(0.05)
    raise AssertionError("the dead worker was not replaced")


def test_one_worker_hosts_match_after_match_without_a_new_process(start_gateway) -> None:
    gateway = start_gateway()
    (pid,) = _worker_pids(gateway)
    transcript = TestBot(gateway.address, hello_frame(gateway.token("steady"), max_matches=3))
    ends = transcript.start().join().of("match_end")
    assert [e.reason for e in ends] == [arena_pb2.MATCH_END_REASON_COMPLETED] * 3
    assert _worker_pids(gateway) == [pid]


def _abort_mid_match(gateway: RunningGateway, act_on_worker) -> None:
    """A bot whose second decision triggers ``act_on_worker(pid)``; it is told ABORTED,
    nothing is rated, and the next match runs on a fresh worker."""
    (pid,) = _worker_pids(gateway)

    def policy(_request, n):
        if n == 1:
            act_on_worker(pid)
        return 0

    bot = TestBot(gateway.address, hello_frame(gateway.token("victim"), max_matches=2), policy)
    transcript = bot.start().join(timeout=120)
    first, second = transcript.of("match_end")
    assert first.reason == ABORTED and not first.rated and not first.results
    assert second.reason == arena_pb2.MATCH_END_REASON_COMPLETED and second.rated
    assert [m.match_id for m in gateway.store.applied_matches(GAME)] == [second.match_id]
    assert _replaced(gateway, [pid])
    assert gateway.metric("arena_host_failures_total") == 1
    assert gateway.metric("arena_matches_total", game=GAME, status="aborted") == 1


def test_a_killed_worker_aborts_its_match_and_is_replaced(start_gateway) -> None:
    gateway = start_gateway()
    _abort_mid_match(gateway, lambda pid: os.kill(pid, signal.SIGKILL))


def test_a_stalled_worker_is_killed_after_the_host_timeout(start_gateway) -> None:
    gateway = start_gateway(host_timeout=1.0)
    stopped: list[int] = []

    def stall(pid: int) -> None:
        os.kill(pid, signal.SIGSTOP)
        stopped.append(pid)

    try:
        _abort_mid_match(gateway, stall)
    finally:
        for pid in stopped:  # the gateway killed it; make sure it is gone anyway
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_matches_on_other_workers_carry_on(start_gateway) -> None:
    gateway = start_gateway(host_workers=2, move_timeout=30)
    first_worker = _worker_pids(gateway)[0]
    survivor_started = threading.Event()

    def survivor_policy(_request, _n):
        survivor_started.set()
        return 0

    def victim_policy(_request, n):
        if n == 0:  # the victim's match went to the first (then idle) worker
            threading.Thread(target=survivor.start, daemon=True).start()
            assert survivor_started.wait(60)
        elif n == 1:
            os.kill(first_worker, signal.SIGKILL)
        return 0

    survivor = TestBot(gateway.address, hello_frame(gateway.token("survivor")), survivor_policy)
    victim = TestBot(gateway.address, hello_frame(gateway.token("victim")), victim_policy)
    victim.start()
    (victim_end,) = victim.join(timeout=120).of("match_end")
    (survivor_end,) = survivor.join(timeout=120).of("match_end")
    assert victim_end.reason == ABORTED
    assert survivor_end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and survivor_end.rated
    assert [m.match_id for m in gateway.store.applied_matches(GAME)] == [survivor_end.match_id]


def test_a_match_waits_for_the_replacement_when_no_worker_is_alive(start_gateway) -> None:
    gateway = start_gateway()
    (pid,) = _worker_pids(gateway)
    os.kill(pid, signal.SIGKILL)  # between matches: the next one must wait, not abort
    bot = TestBot(gateway.address, hello_frame(gateway.token("patient"), max_matches=2))
    ends = bot.start().join(timeout=120).of("match_end")
    assert [e.reason for e in ends] == [arena_pb2.MATCH_END_REASON_COMPLETED] * 2
    assert _replaced(gateway, [pid])


def test_serve_hosts_in_loop_on_two_cores_or_fewer_and_in_workers_beyond() -> None:
    # Measured in docs/gateway.md: on two cores a worker has no idle core to use.
    assert [default_workers(cores) for cores in (1, 2, 3, 4, 16)] == [0, 0, 2, 3, 15]


def test_serve_sizes_its_host_pool_from_this_machines_core_count(monkeypatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert default_workers() == 7
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: taken as one core
    assert default_workers() == 0


def test_the_gateway_reports_its_live_host_workers_and_its_loop_tasks(start_gateway) -> None:
    gateway = start_gateway(host_workers=2)
    assert gateway.metric("arena_host_workers") == len(_worker_pids(gateway)) == 2
    # At least the matchmaker, the store's health pings and the result retries.
    assert gateway.metric("arena_event_loop_tasks") >= 3
