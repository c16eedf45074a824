"""Ladder rows for the web, rebuilt only when the ladder moves.

Building a game's rows reads every bot's rating and tallies and each one's latest
rating point (two Redis round trips at any size) and sorts them; encoding them as JSON
costs about as much again. Both are kept per game with the store's
:meth:`~services.ladder.store.LadderStore.ladder_version` (the count of applied
matches) and reused until that number changes, so a page view of an unchanged ladder
costs one ``HLEN``. The version is read before the rows: a match applied while they are
built is at worst in the rows early, never missing from them later.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from services.ladder.store import LadderStore
from services.web.history import last_active


@dataclass(frozen=True)
class BuiltLadder:
    """One game's ladder as the site shows it: rows best first, and their JSON."""

    version: int | None
    rows: list[dict[str, Any]]
    body: bytes
    ranks: dict[str, int] = field(default_factory=dict)


def build_rows(store: LadderStore, game: str) -> list[dict[str, Any]]:
    """``{rank, bot, rating, games, wins, mean_rank, last_active}`` per bot, best first."""
    rows: list[dict[str, Any]] = [
        {"rank": rank, "bot": entry.name, "rating": entry.rating, "games": entry.games,
         "wins": entry.wins, "mean_rank": round(entry.mean_rank, 3)}
        for rank, entry in enumerate(store.ladder(game), start=1)
    ]
    last = last_active(store, game, [row["bot"] for row in rows])
    for row in rows:
        row["last_active"] = last.get(row["bot"])
    return rows


def encode(value: Any) -> bytes:
    """JSON as Starlette's ``JSONResponse`` writes it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


class LadderCache:
    """The newest :class:`BuiltLadder` of each game (treat its rows as read-only)."""

    def __init__(self, store: LadderStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._built: dict[str, BuiltLadder] = {}

    def get(self, game: str) -> BuiltLadder:
        version = self._store.ladder_version(game)
        with self._lock:
            built = self._built.get(game)
        if built is not None and version is not None and built.version == version:
            return built
        rows = build_rows(self._store, game)
        built = BuiltLadder(version, rows, encode(rows),
                            {row["bot"]: row["rank"] for row in rows})
        if version is not None:
            with self._lock:
                self._built[game] = built
        return built
