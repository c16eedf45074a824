"""Opening the feed that a set of command-line options names."""

from __future__ import annotations

from services.spectate.feed import MatchFeed


def open_feed(redis_url: str | None, key_prefix: str = "arena") -> MatchFeed:
    """A Redis feed beside the Redis ladder, or an in-process one without Redis."""
    if redis_url is None:
        from services.spectate.memory_feed import MemoryFeed

        return MemoryFeed()
    from services.spectate.redis_feed import RedisFeed

    return RedisFeed(redis_url, key_prefix=key_prefix)
