"""Every match a gateway serves reaches the spectator feed: with its matches in a host
worker process (as ``arena serve`` runs them), a completed match is published choice by
choice with the very replay the gateway saved, and a match aborted by a dead worker is
published as aborted. (In-loop hosting is watched by the web tests' served arena.)"""

from __future__ import annotations

import os
import secrets
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from arena.v1 import arena_pb2

from engine.core import Replay
from services.gateway.config import GatewayConfig
from services.gateway.server import Gateway, GatewayThread
from services.ladder.factory import open_store
from services.metrics import ArenaMetrics
from services.spectate.feed import ABORTED, COMPLETED
from services.spectate.memory_feed import MemoryFeed
from tests.gateway.botkit import TestBot, hello_frame

GAME = "monster-my-neighbor"


@pytest.fixture
def served(
    redis_url: str, tmp_path: Path
) -> Iterator[tuple[Gateway, str, MemoryFeed, Path]]:
    store = open_store(redis_url, key_prefix=f"test-feed-gw-{secrets.token_hex(6)}")
    feed = MemoryFeed()
    replays = tmp_path / "replays"
    config = GatewayConfig(game=GAME, players=4, fill="random", move_timeout=10.0,
                           gather_seconds=0.1, replays=replays, seed=5, host_workers=1)
    thread = GatewayThread(Gateway(config, store, ArenaMetrics(), feed=feed))
    port = thread.start("127.0.0.1", 0)
    yield thread.gateway, f"127.0.0.1:{port}", feed, replays
    thread.stop()
    store.close()


def test_every_served_match_reaches_the_feed(
    served: tuple[Gateway, str, MemoryFeed, Path],
) -> None:
    gateway, address, feed, replays = served
    (pid,) = gateway.hosts.pids()

    def policy(_request: arena_pb2.DecisionRequest, n: int) -> int:
        if n == 1:
            os.kill(pid, signal.SIGKILL)  # the first match dies with its worker
        return 0

    token = gateway.store.register_bot("watched")
    transcript = TestBot(address, hello_frame(token, max_matches=3), policy).start().join()
    ends = transcript.of("match_end")
    assert [e.reason for e in ends] == [arena_pb2.MATCH_END_REASON_ABORTED] + [
        arena_pb2.MATCH_END_REASON_COMPLETED] * 2
    aborted = feed.match(ends[0].match_id)
    assert aborted is not None and aborted.status == ABORTED
    assert feed.replay(ends[0].match_id) is None
    for end in ends[1:]:
        match = feed.match(end.match_id)
        saved = Replay.load(replays / f"{end.match_id}.json")
        assert match is not None and match.status == COMPLETED and not match.interrupted
        assert feed.choices(end.match_id) == list(saved.choices)
        assert feed.replay(end.match_id) == saved
    assert {m.match_id for m in feed.finished()} == {e.match_id for e in ends}
    assert feed.live() == []
