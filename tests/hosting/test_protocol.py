"""One host protocol, every way of hosting: the same calls give the same requests and
the same game whether the match is hosted in the gateway's loop, in a host worker
process, or behind the spectator wrapper, and the same as a bare MatchHost."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from engine.core import GameConfig
from services.hosting.in_loop import InLoopHosts, LocalHost
from services.hosting.match_host import MatchHost
from services.hosting.pool import HostPool
from services.hosting.protocol import HostFailed, HostHandle, HostStep, Op
from services.spectate.memory_feed import MemoryFeed
from services.spectate.publish import PublishingHost

GAME = "monster-my-neighbor"
REMOTE = [True, False, True, False]
LABELS = ["a", "builtin:random", "b", "builtin:random"]
SEED = 19


def _args() -> tuple[Any, ...]:
    return (GAME, GameConfig(4, {}).to_json(), SEED, REMOTE, LABELS, "random")


Call = Callable[..., Awaitable[HostStep]]


async def _script(start: Call, submit: Call, substitute: Call, forfeit: Call,
                  resume: Call) -> tuple[list[tuple[Any, ...]], dict[str, Any]]:
    """Play the match to its end with every call of the protocol: answers by a fixed
    rule, an illegal index (3rd answer), substitutions (every 5th) and a forfeit (seat
    2 at the 7th answer); paused steps are resumed. Returns every request, in order,
    and the replay."""

    async def settled(step: HostStep) -> HostStep:
        while step.paused:
            step = await resume()
        return step

    step = await settled(await start())
    to_forfeit = {2}
    asked: list[tuple[Any, ...]] = []
    pending: dict[int, Any] = {}
    answers = 0
    while True:
        for request in step.requests:
            pending[request.seat] = request
            asked.append(tuple(request))
        if step.over:
            assert step.replay is not None
            return asked, dict(step.replay)
        seat = min(pending)
        request = pending.pop(seat)
        answers += 1
        if seat in to_forfeit and answers >= 7:
            to_forfeit.discard(seat)
            step = await forfeit(seat)
        elif answers == 3:
            step = await submit(seat, request.option_count)  # not an option: substituted
            assert step.substituted is not None
        elif answers % 5 == 0:
            step = await substitute(seat)
        else:
            step = await submit(seat, (answers * 7) % request.option_count)
        step = await settled(step)


async def _through(handle: HostHandle) -> tuple[list[tuple[Any, ...]], dict[str, Any]]:
    try:
        return await _script(handle.start, handle.submit, handle.substitute, handle.forfeit,
                             handle.resume)
    finally:
        handle.close()


async def _bare() -> tuple[list[tuple[Any, ...]], dict[str, Any]]:
    host = MatchHost(*_args())

    def lift(method: Callable[..., HostStep]) -> Call:
        async def call(*args: int) -> HostStep:
            return method(*args)
        return call

    return await _script(lift(host.start), lift(host.submit), lift(host.substitute),
                         lift(host.forfeit), lift(host.resume))


def test_every_way_of_hosting_plays_the_same_match() -> None:
    async def run() -> None:
        reference = await _bare()
        asked, replay = reference
        assert len(asked) > 10 and replay["choices"]
        feed = MemoryFeed()
        in_loop = await _through(InLoopHosts().host(*_args()))
        published = await _through(PublishingHost(
            LocalHost(*_args()), feed, "m-1", GAME, GameConfig(4, {}), SEED, LABELS))
        pool = HostPool(1, timeout=30.0)
        await pool.open()
        try:
            in_worker = await _through(pool.host(*_args()))
        finally:
            await pool.close()
        assert in_loop == reference
        assert published == reference
        assert in_worker == reference
        assert feed.choices("m-1") == [tuple(c) for c in replay["choices"]]

    asyncio.run(asyncio.wait_for(run(), timeout=300))


def test_a_call_the_protocol_does_not_have_is_refused() -> None:
    host = MatchHost(*_args())
    host.start()
    for op in (Op.START, Op.PING, Op.CLOSE, "deal"):
        with pytest.raises(ValueError, match="not a call on a started match"):
            host.perform(op, ())

    async def run() -> None:
        handle = LocalHost(*_args())
        with pytest.raises(HostFailed, match="not started"):
            await handle.call(Op.RESUME, ())
        await handle.start()
        with pytest.raises(HostFailed, match="not a call on a started match"):
            await handle.call(Op.PING, ())

    asyncio.run(run())
