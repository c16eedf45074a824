"""The rating history: every rated match appends the bot's new rating, bounded per bot
and game, the same in the memory and the Redis store."""

from __future__ import annotations

import time

import pytest

from services.ladder.factory import open_store
from services.ladder.store import LadderStore

GAME = "monster-my-neighbor"


def test_each_match_appends_the_new_rating_oldest_first(store: LadderStore) -> None:
    started = time.time()
    expected = []
    for k in range(4):
        store.apply_match(GAME, f"h{k}", ["ann", "bob", "ann"], [1 + k % 2, 2 - k % 2, 3])
        stats = store.bot_stats(GAME, "ann")
        assert stats is not None
        expected.append((f"h{k}", stats.rating))
    history = store.rating_history(GAME, "ann")
    assert [(p.match_id, p.rating) for p in history] == expected  # one point per match
    assert all(started - 1 <= p.at <= time.time() + 1 for p in history)
    assert [p.at for p in history] == sorted(p.at for p in history)
    assert [p.match_id for p in store.rating_history(GAME, "ann", limit=2)] == ["h2", "h3"]
    assert store.rating_history(GAME, "nobody") == []
    assert store.rating_history("epic-resort", "ann") == []


def test_a_repeated_match_adds_no_point(store: LadderStore) -> None:
    store.apply_match(GAME, "once", ["ann", "bob"], [1, 2])
    store.apply_match(GAME, "once", ["ann", "bob"], [1, 2])
    assert [p.match_id for p in store.rating_history(GAME, "bob")] == ["once"]


def test_only_the_newest_points_are_kept(store_url: tuple[str | None, str]) -> None:
    url, prefix = store_url
    with open_store(url, key_prefix=prefix, history=3) as store:
        for k in range(5):
            store.apply_match(GAME, f"b{k}", ["ann", "bob"], [1, 2])
        assert [p.match_id for p in store.rating_history(GAME, "ann")] == ["b2", "b3", "b4"]
        assert len(store.rating_history(GAME, "ann", limit=50)) == 3
        with pytest.raises(ValueError):
            store.rating_history(GAME, "ann", limit=0)
    with pytest.raises(ValueError):
        open_store(None, history=0)


def test_a_redis_history_list_is_trimmed_past_its_slack(redis_url: str, key_prefix: str) -> None:
    """Redis keeps each history list at most history_trim_length(history) long, trims it
    back to the newest ``history`` points past that, and readers never see the slack."""
    import redis

    from services.ladder.redis_format import GameKeys, history_trim_length

    history = 8
    longest = history_trim_length(history)
    assert history < longest <= history + history // 4 + 1
    key = GameKeys.of(key_prefix, GAME).history("ann")
    lengths = []
    with open_store(redis_url, key_prefix=key_prefix, history=history) as store, \
            redis.Redis.from_url(redis_url) as client:
        for k in range(2 * longest):
            store.apply_match(GAME, f"t{k}", ["ann", "bob"], [1, 2])
            lengths.append(client.llen(key))
            kept = [p.match_id for p in store.rating_history(GAME, "ann", limit=100)]
            assert kept == [f"t{i}" for i in range(max(0, k + 1 - history), k + 1)]
    assert max(lengths) == longest
    # Filled up to the bound, then trimmed back to ``history`` and filled again.
    assert lengths[: longest] == list(range(1, longest + 1))
    assert lengths[longest] == history
    assert lengths[longest + 1] == history + 1
