"""Reading a bot's rating history through the ladder store.

The store keeps a bounded rating history per bot and game (``rating_history``: the
rating after each match, with its match id and time); ``last_rated`` reads many bots'
newest points at once, for the ladder's "last active" column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from services.ladder.store import LadderStore


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    """A bot's rating right after one match; ``at`` is a Unix time, or None if unknown."""

    match_id: str
    rating: float
    at: float | None

    def to_json(self) -> dict[str, Any]:
        return {"match_id": self.match_id, "rating": self.rating, "at": self.at}


def rating_history(store: LadderStore, game: str, name: str, limit: int) -> list[HistoryPoint]:
    """The newest ``limit`` points of the bot's history in ``game``, oldest first."""
    return [HistoryPoint(p.match_id, p.rating, p.at)
            for p in store.rating_history(game, name, limit)]


def last_active(store: LadderStore, game: str, names: Sequence[str]) -> dict[str, float | None]:
    """When each bot's latest rated match in ``game`` was applied (None if unknown)."""
    return {name: point.at for name, point in store.last_rated(game, names).items()}
