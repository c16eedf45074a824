"""Gateway instances in the Redis feed, on a controlled clock: a live match whose gateway's
heartbeat expired is ended as aborted by a reader or by another (restarted) gateway; a
gateway still beating keeps its matches."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
import redis

from services.spectate.feed import ABORTED, COMPLETED, LIVE
from services.spectate.redis_feed import READER_REAP_SECONDS, RedisFeed
from tests.spectate.conftest import FlushingRedisFeed
from tests.spectate.helpers import publish, publish_rest, recorded_match

GAME = "monster-my-neighbor"
# A heartbeat period no test lasts (real seconds), so every beat here is explicit, and
# an expiry (clock seconds) longer than it, as it must be.
LONG = 10_000.0
EXPIRY = 30_000.0
T0 = 1_000.0


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def feeds(redis_url: str, clock: Clock) -> Iterator[list[RedisFeed]]:
    """``make()`` feeds on one key prefix and one clock; all closed afterwards."""
    made: list[RedisFeed] = []
    yield made
    for feed in made:
        feed.close()


def _feed(feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
          keep: int = 50) -> RedisFeed:
    feed = FlushingRedisFeed(redis_url, key_prefix=prefix, clock=clock, keep_finished=keep)
    feeds.append(feed)
    return feed


@pytest.fixture
def prefix() -> str:
    return f"test-beat-{secrets.token_hex(6)}"


def _gateway(feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
             instance: str) -> RedisFeed:
    feed = _feed(feeds, redis_url, clock, prefix)
    feed.announce(instance, LONG, EXPIRY)
    return feed


def test_a_reader_ends_a_silent_gateways_match_once_its_heartbeat_expired(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    gateway = _gateway(feeds, redis_url, clock, prefix, "gw-a")  # valid until T0 + EXPIRY
    publish(gateway, "m-1", recorded_match(GAME, 3, seed=1), upto=12)
    gateway.flush()
    reader = _feed(feeds, redis_url, clock, prefix)
    clock.now = T0 + EXPIRY - 1
    assert [(m.match_id, m.status) for m in reader.live()] == [("m-1", LIVE)]
    clock.now = T0 + EXPIRY - 1 + READER_REAP_SECONDS  # expired, and the reader is due to look
    assert reader.live() == []
    match = reader.match("m-1")
    assert match is not None and match.status == ABORTED and match.decisions == 12
    assert match.ended_at == clock.now and match.result is None
    assert [m.match_id for m in reader.finished()] == ["m-1"]
    assert reader.choices("m-1") == [] and reader.replay("m-1") is None


def test_a_reader_looks_at_most_every_few_seconds(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    gateway = _gateway(feeds, redis_url, clock, prefix, "gw-a")
    publish(gateway, "m-1", recorded_match(GAME, 3, seed=1), upto=5)
    gateway.flush()
    reader = _feed(feeds, redis_url, clock, prefix)
    clock.now = T0 + EXPIRY - 2
    assert len(reader.live()) == 1
    clock.now = T0 + EXPIRY - 2 + READER_REAP_SECONDS - 0.5  # expired, looked too recently
    assert len(reader.live()) == 1
    clock.now = T0 + EXPIRY - 2 + READER_REAP_SECONDS
    assert reader.live() == []


def test_a_beating_gateway_keeps_its_matches(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    gateway = _gateway(feeds, redis_url, clock, prefix, "gw-a")
    replay = recorded_match(GAME, 3, seed=2)
    done = publish(gateway, "m-2", replay, upto=8)
    gateway.flush()
    reader = _feed(feeds, redis_url, clock, prefix)
    clock.now = T0 + EXPIRY - 5
    gateway.beat()  # valid until T0 + 2 * EXPIRY - 5
    clock.now = T0 + 2 * EXPIRY - 6
    assert reader.reap() == 0 and [m.status for m in reader.live()] == [LIVE]
    publish_rest(gateway, "m-2", replay, done)
    gateway.flush()
    match = reader.match("m-2")
    assert match is not None and match.status == COMPLETED


def test_a_restarted_gateway_ends_the_dead_instances_matches_and_only_those(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    dead = _gateway(feeds, redis_url, clock, prefix, "gw-dead")  # until T0 + EXPIRY
    publish(dead, "m-dead", recorded_match(GAME, 3, seed=3), upto=4)
    dead.flush()
    clock.now = T0 + EXPIRY / 2
    other = _gateway(feeds, redis_url, clock, prefix, "gw-other")  # until T0 + 1.5 EXPIRY
    publish(other, "m-other", recorded_match(GAME, 3, seed=4), upto=4)
    other.flush()
    clock.now = T0 + EXPIRY + 1
    restarted = _gateway(feeds, redis_url, clock, prefix, "gw-new")  # reaps as it starts
    raw = redis.Redis.from_url(redis_url, decode_responses=True)
    tag = f"{{{prefix}:feed}}"
    try:
        assert raw.zrange(f"{tag}:live", 0, -1) == ["m-other"]
        assert raw.hget(f"{tag}:match:m-dead", "status") == ABORTED
        assert raw.hget(f"{tag}:match:m-dead", "instance") == "gw-dead"
        assert raw.exists(f"{tag}:choices:m-dead") == 0
        assert set(raw.zrange(f"{tag}:instances", 0, -1)) == {"gw-other", "gw-new"}
    finally:
        raw.close()
    assert restarted.reap() == 0  # nothing left to end


def test_matches_of_a_cleanly_closed_gateway_left_live_are_ended_at_once(
    redis_url: str, clock: Clock, prefix: str, feeds: list[RedisFeed],
) -> None:
    gateway = FlushingRedisFeed(redis_url, key_prefix=prefix, clock=clock)
    gateway.announce("gw-a", LONG, EXPIRY)
    publish(gateway, "m-1", recorded_match(GAME, 3, seed=5), upto=3)
    gateway.close()  # withdraws its heartbeat; its match's end was never written
    reader = _feed(feeds, redis_url, clock, prefix)
    assert reader.live() == []
    assert reader.match("m-1").status == ABORTED  # type: ignore[union-attr]


def test_a_match_published_without_an_instance_is_left_to_its_key_expiry(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    anonymous = _feed(feeds, redis_url, clock, prefix)
    publish(anonymous, "m-old", recorded_match(GAME, 3, seed=6), upto=3)
    clock.now += 10 * EXPIRY
    assert anonymous.reap() == 0 and [m.match_id for m in anonymous.live()] == ["m-old"]


def test_ending_ghosts_keeps_the_finished_list_bounded(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    gateway = _gateway(feeds, redis_url, clock, prefix, "gw-a")
    for k in range(4):
        publish(gateway, f"m-{k}", recorded_match(GAME, 3, seed=k), upto=2)
    gateway.flush()
    reader = _feed(feeds, redis_url, clock, prefix, keep=2)
    clock.now += EXPIRY + 1
    assert reader.reap() == 4
    assert len(reader.finished()) == 2 and reader.live() == []


def test_a_heartbeat_must_be_shorter_than_its_expiry(
    feeds: list[RedisFeed], redis_url: str, clock: Clock, prefix: str,
) -> None:
    feed = _feed(feeds, redis_url, clock, prefix)
    with pytest.raises(ValueError, match="shorter than its expiry"):
        feed.announce("gw-a", 30.0, 30.0)
    with pytest.raises(ValueError, match="shorter than its expiry"):
        feed.announce("gw-a", 0.0, 30.0)
