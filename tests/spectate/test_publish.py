"""The gateway's hook: a real match host, wrapped, publishes exactly what was played."""

from __future__ import annotations

import asyncio
from typing import Any

from engine.core import GameConfig, Replay, get_game
from services.hosting.in_loop import LocalHost
from services.hosting.protocol import HostStep
from services.spectate.feed import ABORTED, COMPLETED, MatchFeed
from services.spectate.memory_feed import MemoryFeed
from services.spectate.publish import PublishingHost, watched

GAME = "monster-my-neighbor"
LABELS = ("remote", "builtin:random", "builtin:random", "builtin:random")


def host_args(seed: int) -> tuple[Any, ...]:
    config = GameConfig(4, dict(get_game(GAME).default_options))
    return (GAME, config.to_json(), seed, [True, False, False, False], LABELS, "random")


def wrapped(feed: MatchFeed, match_id: str, seed: int) -> PublishingHost:
    args = host_args(seed)
    return PublishingHost(LocalHost(*args), feed, match_id, GAME,
                          GameConfig.from_json(args[1]), seed, LABELS)


async def play(host: Any, stop_after: int | None = None) -> HostStep:
    step = await host.start()
    answered = 0
    while not step.over:
        if stop_after is not None and answered == stop_after:
            break
        if step.paused:  # the in-loop host spent its budget of built-in play (a busy machine)
            step = await host.resume()
            continue
        (request,) = step.requests
        step = await host.submit(request.seat, answered % request.option_count)
        answered += 1
    return step


def test_every_choice_and_the_replay_reach_the_feed() -> None:
    feed = MemoryFeed()
    host = wrapped(feed, "pub-1", seed=3)
    step = asyncio.run(play(host))
    host.close()
    replay = Replay.from_json(dict(step.replay))  # type: ignore[arg-type]
    match = feed.match("pub-1")
    assert match is not None and match.status == COMPLETED and not match.interrupted
    assert feed.choices("pub-1") == list(replay.choices)
    assert feed.replay("pub-1") == replay and match.labels == LABELS


def test_choices_are_published_as_the_match_goes() -> None:
    feed = MemoryFeed()
    host = wrapped(feed, "pub-2", seed=4)

    async def partly() -> None:
        await play(host, stop_after=3)
        assert feed.match("pub-2").status == "live"  # type: ignore[union-attr]
        assert len(feed.choices("pub-2")) > 3  # the built-in seats' choices too

    asyncio.run(partly())
    host.close()
    match = feed.match("pub-2")
    assert match is not None and match.status == ABORTED  # closed before the end


def test_a_failing_feed_never_breaks_the_match() -> None:
    class Broken(MemoryFeed):
        def advanced(self, *args: Any) -> None:
            raise RuntimeError("feed down")

    feed = Broken()
    host = wrapped(feed, "pub-3", seed=5)
    step = asyncio.run(play(host))
    host.close()
    assert step.over and feed.match("pub-3").status == COMPLETED  # type: ignore[union-attr]


def test_without_a_feed_the_host_is_left_as_it_is() -> None:
    host = LocalHost(*host_args(6))
    assert watched(None, "x", host, GAME, GameConfig(4), 6, LABELS) is host
