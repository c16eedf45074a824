"""Caps and fairness: streams in total and per connection, Hello attempts per address,
and matches at once per bot."""

from __future__ import annotations

import itertools

import grpc
import pytest

from services.gateway.admission import Admission, Limits, Refused, peer_address
from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.test_lifecycle import RawStream


def test_peer_addresses_drop_the_connection_port() -> None:
    assert peer_address("ipv4:10.0.0.7:53122") == "ipv4:10.0.0.7"
    assert peer_address("ipv6:[::1]:4000") == "ipv6:[::1]"
    assert peer_address("unix:/tmp/s") == "unix:/tmp/s"


def test_caps_count_open_streams_and_attempts_in_a_sliding_minute() -> None:
    now = [0.0]
    admission = Admission(Limits(max_streams=3, max_streams_per_connection=2,
                                 hellos_per_minute=4), clock=lambda: now[0])
    admission.open("ipv4:1.1.1.1:1")
    admission.open("ipv4:1.1.1.1:1")
    with pytest.raises(Refused) as per_connection:
        admission.open("ipv4:1.1.1.1:1")
    assert per_connection.value.reason == "streams_per_connection"
    admission.open("ipv4:2.2.2.2:1")
    with pytest.raises(Refused) as total:
        admission.open("ipv4:3.3.3.3:1")
    assert total.value.code == grpc.StatusCode.RESOURCE_EXHAUSTED
    admission.close("ipv4:1.1.1.1:1")
    admission.close("ipv4:1.1.1.1:1")
    admission.open("ipv4:1.1.1.1:2")  # the 4th attempt of 1.1.1.1 this minute
    admission.close("ipv4:1.1.1.1:2")
    with pytest.raises(Refused) as rate:
        admission.open("ipv4:1.1.1.1:3")
    assert rate.value.reason == "hello_rate"
    now[0] = 61.0
    admission.open("ipv4:1.1.1.1:3")
    assert admission.streams == 2


def test_streams_over_the_per_connection_cap_are_refused(start_gateway) -> None:
    gateway = start_gateway(max_streams_per_connection=2, min_bots=2)
    token = gateway.token("greedy")
    with grpc.insecure_channel(gateway.address) as channel:
        streams = []
        for _ in range(2):
            streams.append(RawStream(gateway.address, channel=channel))
            streams[-1].send(hello_frame(token, max_matches=0))
            streams[-1].wait_for("welcome")
        extra = RawStream(gateway.address, channel=channel)
        extra.send(hello_frame(token, max_matches=0))
        assert extra.ended() == grpc.StatusCode.RESOURCE_EXHAUSTED
        for stream in streams:
            stream.call.cancel()
            stream.ended()
    assert gateway.metric("arena_refused_streams_total", reason="streams_per_connection") == 1


def test_hello_attempts_past_the_rate_get_resource_exhausted(start_gateway) -> None:
    gateway = start_gateway(hellos_per_minute=2)
    token = gateway.token("hasty")
    first, second, third = (TestBot(gateway.address, hello_frame(token)).start()
                            for _ in range(3))
    statuses = sorted(str(bot.join().status) for bot in (first, second, third))
    assert statuses.count(str(grpc.StatusCode.RESOURCE_EXHAUSTED)) == 1
    assert gateway.metric("arena_refused_streams_total", reason="hello_rate") == 1


def test_one_bot_plays_one_match_at_a_time_and_its_other_streams_wait(start_gateway) -> None:
    gateway = start_gateway()
    token = gateway.token("crowd")
    bots = [TestBot(gateway.address, hello_frame(token)).start() for _ in range(4)]
    spans = []
    for transcript in (bot.join(timeout=120) for bot in bots):
        kinds = [r.WhichOneof("message") for r in transcript.responses]
        start = transcript.times[kinds.index("match_start")]
        end = transcript.times[kinds.index("match_end")]
        spans.append((start, end))
    spans.sort()
    assert all(earlier[1] <= later[0] for earlier, later in itertools.pairwise(spans))
    assert gateway.metric("arena_matches_total", game="monster-my-neighbor",
                          status="completed") == 4
