"""A web front end on a free loopback port, reading a real Redis (fresh key prefix)."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from services.ladder.factory import open_store
from services.ladder.store import LadderStore
from services.spectate.redis_feed import RedisFeed
from services.web.app import create_app
from services.web.queries import WebData
from services.web.server import WebServer


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def fetch(url: str, method: str = "GET", accept: str | None = None) -> Reply:
    request = urllib.request.Request(url, method=method)
    if accept:
        request.add_header("Accept", accept)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Reply(response.status, dict(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, dict(error.headers), error.read())


@dataclass
class Site:
    base: str
    store: LadderStore
    feed: RedisFeed
    replays: Path

    def get(self, path: str, **kwargs: Any) -> Reply:
        self.feed.flush()
        return fetch(self.base + path, **kwargs)


@pytest.fixture
def site(redis_url: str, tmp_path: Path) -> Iterator[Site]:
    prefix = f"test-web-{secrets.token_hex(6)}"
    store = open_store(redis_url, key_prefix=prefix)
    feed = RedisFeed(redis_url, key_prefix=prefix, keep_finished=50)
    replays = tmp_path / "replays"
    replays.mkdir()
    server = WebServer(create_app(WebData(store, feed, replays)))
    port = server.start()
    yield Site(f"http://127.0.0.1:{port}", store, feed, replays)
    server.stop()
    feed.close()
    store.close()
