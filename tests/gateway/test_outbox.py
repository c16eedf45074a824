"""A match that ends while Redis is down is rated once Redis is back, exactly once."""

from __future__ import annotations

import secrets
import time

from arena.v1 import arena_pb2

from services.gateway.config import GatewayConfig
from services.gateway.server import Gateway, GatewayThread
from services.ladder.store import open_store
from services.metrics import ArenaMetrics
from tests.gateway.botkit import TestBot, hello_frame
from tests.gateway.conftest import GAME


def test_a_result_written_during_a_redis_outage_lands_once_after_restart(
    ray_local: None, redis_server, tmp_path
) -> None:
    store = open_store(redis_server.url, key_prefix=f"test-outbox-{secrets.token_hex(4)}")
    token = store.register_bot("patient")
    config = GatewayConfig(game=GAME, players=3, fill="random", move_timeout=5.0,
                           max_strikes=3, gather_seconds=0.1, replays=tmp_path, seed=3)
    gateway = Gateway(config, store, ArenaMetrics())
    thread = GatewayThread(gateway)
    port = thread.start("127.0.0.1", 0)
    try:
        def stop_redis_then_play(_request, n):
            if n == 0:
                redis_server.stop()
            return 0

        transcript = TestBot(f"127.0.0.1:{port}", hello_frame(token), stop_redis_then_play)
        transcript = transcript.start().join()
        (end,) = transcript.of("match_end")
        assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED
        assert not end.rated
        assert len(gateway.outbox) == 1

        redis_server.start()
        deadline = time.monotonic() + 60
        while len(gateway.outbox) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(gateway.outbox) == 0

        applied = [m for m in store.applied_matches(GAME) if m.match_id == end.match_id]
        assert len(applied) == 1
        assert list(applied[0].ranks) == [r.rank for r in end.results]
        stats = store.bot_stats(GAME, "patient")
        assert stats is not None and stats.games == 1
    finally:
        thread.stop()
        store.close()
