"""Opening a ladder store: :func:`open_store` picks the implementation of the contract
(:mod:`services.ladder.store`) for a URL. It sits above both implementations, so the
contract never imports them."""

from __future__ import annotations

from services.ladder.elo import DEFAULT_K
from services.ladder.memory_store import MemoryStore
from services.ladder.redis_store import RedisStore
from services.ladder.store import DEFAULT_HISTORY, LadderStore


def open_store(
    url: str | None,
    *,
    key_prefix: str = "arena",
    k: float = DEFAULT_K,
    history: int = DEFAULT_HISTORY,
    timeout: float | None = None,
) -> LadderStore:
    """A store for ``url``: None gives a fresh in-process memory store, ``redis://`` or
    ``rediss://`` a Redis store whose keys all start with ``key_prefix`` (``timeout``:
    seconds one Redis call may take, connecting included; default 5, connecting 2)."""
    if url is None:
        return MemoryStore(k=k, history=history)
    if url.startswith(("redis://", "rediss://", "unix://")):
        if timeout is None:
            return RedisStore(url, key_prefix=key_prefix, k=k, history=history)
        return RedisStore(url, key_prefix=key_prefix, k=k, history=history,
                          socket_timeout=timeout, connect_timeout=timeout)
    raise ValueError(f"unsupported ladder store URL {url!r}: use redis://HOST:PORT/DB")
