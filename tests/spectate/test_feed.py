"""The feed contract, for the in-process and the Redis feed alike."""

from __future__ import annotations

import logging
import secrets
import time

import pytest

from bench.loopback import RedisServer
from services.spectate.feed import ABORTED, COMPLETED, LIVE, FeedUnavailable, MatchFeed
from services.spectate.redis_feed import RedisFeed
from tests.spectate.helpers import publish, publish_rest, recorded_match

GAME = "monster-my-neighbor"


def test_a_match_goes_from_live_to_completed_with_its_replay(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 4, seed=1, labels=["a", "b", "builtin:random", "c"])
    done = publish(any_feed, "m-1", replay, upto=30)
    (live,) = any_feed.live()
    assert (live.match_id, live.status, live.game, live.seed) == ("m-1", LIVE, GAME, 1)
    assert live.labels == ("a", "b", "builtin:random", "c") and live.decisions == 30
    assert live.config == replay.config and not live.interrupted
    assert any_feed.choices("m-1") == list(replay.choices[:30])
    assert any_feed.choices("m-1", 25) == list(replay.choices[25:30])
    assert any_feed.replay("m-1") is None
    publish_rest(any_feed, "m-1", replay, done)
    assert any_feed.live() == []
    (finished,) = any_feed.finished()
    assert finished.status == COMPLETED and finished.result == replay.result
    assert finished.decisions == len(replay.choices) and finished.ended_at is not None
    assert any_feed.replay("m-1") == replay
    assert any_feed.choices("m-1") == list(replay.choices)


def test_summary_carries_no_seed_and_no_choices(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 3, seed=2)
    publish(any_feed, "m-2", replay, upto=10)
    summary = any_feed.match("m-2").summary()  # type: ignore[union-attr]
    assert "seed" not in summary and "choices" not in summary and "decisions" not in summary


def test_an_aborted_match_keeps_no_replay(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 3, seed=3)
    publish(any_feed, "m-3", replay, upto=12)
    any_feed.ended("m-3", None)
    match = any_feed.match("m-3")
    assert match is not None and match.status == ABORTED and match.result is None
    assert match.decisions == 12 and any_feed.replay("m-3") is None


def test_a_gap_or_a_repeat_interrupts_the_live_view(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 3, seed=4)
    any_feed.started("gap", GAME, replay.config, 4, replay.labels)
    any_feed.advanced("gap", 0, replay.choices[:5])
    any_feed.advanced("gap", 7, replay.choices[7:9])  # choices 5 and 6 were lost
    any_feed.started("repeat", GAME, replay.config, 4, replay.labels)
    any_feed.advanced("repeat", 0, replay.choices[:5])
    any_feed.advanced("repeat", 0, replay.choices[:5])  # a retried batch
    for match_id in ("gap", "repeat"):
        match = any_feed.match(match_id)
        assert match is not None and match.interrupted
        assert any_feed.choices(match_id) == list(replay.choices[:5])
    any_feed.ended("gap", replay)
    assert any_feed.replay("gap") == replay  # the replay still arrives


def test_only_the_newest_finished_matches_are_kept(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 3, seed=5)
    for k in range(5):
        publish(any_feed, f"old-{k}", replay)
        time.sleep(0.002)
    assert [m.match_id for m in any_feed.finished()] == ["old-4", "old-3", "old-2"]
    assert any_feed.match("old-0") is None and any_feed.replay("old-1") is None
    assert any_feed.finished(limit=1)[0].match_id == "old-4"


def test_every_live_match_is_listed_oldest_first(any_feed: MatchFeed) -> None:
    replay = recorded_match(GAME, 3, seed=13)
    for k, upto in enumerate((4, 9, 2)):
        publish(any_feed, f"live-{k}", replay, upto=upto)
        time.sleep(0.002)
    live = any_feed.live()
    assert [(m.match_id, m.decisions) for m in live] == [
        ("live-0", 4), ("live-1", 9), ("live-2", 2)]


def test_unknown_matches_read_as_nothing(any_feed: MatchFeed) -> None:
    assert any_feed.match("nope") is None
    assert any_feed.choices("nope") == [] and any_feed.replay("nope") is None


def test_publishing_to_an_unreachable_redis_never_raises(redis_server: RedisServer) -> None:
    feed = RedisFeed(redis_server.url, key_prefix="down", socket_timeout=0.5)
    replay = recorded_match(GAME, 3, seed=6)
    redis_server.stop()
    started = time.monotonic()
    publish(feed, "lost", replay)  # queued: returns at once
    assert time.monotonic() - started < 0.5
    with pytest.raises(FeedUnavailable):
        feed.live()
    redis_server.start()
    publish(feed, f"after-{secrets.token_hex(2)}", replay)
    feed.flush(timeout=30)
    assert [m.status for m in feed.finished()][:1] == [COMPLETED]
    feed.close()


def test_a_write_during_a_short_outage_is_retried_until_redis_is_back(
    redis_server: RedisServer,
) -> None:
    feed = RedisFeed(redis_server.url, key_prefix="outage", socket_timeout=0.5)
    replay = recorded_match(GAME, 3, seed=15)
    redis_server.stop()
    publish(feed, "retried", replay)
    time.sleep(0.5)  # the first tries are refused at once; the back-off spans seconds
    redis_server.start()
    feed.flush(timeout=30)
    assert [m.match_id for m in feed.finished()] == ["retried"]
    assert feed.replay("retried") == replay
    feed.close()


def test_a_full_write_queue_drops_new_writes_and_warns_once(
    redis_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr("services.spectate.redis_feed.MAX_PENDING", 0)
    feed = RedisFeed(redis_url, key_prefix=f"test-full-{secrets.token_hex(4)}")
    replay = recorded_match(GAME, 3, seed=14)
    with caplog.at_level(logging.WARNING, logger="services.spectate.redis_feed"):
        publish(feed, "dropped", replay)
    assert sum("dropping new ones" in r.getMessage() for r in caplog.records) == 1
    feed.flush()
    assert feed.match("dropped") is None and feed.finished() == []
    feed.close()


def test_closing_a_redis_feed_releases_its_connections(redis_server: RedisServer) -> None:
    import redis

    feed = RedisFeed(redis_server.url, key_prefix="closing")
    publish(feed, "m", recorded_match(GAME, 3, seed=16))
    feed.flush()
    assert feed.live() == []  # a read: the feed now holds a connection of its own
    probe = redis.Redis.from_url(redis_server.url)
    assert len(probe.client_list()) >= 2
    feed.close()
    deadline = time.monotonic() + 10
    while len(probe.client_list()) > 1 and time.monotonic() < deadline:
        time.sleep(0.05)  # the server sees a closed socket on its next loop
    assert len(probe.client_list()) == 1  # the probe alone
    probe.close()


def test_live_redis_keys_expire_unless_refreshed(redis_url: str) -> None:
    import redis

    prefix = f"test-ttl-{secrets.token_hex(4)}"
    feed = RedisFeed(redis_url, key_prefix=prefix)
    replay = recorded_match(GAME, 3, seed=7)
    publish(feed, "ttl", replay, upto=5)
    feed.flush()
    client = redis.Redis.from_url(redis_url)
    ttl = client.ttl(f"{{{prefix}:feed}}:match:ttl")
    assert 6 * 3600 - 60 < ttl <= 6 * 3600  # six hours without a new choice (docs/web.md)
    client.delete(f"{{{prefix}:feed}}:match:ttl")  # as if it had expired
    assert feed.live() == []  # a live entry without its record is not shown
    feed.close()
    client.close()
