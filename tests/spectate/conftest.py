"""Both feeds under one contract: in-process, and on the session's real Redis."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest

from services.spectate.feed import MatchFeed
from services.spectate.memory_feed import MemoryFeed
from services.spectate.redis_feed import RedisFeed


class FlushingRedisFeed(RedisFeed):
    """Reads wait for queued writes first, so a test reads what it published."""

    def _read(self, operation):  # type: ignore[no-untyped-def]
        self.flush()
        return super()._read(operation)


@pytest.fixture(params=["memory", "redis"])
def any_feed(request: pytest.FixtureRequest) -> Iterator[MatchFeed]:
    if request.param == "memory":
        feed: MatchFeed = MemoryFeed(keep_finished=3)
    else:
        url = request.getfixturevalue("redis_url")
        feed = FlushingRedisFeed(url, key_prefix=f"test-feed-{secrets.token_hex(6)}",
                                 keep_finished=3)
    yield feed
    feed.close()
