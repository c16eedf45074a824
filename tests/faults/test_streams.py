"""Streams against a real ``arena serve``: a thousand at once, all cancelled; five
thousand connect-and-cancel cycles; one token opening twenty streams; a bot process
killed mid-match (its connection reset)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import subprocess
import sys

import grpc
from arena.v1 import arena_pb2

from tests.faults.harness import PLAY, ServedGateway, connection, hello, play_bot, until


def _one_record_per_finished_match(gateway: ServedGateway, records: list[str]) -> None:
    finished = sum(gateway.metric(f"arena_matches_total{{game=monster-my-neighbor,status={s}}}")
                   for s in ("completed", "forfeit"))
    assert len(records) == len(set(records)) == finished


def test_a_thousand_concurrent_streams_then_all_cancelled(arena) -> None:
    gateway = arena.serve("--max-matches-per-bot", "1")
    tokens = [arena.store.register_bot(f"crowd{i}") for i in range(20)]

    async def case() -> list:
        channels = [connection(gateway.address) for _ in range(25)]
        bots = [asyncio.create_task(play_bot(channels[i % 25], tokens[i % 20], 0))
                for i in range(1000)]
        await asyncio.to_thread(until, lambda: gateway.metric("arena_connected_bots") == 1000,
                                120, "a thousand connected bots")
        await asyncio.sleep(1.0)  # some of them are in matches now
        for bot in bots:
            bot.cancel()
        runs = await asyncio.gather(*bots)
        for channel in channels:
            await channel.close()
        return runs

    warm_up = asyncio.run(case())  # the first thousand sets the allocator's high-water mark
    baseline = gateway.baseline()
    runs = asyncio.run(case())
    assert {run.status for run in warm_up + runs} == {grpc.StatusCode.CANCELLED}
    started = {m for run in warm_up + runs for m in run.match_starts}
    assert started, "no match started while the streams were open"
    gateway.back_to(baseline)
    records = arena.records()
    # Every match a bot saw start was played to its end by the fill bot and rated, once
    # (some more started that their cancelled bots never read about).
    assert started <= set(records)
    _one_record_per_finished_match(gateway, records)


def test_five_thousand_connect_and_cancel_cycles(arena) -> None:
    # --min-bots 2 with one bot name: nobody is ever seated, so only streams come and go.
    gateway = arena.serve("--min-bots", "2")
    token = arena.store.register_bot("flicker")
    cycles = itertools.count()

    async def cycles_of(count: int) -> list[grpc.StatusCode]:
        channels = [connection(gateway.address) for _ in range(10)]
        limit = asyncio.Semaphore(50)

        async def cycle(number: int) -> grpc.StatusCode:
            async with limit:
                call = channels[number % 10].stream_stream(PLAY)()
                if number % 3:
                    await call.write(hello(token, 0))
                if number % 3 == 2:
                    welcome = arena_pb2.PlayResponse.FromString(await call.read())
                    assert welcome.WhichOneof("message") == "welcome"
                call.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await call.read()
                return await call.code()

        codes = await asyncio.gather(*(cycle(next(cycles)) for _ in range(count)))
        for channel in channels:
            await channel.close()
        return codes

    asyncio.run(cycles_of(500))  # warm up the allocator
    baseline = gateway.baseline()
    codes = asyncio.run(cycles_of(5000))
    assert set(codes) == {grpc.StatusCode.CANCELLED}
    gateway.back_to(baseline)
    assert arena.records() == []
    assert gateway.metric("arena_connected_bots") == 0


def test_one_token_opening_twenty_streams_plays_one_match_at_a_time(arena) -> None:
    gateway = arena.serve("--max-matches-per-bot", "1")
    token = arena.store.register_bot("hydra")
    baseline = gateway.baseline()

    async def case() -> list:
        async with connection(gateway.address) as channel:
            return await asyncio.gather(*(play_bot(channel, token, 1) for _ in range(20)))

    runs = asyncio.run(case())
    assert {run.status for run in runs} == {grpc.StatusCode.OK}
    spans = []
    for run in runs:
        (end,) = run.match_ends
        assert end.reason == arena_pb2.MATCH_END_REASON_COMPLETED and end.rated
        spans.append((run.times[run.kinds.index("match_start")],
                      run.times[run.kinds.index("match_end")]))
    spans.sort()
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans)), "two matches overlapped"
    gateway.back_to(baseline)
    records = arena.records()
    assert sorted(records) == sorted(run.match_ends[0].match_id for run in runs)
    _one_record_per_finished_match(gateway, records)


def test_a_bot_process_killed_mid_match_resets_its_connection_and_is_forgotten(arena) -> None:
    gateway = arena.serve()
    token = arena.store.register_bot("crasher")
    baseline = gateway.baseline()
    bot = subprocess.Popen(
        [sys.executable, "-m", "services.cli.main", "bot", "--server", gateway.address,
         "--token", token, "--think", "0.05"],
        stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert bot.stdout is not None
        for line in bot.stdout:
            if line.startswith("match ") and ": seat " in line:
                break
        until(lambda: gateway.metric("arena_active_matches") == 1, 30, "the bot's match")
    finally:
        bot.kill()  # no goodbye: the kernel resets the connection
        bot.wait()
    gateway.back_to(baseline)
    forfeited = gateway.metric("arena_matches_total{game=monster-my-neighbor,status=forfeit}")
    assert forfeited == 1  # the fill bot finished the match, which was rated once
    _one_record_per_finished_match(gateway, arena.records())
