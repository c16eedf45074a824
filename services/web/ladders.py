"""Ladder rows for the web, built once and then moved match by match.

Building a game's rows reads every bot's rating and tallies and each one's latest
rating point (two Redis round trips at any size) and sorts them; encoding them as JSON
costs about as much again. Both are kept per game with the store's ladder version (the
count of applied matches). A page view asks the store what moved since that version
(:meth:`~services.ladder.store.LadderStore.ladder_changes`, one round trip): nothing,
and the kept ladder is served; a few matches, and only their participants' rows are
replaced (with their newest rating points), the rows re-sorted and the JSON joined from
each row's kept encoding; more than the store remembers (or a store that cannot tell),
and everything is built again. A rebuild reads the version before the rows: a match
applied meanwhile is at worst in the rows early, and the next update reads its
participants' rows again, so the kept ladder always converges on the store's.
"""

from __future__ import annotations

import bisect
import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from services.ladder.records import LadderEntry
from services.ladder.store import LadderStore
from services.web.history import last_active


@dataclass(frozen=True)
class BuiltLadder:
    """One game's ladder as the site shows it: rows best first, and their JSON.

    Kept alongside, one per row, so that a move touches only the rows it changes: the
    sort key ``(-rating, bot)``, the row's JSON after its rank (``"bot":...}``, the same
    whatever its rank) and the row's whole JSON; ``body`` joins the last."""

    version: int | None
    rows: list[dict[str, Any]]
    body: bytes
    ranks: dict[str, int] = field(default_factory=dict)
    keys: list[tuple[float, str]] = field(default_factory=list)
    fragments: list[bytes] = field(default_factory=list)
    pieces: list[bytes] = field(default_factory=list)


def row_of(entry: LadderEntry, active: float | None, rank: int = 0) -> dict[str, Any]:
    """A ladder row: ``{rank, bot, rating, games, wins, mean_rank, last_active, mu, sigma,
    provisional}`` (the skill to three places)."""
    return {"rank": rank, "bot": entry.name, "rating": entry.rating, "games": entry.games,
            "wins": entry.wins, "mean_rank": round(entry.mean_rank, 3),
            "last_active": active, "mu": round(entry.mu, 3), "sigma": round(entry.sigma, 3),
            "provisional": entry.provisional}


def build_rows(store: LadderStore, game: str) -> list[dict[str, Any]]:
    """:func:`row_of` per bot, best first."""
    entries = store.ladder(game)
    last = last_active(store, game, [entry.name for entry in entries])
    return [row_of(entry, last.get(entry.name), rank)
            for rank, entry in enumerate(entries, start=1)]


def encode(value: Any) -> bytes:
    """JSON as Starlette's ``JSONResponse`` writes it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


def _fragment(row: dict[str, Any]) -> bytes:
    """The row's JSON after ``{"rank":N,`` (rank is the first key of every row)."""
    return encode({key: value for key, value in row.items() if key != "rank"})[1:]


def _piece(rank: int, fragment: bytes) -> bytes:
    return b'{"rank":%d,%b' % (rank, fragment)


def _body(pieces: list[bytes]) -> bytes:
    """Byte for byte what :func:`encode` makes of the rows."""
    return b"[" + b",".join(pieces) + b"]"


def built_from(store: LadderStore, game: str, version: int | None) -> BuiltLadder:
    """Every row read and encoded (``version`` read before them)."""
    rows = build_rows(store, game)
    fragments = [_fragment(row) for row in rows]
    pieces = [_piece(row["rank"], piece) for row, piece in zip(rows, fragments, strict=True)]
    return BuiltLadder(version, rows, _body(pieces), {row["bot"]: row["rank"] for row in rows},
                       [(-row["rating"], row["bot"]) for row in rows], fragments, pieces)


def moved(built: BuiltLadder, version: int, entries: Mapping[str, LadderEntry],
          active: Mapping[str, float | None]) -> BuiltLadder:
    """``built`` with the rows of ``entries``' bots replaced (their last activity from
    ``active``), each put in its place by bisection; only the rows whose rank changed
    are copied and their JSON remade. ``built`` itself is left as it was."""
    keys, rows = list(built.keys), list(built.rows)
    fragments, pieces = list(built.fragments), list(built.pieces)
    first = len(rows)  # the first position whose row or rank may have changed
    for index in sorted((built.ranks[name] - 1 for name in entries if name in built.ranks),
                        reverse=True):
        del keys[index], rows[index], fragments[index], pieces[index]
        first = index
    for name, entry in entries.items():
        row = row_of(entry, active.get(name))
        key = (-entry.rating, name)
        index = bisect.bisect_left(keys, key)
        keys.insert(index, key)
        rows.insert(index, row)
        fragments.insert(index, _fragment(row))
        pieces.insert(index, b"")
        first = min(first, index)
    ranks = dict(built.ranks)
    for index in range(first, len(rows)):
        row, rank = rows[index], index + 1
        if row["rank"] != rank:
            rows[index] = row = {**row, "rank": rank}
            pieces[index] = b""
        if not pieces[index]:
            pieces[index] = _piece(rank, fragments[index])
            ranks[row["bot"]] = rank
    return BuiltLadder(version, rows, _body(pieces), ranks, keys, fragments, pieces)


class LadderCache:
    """The newest :class:`BuiltLadder` of each game (treat its rows as read-only)."""

    def __init__(self, store: LadderStore) -> None:
        self._store = store
        self._lock = threading.Lock()
        self._built: dict[str, BuiltLadder] = {}

    def get(self, game: str) -> BuiltLadder:
        with self._lock:
            built = self._built.get(game)
        if built is not None and built.version is not None:
            changes = self._store.ladder_changes(game, built.version)
            if changes is not None:
                if changes.version == built.version:
                    return built
                names = list(changes.entries)
                active = last_active(self._store, game, names) if names else {}
                return self._keep(game, moved(built, changes.version, changes.entries,
                                              active))
        version = self._store.ladder_version(game)
        built = built_from(self._store, game, version)
        return built if version is None else self._keep(game, built)

    def _keep(self, game: str, built: BuiltLadder) -> BuiltLadder:
        """Keep ``built`` unless a newer ladder was kept meanwhile (by another thread)."""
        with self._lock:
            kept = self._built.get(game)
            if kept is None or kept.version is None or (built.version or 0) >= kept.version:
                self._built[game] = built
        return built
