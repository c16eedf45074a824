"""Connection floods against a real ``arena serve``: idle HTTP/2 connections, half
prefaces, and one address holding many connections. A legitimate bot still plays,
refusals are counted, and the gateway's descriptors return to their baseline."""

from __future__ import annotations

import asyncio
import time

import grpc
from arena.v1 import arena_pb2

from tests.faults.harness import BotRun, ServedGateway, connection, play_bot, until
from tests.faults.rawh2 import close_all, half_prefaces, open_idle, raise_open_files

IDLE_TIMEOUT = 3.0
# Long enough for the flood to be open all at once on a loaded machine.
FLOOD_IDLE_TIMEOUT = 8.0


async def play_one_match(gateway: ServedGateway, token: str, seconds: float) -> float:
    """Connect and play one match, reconnecting while the gateway refuses the
    connection; return the seconds it took from the first attempt."""
    started = time.monotonic()
    while True:
        channel = connection(gateway.address)
        try:
            run = await play_bot(channel, token, max_matches=1)
        finally:
            await channel.close()
        if run.match_ends:
            assert run.status == grpc.StatusCode.OK, run
            return time.monotonic() - started
        assert run.status == grpc.StatusCode.UNAVAILABLE, run
        assert time.monotonic() - started < seconds, f"no match within {seconds} s: {run}"
        await asyncio.sleep(0.1)


def warmed_up_fds(gateway: ServedGateway, token: str) -> int:
    """The gateway's descriptors after one match (its store connections, replay
    directory and host worker are open by then)."""
    took = asyncio.run(play_one_match(gateway, token, 60))
    print(f"warm-up match: {took:.1f} s")
    time.sleep(0.5)
    return gateway.fds()


def test_idle_connections_and_half_prefaces_do_not_lock_bots_out(arena) -> None:
    raise_open_files(8192)
    gateway = arena.serve("--host-workers", "0", "--max-connections", "1000", "--idle-timeout",
                          str(FLOOD_IDLE_TIMEOUT), "--handshake-timeout", "1")
    token = arena.store.register_bot("legit")
    baseline_fds = warmed_up_fds(gateway, token)

    async def case() -> tuple[float, float, int]:
        started = time.monotonic()
        idle = await open_idle(gateway.port, 1100)
        opening = time.monotonic() - started
        half = await half_prefaces(gateway.port, 200)
        try:
            took = await play_one_match(gateway, token, FLOOD_IDLE_TIMEOUT + 2)
        finally:
            close_all(half)
            # The idle ones stay open (answering pings) until the gateway closes them.
            await asyncio.wait_for(asyncio.gather(*(c.closed.wait() for c in idle)),
                                   FLOOD_IDLE_TIMEOUT + 10)
        return took, opening, len(idle)

    took, opening, opened = asyncio.run(case())
    print(f"flood opened in {opening:.1f} s; the bot played in {took:.1f} s")
    assert took < FLOOD_IDLE_TIMEOUT + 2
    assert opened == 1100  # within gRPC's hard bound (1100): all accepted, then trimmed
    refused = gateway.metric("arena_refused_connections_total{reason=max_connections}")
    if opening < FLOOD_IDLE_TIMEOUT - 1:  # all 1,100 were open at once: 100 too many
        assert refused >= 100, (opening, refused)
    else:  # a machine too loaded to open them in time still went past the cap
        assert refused > 0, (opening, refused)
    until(lambda: gateway.metric("arena_connections") == 0, 10, "no open connection",
          lambda: gateway.metric("arena_connections"))
    until(lambda: gateway.fds() <= baseline_fds, 10, "the gateway's descriptors at baseline",
          gateway.fds)


def test_one_address_holds_at_most_its_share(arena) -> None:
    gateway = arena.serve("--host-workers", "0", "--max-connections-per-address", "5",
                          "--idle-timeout", str(IDLE_TIMEOUT))
    token = arena.store.register_bot("neighbour")
    baseline_fds = warmed_up_fds(gateway, token)

    async def case() -> None:
        idle = await open_idle(gateway.port, 8)
        await asyncio.to_thread(
            until, lambda: gateway.metric("arena_connections") == 5, 5,
            "five connections left", gateway.metrics)
        assert sum(c.closed.is_set() for c in idle) == 3
        assert gateway.metric("arena_refused_connections_total{reason=per_address}") == 3
        # A bot from the same address: its connection carries a stream, so an idle one
        # makes way for it (the bot takes its time so the gateway looks meanwhile).
        channel = connection(gateway.address)
        bot = asyncio.create_task(play_bot(channel, token, max_matches=1, pause=0.1))
        await asyncio.to_thread(
            until, lambda: gateway.metric(
                "arena_refused_connections_total{reason=per_address}") == 4,
            10, "an idle connection closed for the bot's", gateway.metrics)
        run = await bot
        await channel.close()
        assert run.status == grpc.StatusCode.OK and len(run.match_ends) == 1, run
        await asyncio.wait_for(asyncio.gather(*(c.closed.wait() for c in idle)),
                               IDLE_TIMEOUT + 10)

    asyncio.run(case())
    until(lambda: gateway.fds() <= baseline_fds, 10, "the gateway's descriptors at baseline",
          gateway.fds)


def test_an_aged_connection_ends_between_matches_and_no_match_is_cut(arena) -> None:
    # Matches outlast the age (the bot takes its time), the grace covers them.
    gateway = arena.serve("--host-workers", "0", "--max-connection-age", "2",
                          "--max-connection-age-grace", "60")
    token = arena.store.register_bot("veteran")

    async def case() -> BotRun:
        channel = connection(gateway.address)
        try:
            return await play_bot(channel, token, max_matches=0, pause=0.05)
        finally:
            await channel.close()

    started = time.monotonic()
    run = asyncio.run(case())
    print(f"{len(run.match_ends)} matches, {run.kinds.count('decision_request')} decisions "
          f"in {time.monotonic() - started:.1f} s")
    assert run.status == grpc.StatusCode.UNAVAILABLE, run
    assert "maximum age (2 s); reconnect" in run.details
    assert run.kinds[-1] == "match_end" and "error" not in run.kinds, run.kinds
    assert run.match_ends and all(
        end.reason == arena_pb2.MATCH_END_REASON_COMPLETED for end in run.match_ends)
    assert gateway.metric("arena_matches_total{game=monster-my-neighbor,status=aborted}") == 0
