"""Units of the gateway that a real server exercises only at their edges: a bot session's
outbox, the results queue's back-off. Each is the documented behaviour, checked directly."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from services.gateway import results as results_module
from services.gateway.results import MatchResult, ResultQueue
from services.gateway.session import BotSession
from services.ladder.memory_store import MemoryStore
from services.ladder.store import StoreUnavailable

GAME = "monster-my-neighbor"


async def _session(max_queued: int = 4) -> BotSession:
    return BotSession("bot", 1, "peer", max_queued=max_queued)


def test_a_closing_or_gone_session_queues_nothing_more() -> None:
    async def run() -> None:
        closing = await _session()
        closing.send(b"first")
        closing.close()
        closing.send(b"after close")
        assert _drain(closing) == [b"first", None]
        gone = await _session()
        gone.disconnect()
        gone.send(b"after leaving")
        assert all(frame is None for frame in _drain(gone))

    asyncio.run(run())


def _drain(session: BotSession) -> list[bytes | None]:
    return [session.outbox.get_nowait() for _ in range(session.outbox.qsize())]


def test_a_bot_that_leaves_too_much_unread_is_disconnected_resource_exhausted() -> None:
    async def run() -> None:
        session = await _session(max_queued=3)
        for n in range(3):
            session.send(b"frame %d" % n)
        assert session.status is None and not session.gone and session.dropped is None
        session.send(b"one too many")
        assert session.dropped == "unread"  # counted in arena_dropped_streams_total
        assert session.gone and session.finished.is_set()
        assert session.status == (grpc.StatusCode.RESOURCE_EXHAUSTED,
                                  "more than 3 messages left unread")
        assert b"one too many" not in _drain(session)

    asyncio.run(run())


class _FlakyStore(MemoryStore):
    """A memory store that is unreachable for its first ``failures`` applies."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures

    def apply_match(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if self.failures:
            self.failures -= 1
            raise StoreUnavailable("down")
        return super().apply_match(*args, **kwargs)


def test_a_waiting_result_is_retried_with_capped_exponential_back_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = _FlakyStore(failures=6)
    delays: list[float] = []
    real_sleep, real_timeout = asyncio.sleep, asyncio.timeout

    def recorded_timeout(delay: float | None) -> asyncio.Timeout:
        """The back-off waits for the store to come back at most ``delay`` seconds: record
        the delay, and let the wait time out at once."""
        assert delay is not None
        delays.append(delay)
        return real_timeout(0)

    monkeypatch.setattr(results_module.asyncio, "timeout", recorded_timeout)

    async def run() -> None:
        queue = ResultQueue(store, first_delay=0.1, max_delay=0.35)
        queue.start()
        result = MatchResult(GAME, "flaky-1", ("a", "b"), (1, 2))
        assert await queue.submit(result) is None and len(queue) == 1
        for _ in range(3000):  # up to 30 s: each apply runs in a worker thread
            if not len(queue):
                break
            await real_sleep(0.01)
        await queue.close()

    asyncio.run(run())
    assert store.applied_match(GAME, "flaky-1") is not None
    # The first attempt failed in submit; five more failed, each followed by a sleep.
    assert delays == [0.1, 0.2, 0.35, 0.35, 0.35]


def test_a_late_reply_spends_exactly_its_overrun_from_the_time_bank() -> None:
    from services.gateway.seats import RemoteSeat

    async def run() -> None:
        seat = RemoteSeat(await _session(), b"", bank_ms=300)
        seat.spend(used_ms=150, move_ms=200)  # early: nothing spent, nothing earned
        assert seat.bank_ms == 300
        seat.spend(used_ms=201, move_ms=200)
        assert seat.bank_ms == 299
        seat.spend(used_ms=200, move_ms=200)
        assert seat.bank_ms == 299
        seat.spend(used_ms=900, move_ms=200)  # the bank runs dry, never negative
        assert seat.bank_ms == 0

    asyncio.run(run())


def test_stopping_closes_a_stream_welcomed_after_the_matchmaker_stopped_with_unavailable() -> None:
    from services.gateway.config import GatewayConfig
    from services.gateway.server import SHUTTING_DOWN, Gateway
    from services.hosting.in_loop import InLoopHosts

    async def run() -> None:
        gateway = Gateway(GatewayConfig(host_workers=0), MemoryStore(), hosts=InLoopHosts())
        gateway.matchmaker.stop()  # stopping began while this bot's Welcome was written
        late = await _session()
        gateway.sessions.add(late)
        gateway.matchmaker.enqueue(late)  # refused: neither waiting nor playing
        await gateway.stop(grace=0.1)
        assert late.closing and late.status == SHUTTING_DOWN
        assert late.outbox.get_nowait() is None  # the writer ends the stream with it

    asyncio.run(run())
