"""The in-process match feed: the gateway and the web front end in one process."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.core import GameConfig, Replay
from services.spectate.feed import (
    ABORTED,
    COMPLETED,
    DEFAULT_KEEP_FINISHED,
    FeedMatch,
    MatchFeed,
)


@dataclass(slots=True)
class _Entry:
    match: FeedMatch
    choices: list[tuple[int, int]] = field(default_factory=list)
    replay: Replay | None = None


class MemoryFeed(MatchFeed):
    """Thread-safe dictionaries; the newest ``keep_finished`` finished matches are kept."""

    def __init__(self, keep_finished: int = DEFAULT_KEEP_FINISHED) -> None:
        super().__init__(keep_finished)
        self._lock = threading.Lock()
        self._live: dict[str, _Entry] = {}
        self._finished: OrderedDict[str, _Entry] = OrderedDict()

    def started(
        self, match_id: str, game: str, config: GameConfig, seed: int, labels: Sequence[str]
    ) -> None:
        match = FeedMatch(match_id, game, config, seed, tuple(labels), time.time())
        with self._lock:
            self._live[match_id] = _Entry(match)

    def advanced(self, match_id: str, offset: int, choices: Sequence[tuple[int, int]]) -> None:
        with self._lock:
            entry = self._live.get(match_id)
            if entry is None or entry.match.interrupted:
                return
            if offset != len(entry.choices):
                entry.match = replace(entry.match, interrupted=True)
                return
            entry.choices.extend((int(s), int(i)) for s, i in choices)
            entry.match = replace(entry.match, decisions=len(entry.choices))

    def ended(self, match_id: str, replay: Replay | None) -> None:
        with self._lock:
            entry = self._live.pop(match_id, None)
            if entry is None:
                return
            status = ABORTED if replay is None else COMPLETED
            entry.match = replace(
                entry.match, status=status, ended_at=time.time(),
                result=None if replay is None else replay.result,
                decisions=len(entry.choices) if replay is None else len(replay.choices),
            )
            if replay is not None:
                entry.choices = list(replay.choices)
            entry.replay = replay
            self._finished[match_id] = entry
            while len(self._finished) > self.keep_finished:
                self._finished.popitem(last=False)

    def live(self) -> list[FeedMatch]:
        with self._lock:
            return sorted((e.match for e in self._live.values()), key=lambda m: m.started_at)

    def finished(self, limit: int = 50) -> list[FeedMatch]:
        with self._lock:
            newest = list(reversed(self._finished.values()))[:limit]
            return [e.match for e in newest]

    def _entry(self, match_id: str) -> _Entry | None:
        return self._live.get(match_id) or self._finished.get(match_id)

    def match(self, match_id: str) -> FeedMatch | None:
        with self._lock:
            entry = self._entry(match_id)
            return None if entry is None else entry.match

    def choices(self, match_id: str, start: int = 0) -> list[tuple[int, int]]:
        with self._lock:
            entry = self._entry(match_id)
            return [] if entry is None else entry.choices[start:]

    def replay(self, match_id: str) -> Replay | None:
        with self._lock:
            entry = self._finished.get(match_id)
            return None if entry is None else entry.replay

    def close(self) -> None:
        """Nothing to release."""
