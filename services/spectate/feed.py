"""The live match feed: what a gateway publishes about its matches, for spectators.

The gateway tells the feed when a match starts (game, config, seed, seat labels), every
choice applied to it (``(seat, index)``, the built-in bots' too) and how it ended (its
replay, or none if it was aborted). A game is a pure function of (config, seed,
choices), so a reader can rebuild the match at any point; what a spectator is shown is
then built by the game's observation gate for the spectator seat
(:mod:`services.spectate.view`). The feed itself holds the seed and every choice: it
is never sent to a spectator as it is.

Publishing never raises into the gateway and never waits on I/O: a failing feed loses
spectator data, never a match. Choices are published with the count already published,
so a gap or a repeat is noticed and the match is marked ``interrupted`` (its live view
stops) rather than shown wrong; its replay still arrives at the end.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import GameConfig, Replay, Result

LIVE = "live"
COMPLETED = "completed"
ABORTED = "aborted"

# Finished matches a feed keeps (their replays too), newest first.
DEFAULT_KEEP_FINISHED = 500


@dataclass(frozen=True, slots=True)
class FeedMatch:
    """What the feed knows of one match. ``decisions`` counts the choices published;
    ``interrupted`` says some were lost, so no live view can be built."""

    match_id: str
    game: str
    config: GameConfig
    seed: int
    labels: tuple[str, ...]
    started_at: float
    status: str = LIVE
    ended_at: float | None = None
    result: Result | None = None
    decisions: int = 0
    interrupted: bool = False

    def summary(self) -> dict[str, Any]:
        """Public facts only (no seed, no choices): safe for any spectator."""
        return {
            "match_id": self.match_id,
            "game": self.game,
            "players": self.config.players,
            "labels": list(self.labels),
            "status": self.status,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "result": None if self.result is None else {
                "scores": list(self.result.scores), "ranks": list(self.result.ranks)
            },
        }


class FeedUnavailable(Exception):
    """The feed's backing server could not be read."""


class MatchFeed(ABC):
    """Publishing (the gateway) and reading (the web front end) of live matches."""

    def __init__(self, keep_finished: int = DEFAULT_KEEP_FINISHED) -> None:
        if keep_finished < 1:
            raise ValueError("a feed keeps at least one finished match")
        self.keep_finished = keep_finished

    # -- publishing: never raises, never blocks on I/O ----------------------------------

    @abstractmethod
    def started(
        self, match_id: str, game: str, config: GameConfig, seed: int, labels: Sequence[str]
    ) -> None:
        """A match began (before its first choice)."""

    @abstractmethod
    def advanced(self, match_id: str, offset: int, choices: Sequence[tuple[int, int]]) -> None:
        """``choices`` were applied; ``offset`` of them had been published before."""

    @abstractmethod
    def ended(self, match_id: str, replay: Replay | None) -> None:
        """The match is over: its replay (with the result), or None if it was aborted."""

    def announce(self, instance: str, heartbeat: float, expiry: float) -> None:  # noqa: B027
        """Publish as gateway ``instance``, with a heartbeat every ``heartbeat`` seconds
        valid ``expiry`` seconds; a shared feed ends the live matches of instances whose
        heartbeat expired. An in-process feed dies with its gateway: nothing to do."""

    # -- reading -------------------------------------------------------------------------

    @abstractmethod
    def live(self) -> list[FeedMatch]:
        """Matches in progress, oldest first."""

    @abstractmethod
    def finished(self, limit: int = 50) -> list[FeedMatch]:
        """The newest finished (or aborted) matches, newest first."""

    @abstractmethod
    def match(self, match_id: str) -> FeedMatch | None:
        """One match, live or kept after it finished; None if unknown."""

    @abstractmethod
    def choices(self, match_id: str, start: int = 0) -> list[tuple[int, int]]:
        """The match's published choices from index ``start`` on."""

    @abstractmethod
    def replay(self, match_id: str) -> Replay | None:
        """The replay of a finished match the feed still keeps."""

    @abstractmethod
    def close(self) -> None:
        """Flush what is pending and release connections."""
