"""The host worker pool checked directly: its call timers and its wait for a live worker,
which a gateway test reaches only after minutes (a timer left running) or never (a pool
with no worker for a minute)."""

from __future__ import annotations

import asyncio

import pytest

from services.hosting.pool import HostPool
from services.hosting.protocol import HostFailed, Op


def test_a_worker_that_answered_in_time_is_not_taken_as_stalled_later() -> None:
    async def run() -> None:
        failures: list[int] = []
        pool = HostPool(1, timeout=1.0, on_failure=lambda: failures.append(1))
        await pool.open()
        try:
            worker = await pool.least_busy()
            pid = worker.pid
            assert await worker.call(0, Op.PING, ()) is None
            # Well past the host timeout: an answered call's timer must not fire.
            await asyncio.sleep(2.5)
            assert worker.alive and failures == []
            assert pool.pids() == [pid]
        finally:
            await pool.close()

    asyncio.run(run())


def test_a_closing_pool_refuses_a_match_at_once_without_waiting_for_a_worker() -> None:
    async def run() -> None:
        pool = HostPool(1, timeout=1.0)  # never opened: no worker is alive
        await pool.close()
        waiting = asyncio.create_task(pool.least_busy())
        await asyncio.sleep(0)  # one step of the loop: it must not go to sleep
        assert waiting.done()
        with pytest.raises(HostFailed, match="no host worker is running"):
            waiting.result()

    asyncio.run(run())


def test_a_match_waits_a_minute_for_a_live_worker_then_fails() -> None:
    async def run() -> None:
        pool = HostPool(1, timeout=1.0)  # never opened: no worker is alive
        loop = asyncio.get_running_loop()
        real_time, skipped = loop.time, [0.0]
        loop.time = lambda: real_time() + skipped[0]  # type: ignore[method-assign]
        waiting = asyncio.create_task(pool.least_busy())
        await asyncio.sleep(0.2)
        assert not waiting.done()  # still waiting for a replacement worker
        skipped[0] = 61.0  # the loop's clock passes the minute
        done, _ = await asyncio.wait({waiting}, timeout=30)
        assert waiting in done
        with pytest.raises(HostFailed, match="no host worker is running"):
            waiting.result()

    asyncio.run(run())
