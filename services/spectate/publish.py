"""The gateway's hook into the feed: a match host whose every step is published.

``host = watched(feed, match_id, host, game, config, seed, labels)`` is the one line a
match runner needs: the wrapper publishes the start, the choices each step applied
(:attr:`HostStep.choices`) and the end (the replay, or an abort when the host is closed
before the game ended). A feed error is logged, never raised into the match.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from engine.core import GameConfig, Replay
from services.hosting.protocol import HostHandle, HostStep, Op
from services.spectate.feed import MatchFeed

log = logging.getLogger(__name__)


class PublishingHost(HostHandle):
    """Wraps a gateway match host: every call goes to it, and what it changed is published."""

    def __init__(
        self,
        host: HostHandle,
        feed: MatchFeed,
        match_id: str,
        game: str,
        config: GameConfig,
        seed: int,
        labels: Sequence[str],
    ) -> None:
        self._host = host
        self._feed = feed
        self._match_id = match_id
        self._start_args = (game, config, seed, tuple(labels))
        self._published = 0
        self._ended = False

    def _safely(self, publish: Callable[[], None]) -> None:
        try:
            publish()
        except Exception:
            log.exception("spectator feed of match %s failed", self._match_id)

    def _seen(self, step: HostStep) -> HostStep:
        if step.choices:
            offset, self._published = self._published, self._published + len(step.choices)
            self._safely(lambda: self._feed.advanced(self._match_id, offset, step.choices))
        if step.over and not self._ended:
            self._ended = True
            replay = Replay.from_json(dict(step.replay)) if step.replay is not None else None
            self._safely(lambda: self._feed.ended(self._match_id, replay))
        return step

    async def start(self) -> HostStep:
        self._safely(lambda: self._feed.started(self._match_id, *self._start_args))
        return self._seen(await self._host.start())

    async def call(self, op: Op, args: tuple[int, ...]) -> HostStep:
        return self._seen(await self._host.call(op, args))

    def close(self) -> None:
        try:
            self._host.close()
        finally:
            if not self._ended:
                self._ended = True
                self._safely(lambda: self._feed.ended(self._match_id, None))


def watched(
    feed: MatchFeed | None,
    match_id: str,
    host: HostHandle,
    game: str,
    config: GameConfig,
    seed: int,
    labels: Sequence[str],
) -> HostHandle:
    """``host``, published to ``feed`` (unchanged when there is no feed)."""
    if feed is None:
        return host
    return PublishingHost(host, feed, match_id, game, config, seed, labels)
