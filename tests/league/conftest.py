"""League fixtures: a fresh key prefix on the session Redis, and a private node cache."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ladder.conftest import delete_prefix, unique_prefix


@pytest.fixture
def key_prefix(redis_url: str) -> Iterator[str]:
    prefix = unique_prefix()
    yield prefix
    delete_prefix(redis_url, prefix)


@pytest.fixture
def node_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """XDG_CACHE_HOME of this test: where submitted bots are unpacked on this node."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    return cache
