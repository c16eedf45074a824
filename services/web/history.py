"""Reading a bot's rating history through the ladder store.

The store keeps a bounded rating history per bot and game (``rating_history``: the
rating after each match, with its match id and time). A store without that method (an
older ladder) is read through its applied matches instead, which gives the same
ratings but no times. A store that reads many bots' latest points at once
(``last_rated``) is used for the ladder's "last active" column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from services.ladder.elo import INITIAL_RATING, round_rating
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
    read = getattr(store, "rating_history", None)
    if read is not None:
        return [HistoryPoint(p.match_id, p.rating, p.at) for p in read(game, name, limit)]
    rating = INITIAL_RATING
    points = []
    for match in store.applied_matches(game):
        if name in match.deltas:
            rating = round_rating(rating + match.deltas[name])
            points.append(HistoryPoint(match.match_id, rating, None))
    return points[-limit:]


def last_active(store: LadderStore, game: str, names: Sequence[str]) -> dict[str, float | None]:
    """When each bot's latest rated match in ``game`` was applied (None if unknown)."""
    batch = getattr(store, "last_rated", None)
    if batch is not None:
        return {name: point.at for name, point in batch(game, names).items()}
    if not hasattr(store, "rating_history"):
        return {}
    found: dict[str, float | None] = {}
    for name in names:
        points = rating_history(store, game, name, 1)
        found[name] = points[-1].at if points else None
    return found
