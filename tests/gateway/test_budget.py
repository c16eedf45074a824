"""The per-stream message budget: a token bucket over messages the server cannot use.
Replies a bot owes are free; a flood of stale replies ends the stream."""

from __future__ import annotations

import time

import grpc
import pytest
from arena.v1 import arena_pb2

from services.gateway.budget import MessageBudget
from tests.gateway.botkit import reply_frame
from tests.gateway.test_lifecycle import RawStream, hello_frame


def test_the_bucket_gives_its_burst_then_refills_at_its_rate() -> None:
    now = [64.0]  # times and rates exact in binary floating point
    budget = MessageBudget(8.0, 5, clock=lambda: now[0])
    assert [budget.spend() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.0625  # half a token
    assert not budget.spend()
    now[0] += 0.0625  # one token in all since the refusal
    assert budget.spend() and not budget.spend()
    now[0] += 3600.0  # a long quiet spell fills the bucket, no more
    assert [budget.spend() for _ in range(6)] == [True] * 5 + [False]


def test_a_steady_rate_under_the_budget_is_never_refused() -> None:
    now = [0.0]
    budget = MessageBudget(200.0, 400, clock=lambda: now[0])
    for _ in range(20_000):  # 100 s at 199 messages a second
        now[0] += 1 / 199
        assert budget.spend()


def test_a_budget_needs_a_positive_rate_and_burst() -> None:
    for rate, burst in ((0.0, 5), (-1.0, 5), (1.0, 0)):
        with pytest.raises(ValueError, match="rate > 0 and burst >= 1"):
            MessageBudget(rate, burst)


def test_owed_replies_are_free_and_a_stale_flood_ends_the_stream(start_gateway) -> None:
    gateway = start_gateway(message_rate=1.0, message_burst=5, min_bots=1)
    stream = RawStream(gateway.address)
    stream.send(hello_frame(gateway.token("flooder"), max_matches=0))
    stream.wait_for("welcome")
    # A whole match of owed replies, far more than the budget's burst, costs nothing.
    answered = 0
    deadline = time.monotonic() + 60
    while not any(r.WhichOneof("message") == "match_end" for r in stream.received):
        assert time.monotonic() < deadline, "the match did not end"
        time.sleep(0.005)
        requests = [r.decision_request for r in stream.received
                    if r.WhichOneof("message") == "decision_request"]
        for request in requests[answered:]:
            stream.send(reply_frame(request.request_id, 0))
        answered = len(requests)
        assert stream.status is None, "the stream ended during honest play"
    assert answered > 5
    (end,) = [r.match_end for r in stream.received if r.WhichOneof("message") == "match_end"]
    assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED
    # Now stale replies: the burst of five is answered UNKNOWN_REQUEST, the sixth ends it.
    for _ in range(50):
        stream.send(reply_frame(1, 0))
    assert stream.ended() == grpc.StatusCode.RESOURCE_EXHAUSTED
    unknown = [r for r in stream.received if r.WhichOneof("message") == "error"
               and r.error.code == arena_pb2.ERROR_CODE_UNKNOWN_REQUEST]
    # The burst, and the little that refilled while they arrived (1 a second).
    assert 5 <= len(unknown) <= 15
    assert gateway.settles("arena_dropped_streams_total", 1, reason="message_rate")
    assert gateway.settles("arena_connected_bots", 0)
