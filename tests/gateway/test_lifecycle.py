"""Every way a stream can end returns the gateway to its idle state: no task, session,
stream or connected-bot count left behind."""

from __future__ import annotations

import queue
import threading
import time

import grpc
from arena.v1 import arena_pb2

from tests.gateway.botkit import PLAY_METHOD, TestBot, hello_frame, reply_frame
from tests.gateway.conftest import RunningGateway


class RawStream:
    """One Play stream driven by hand: send frames, half-close, cancel, read."""

    def __init__(
        self, address: str, timeout: float | None = None, channel: grpc.Channel | None = None
    ) -> None:
        """A stream on its own connection, or on ``channel`` (which the caller closes)."""
        self._own_channel = channel is None
        self.channel = channel or grpc.insecure_channel(address)
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        play = self.channel.stream_stream(
            PLAY_METHOD, request_serializer=None,
            response_deserializer=arena_pb2.PlayResponse.FromString)
        self.call = play(iter(self._outbox.get, None), timeout=timeout)
        self.received: list[arena_pb2.PlayResponse] = []
        self.status: grpc.StatusCode | None = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def send(self, frame: bytes) -> None:
        self._outbox.put(frame)

    def half_close(self) -> None:
        self._outbox.put(None)

    def wait_for(self, kind: str, seconds: float = 30) -> arena_pb2.PlayResponse:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            found = [r for r in self.received if r.WhichOneof("message") == kind]
            if found:
                return found[0]
            time.sleep(0.01)
        raise AssertionError(f"no {kind} within {seconds} s")

    def ended(self, seconds: float = 30) -> grpc.StatusCode | None:
        self._reader.join(seconds)
        assert not self._reader.is_alive(), "the stream did not end"
        if self._own_channel:
            self.channel.close()
        return self.status

    def _read(self) -> None:
        try:
            for response in self.call:
                self.received.append(response)
            self.status = grpc.StatusCode.OK
        except grpc.RpcError as exc:
            self.status = exc.code()


def _idle(gateway: RunningGateway) -> dict[str, float]:
    return {name: gateway.metric(name) for name in (
        "arena_event_loop_tasks", "arena_streams", "arena_connected_bots",
        "arena_waiting_bots", "arena_active_matches")}


def _back_to(gateway: RunningGateway, baseline: dict[str, float]) -> None:
    deadline = time.monotonic() + 20
    while _idle(gateway) != baseline and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _idle(gateway) == baseline
    assert not gateway.gateway.sessions


def test_cancel_before_hello_is_counted_as_a_refusal(start_gateway) -> None:
    gateway = start_gateway()
    baseline = _idle(gateway)
    stream = RawStream(gateway.address)
    assert gateway.settles("arena_streams", 1)  # the server is waiting for its Hello
    stream.call.cancel()
    assert stream.ended() == grpc.StatusCode.CANCELLED
    _back_to(gateway, baseline)
    # Counted before the stream is let go. gRPC hands the handler either the end of the
    # stream or a cancellation, depending on timing.
    assert gateway.metric("arena_refused_streams_total", reason="closed_before_hello") + (
        gateway.metric("arena_refused_streams_total", reason="cancelled")) == 1
    assert gateway.metric("arena_refused_streams_total", reason="bad_hello") == 0


def test_half_close_before_hello_is_counted_as_a_refusal(start_gateway) -> None:
    gateway = start_gateway()
    baseline = _idle(gateway)
    stream = RawStream(gateway.address)
    stream.half_close()
    assert stream.ended() == grpc.StatusCode.CANCELLED
    _back_to(gateway, baseline)
    assert gateway.settles("arena_refused_streams_total", 1, reason="closed_before_hello")
    assert gateway.metric("arena_refused_streams_total", reason="cancelled") == 0
    assert gateway.metric("arena_refused_streams_total", reason="bad_hello") == 0


def test_cancel_during_authentication_is_counted_as_a_refusal(start_gateway) -> None:
    gateway = start_gateway()
    baseline = _idle(gateway)
    store = gateway.store
    entered, release = threading.Event(), threading.Event()
    authenticate = store.authenticate

    def slow_authenticate(token: str) -> str | None:
        entered.set()
        release.wait(10)
        return authenticate(token)

    store.authenticate = slow_authenticate  # type: ignore[method-assign]
    stream = RawStream(gateway.address)
    stream.send(hello_frame(gateway.token("impatient")))
    assert entered.wait(10)
    stream.call.cancel()
    assert stream.ended() == grpc.StatusCode.CANCELLED
    release.set()
    _back_to(gateway, baseline)
    assert gateway.settles("arena_refused_streams_total", 1, reason="cancelled")
    assert gateway.metric("arena_connected_bots") == 0


def test_cancel_and_half_close_and_deadline_while_waiting_for_a_match(start_gateway) -> None:
    gateway = start_gateway(min_bots=2)
    baseline = _idle(gateway)
    token = gateway.token("waiter")
    cancelled, closed = RawStream(gateway.address), RawStream(gateway.address)
    timed = RawStream(gateway.address, timeout=1.0)
    for stream in (cancelled, closed, timed):
        stream.send(hello_frame(token, max_matches=0))
        stream.wait_for("welcome")
    assert gateway.settles("arena_waiting_bots", 3)
    cancelled.call.cancel()
    closed.half_close()
    assert cancelled.ended() == grpc.StatusCode.CANCELLED
    assert closed.ended() == grpc.StatusCode.OK
    assert timed.ended() == grpc.StatusCode.DEADLINE_EXCEEDED
    _back_to(gateway, baseline)


def test_cancel_and_half_close_in_the_middle_of_matches(start_gateway) -> None:
    gateway = start_gateway()
    baseline = _idle(gateway)
    cancelled = RawStream(gateway.address)
    closed = RawStream(gateway.address)
    for name, stream in (("canceller", cancelled), ("closer", closed)):
        stream.send(hello_frame(gateway.token(name)))
        request = stream.wait_for("decision_request").decision_request
        stream.send(reply_frame(request.request_id, 0))
    cancelled.call.cancel()
    closed.half_close()
    assert cancelled.ended() == grpc.StatusCode.CANCELLED
    assert closed.ended() == grpc.StatusCode.OK
    _back_to(gateway, baseline)
    assert gateway.metric("arena_matches_total", game="monster-my-neighbor",
                          status="forfeit") == 2


def test_server_shutdown_ends_streams_with_unavailable(start_gateway) -> None:
    gateway = start_gateway(min_bots=2)
    waiting = TestBot(gateway.address, hello_frame(gateway.token("waiting"), max_matches=0))
    waiting.start()
    assert gateway.settles("arena_waiting_bots", 1)
    gateway.thread.stop()
    transcript = waiting.join(timeout=30)
    assert transcript.status == grpc.StatusCode.UNAVAILABLE
    assert "shutting down" in transcript.details


def test_request_ids_count_per_stream(start_gateway) -> None:
    gateway = start_gateway()
    bots = [TestBot(gateway.address, hello_frame(gateway.token(name))).start()
            for name in ("first", "second")]
    for transcript in (bot.join() for bot in bots):
        ids = [r.request_id for r in transcript.of("decision_request")]
        assert ids == list(range(1, len(ids) + 1))
