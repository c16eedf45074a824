"""The front proxy of deploy/nginx/ in front of a real ``arena serve``: bots play through
it (TLS, long streams, error statuses, deadlines), and an HTTP/2 CONTINUATION flood
aimed at it leaves the gateway's memory alone."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from tests.faults.harness import PLAY, BotRun, ServedGateway, play_bot
from tests.faults.proxy import FrontProxy
from tests.faults.rawh2 import continuation_flood
from tests.gateway.certs import Pki, make_pki

pytestmark = pytest.mark.skipif(not FrontProxy.available(), reason="needs nginx")

ROUNDS, CONNECTIONS, FRAMES = 3, 20, 320  # 5 MB of CONTINUATION frames per connection
GATEWAY_GROWTH_MB = 15.0


@pytest.fixture
def pki(tmp_path: Path) -> Pki:
    (tmp_path / "tls").mkdir()
    return make_pki(tmp_path / "tls")  # server.pem and server.key, as the proxy wants


@pytest.fixture
def served(arena, pki: Pki, tmp_path: Path) -> Iterator[tuple[ServedGateway, FrontProxy]]:
    gateway = arena.serve("--host-workers", "0")
    proxy = FrontProxy(tmp_path / "nginx", gateway.port, tmp_path / "tls").start()
    yield gateway, proxy
    proxy.stop()


def through(proxy: FrontProxy, pki: Pki) -> grpc.aio.Channel:
    credentials = grpc.ssl_channel_credentials(root_certificates=pki.ca.read_bytes())
    return grpc.aio.secure_channel(f"127.0.0.1:{proxy.port}", credentials,
                                   options=[("grpc.use_local_subchannel_pool", 1)])


async def play_through(proxy: FrontProxy, pki: Pki, token: str, matches: int = 1) -> BotRun:
    channel = through(proxy, pki)
    try:
        return await play_bot(channel, token, max_matches=matches)
    finally:
        await channel.close()


def test_bots_play_through_the_proxy_with_statuses_and_deadlines_intact(
    arena, served, pki: Pki,
) -> None:
    gateway, proxy = served
    token = arena.store.register_bot("proxied")

    async def case() -> tuple[BotRun, BotRun, grpc.StatusCode]:
        played = await play_through(proxy, pki, token, matches=2)
        refused = await play_through(proxy, pki, "not-a-token")
        channel = through(proxy, pki)
        try:  # a stream that never says Hello, with a 1 s deadline of its own
            call = channel.stream_stream(PLAY)(timeout=1.0)
            with pytest.raises(grpc.aio.AioRpcError) as raised:
                await call.read()
        finally:
            await channel.close()
        return played, refused, raised.value.code()

    played, refused, deadline = asyncio.run(case())
    assert played.status == grpc.StatusCode.OK and len(played.match_ends) == 2, played
    assert "error" not in played.kinds
    # The gateway's trailers (status and message) come through unchanged.
    assert refused.status == grpc.StatusCode.UNAUTHENTICATED, refused
    assert refused.details == "unknown bot token"
    assert deadline == grpc.StatusCode.DEADLINE_EXCEEDED
    assert gateway.metric("arena_matches_total{game=monster-my-neighbor,status=completed}") == 2


def test_a_continuation_flood_on_the_proxy_leaves_the_gateway_unharmed(
    arena, served, pki: Pki,
) -> None:
    gateway, proxy = served
    token = arena.store.register_bot("bystander")
    warm = asyncio.run(play_through(proxy, pki, token))
    assert warm.match_ends, warm
    before, proxy_before = gateway.rss_mb(), proxy.rss_mb()

    async def flood_and_play() -> tuple[int, BotRun]:
        sent = 0
        for _ in range(ROUNDS - 1):
            sent += await continuation_flood(proxy.port, CONNECTIONS, FRAMES, ca=pki.ca)
        last, run = await asyncio.gather(
            continuation_flood(proxy.port, CONNECTIONS, FRAMES, ca=pki.ca),
            play_through(proxy, pki, token))
        return sent + last, run

    sent, run = asyncio.run(flood_and_play())
    grown = gateway.rss_mb() - before
    print(f"flood: {sent / 1e6:.1f} MB accepted by the proxy; gateway RSS "
          f"{before:.0f} -> {before + grown:.0f} MB; nginx {proxy_before:.0f} -> "
          f"{proxy.rss_mb():.0f} MB")
    assert run.status == grpc.StatusCode.OK and len(run.match_ends) == 1, run
    assert grown < GATEWAY_GROWTH_MB, f"the gateway grew by {grown:.1f} MB"
    assert proxy.process is not None and proxy.process.poll() is None
    # Nothing of the flood reached the gateway as a stream.
    assert gateway.metric("arena_streams") == 0
