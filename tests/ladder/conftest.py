"""Ladder fixtures: every contract test runs against the memory and the Redis store."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
import redis

from services.ladder.factory import open_store
from services.ladder.store import LadderStore


def unique_prefix() -> str:
    return f"test-ladder-{uuid.uuid4().hex}"


def delete_prefix(url: str, prefix: str) -> None:
    client = redis.Redis.from_url(url)
    try:
        keys = list(client.scan_iter(match=f"{{{prefix}:*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def key_prefix(redis_url: str) -> Iterator[str]:
    """A fresh key prefix on the session Redis, deleted afterwards."""
    prefix = unique_prefix()
    yield prefix
    delete_prefix(redis_url, prefix)


@pytest.fixture(params=["memory", "redis"])
def store_url(request: pytest.FixtureRequest) -> Iterator[tuple[str | None, str]]:
    """(URL, key prefix) of an empty store of each kind; URL None means memory."""
    if request.param == "memory":
        yield None, "unused"
        return
    url = request.getfixturevalue("redis_url")
    prefix = unique_prefix()
    yield url, prefix
    delete_prefix(url, prefix)


@pytest.fixture
def store(store_url: tuple[str | None, str]) -> Iterator[LadderStore]:
    url, prefix = store_url
    opened = open_store(url, key_prefix=prefix)
    yield opened
    opened.close()
