"""Ladder rows for the web, built once and then moved match by match.

Building a game's rows reads every bot's rating and tallies and each one's latest
rating point (two Redis round trips at any size) and sorts them; encoding them as JSON
costs about as much again. Both are kept per game with the store's ladder version (the
count of applied matches). A page view asks the store what moved since that version
(:meth:`~services.ladder.store.LadderStore.ladder_changes`, one round trip): nothing,
and the kept ladder is served; a few matches, and only their participants' rows are
replaced (with their newest rating points) and put in place by bisection; more than the
store remembers (or a store that cannot tell), and everything is built again. A rebuild
reads the version before the rows: a match applied meanwhile is at worst in the rows
early, and the next update reads its participants' rows again, so the kept ladder always
converges on the store's.

A row's rank is its position, so it is not stored with the row: a move inserts and
deletes in a few flat lists (memory moves, no per-row Python work for the rows whose
rank shifted), and what shows ranks is made when asked, from the part asked for: a page
of rows (:meth:`BuiltLadder.page`), one bot's rank (:meth:`BuiltLadder.rank_of`, a
bisection), or the whole JSON (:attr:`BuiltLadder.body`, joined once per version from
each row's kept encoding and a table of ``{"rank":N,`` prefixes).
"""

from __future__ import annotations

import bisect
import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import add
from typing import Any

from services.ladder.records import LadderEntry
from services.ladder.store import LadderStore
from services.web.history import last_active

_PREFIXES: list[bytes] = []  # _PREFIXES[i] == b'{"rank":<i+1>,'
_PREFIXES_LOCK = threading.Lock()


def _rank_prefixes(count: int) -> list[bytes]:
    """At least ``count`` prefixes ``{"rank":N,`` for N = 1, 2, ... (grown as needed)."""
    if len(_PREFIXES) < count:
        with _PREFIXES_LOCK:
            _PREFIXES.extend(b'{"rank":%d,' % (rank + 1)
                             for rank in range(len(_PREFIXES), count))
    return _PREFIXES


@dataclass(frozen=True)
class BuiltLadder:
    """One game's ladder as the site shows it, best first, in parallel lists: the sort
    key ``(-rating, bot)``, the row without its rank (``{bot, rating, games, wins,
    mean_rank, last_active}``, shared between versions: read only) and that row's JSON
    after its rank (``"bot":...}``, the same whatever the rank). ``keyed`` gives each
    bot's key. Views with ranks are made when asked and kept with the version."""

    version: int | None
    keys: list[tuple[float, str]]
    entries: list[dict[str, Any]]
    fragments: list[bytes]
    keyed: dict[str, tuple[float, str]]
    _made: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def __len__(self) -> int:
        return len(self.keys)

    def rank_of(self, name: str) -> int | None:
        """The bot's rank (1 = best), or None if it is not on the ladder."""
        key = self.keyed.get(name)
        return None if key is None else bisect.bisect_left(self.keys, key) + 1

    def page(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Rows ``start`` to ``stop`` (0-based, as a slice) with their ranks."""
        return [{"rank": index + 1, **entry}
                for index, entry in enumerate(self.entries[start:stop], start=max(0, start))]

    @property
    def rows(self) -> list[dict[str, Any]]:
        """Every row with its rank, best first (made once per version)."""
        rows = self._made.get("rows")
        if rows is None:
            rows = self._made["rows"] = self.page(0, len(self.entries))
        return rows

    @property
    def ranks(self) -> dict[str, int]:
        """Each bot's rank (made once per version)."""
        ranks = self._made.get("ranks")
        if ranks is None:
            ranks = self._made["ranks"] = {
                key[1]: rank for rank, key in enumerate(self.keys, start=1)}
        return ranks

    @property
    def body(self) -> bytes:
        """The rows as JSON, byte for byte what :func:`encode` makes of :attr:`rows`
        (joined once per version)."""
        body = self._made.get("body")
        if body is None:
            prefixes = _rank_prefixes(len(self.fragments))
            body = self._made["body"] = (
                b"[" + b",".join(map(add, prefixes, self.fragments)) + b"]")
        return body


def row_of(entry: LadderEntry, active: float | None) -> dict[str, Any]:
    """A ladder row without its rank: ``{bot, rating, games, wins, mean_rank,
    last_active, mu, sigma, provisional}`` (the skill to three places)."""
    return {"bot": entry.name, "rating": entry.rating, "games": entry.games,
            "wins": entry.wins, "mean_rank": round(entry.mean_rank, 3),
            "last_active": active, "mu": round(entry.mu, 3), "sigma": round(entry.sigma, 3),
            "provisional": entry.provisional}


def encode(value: Any) -> bytes:
    """JSON as Starlette's ``JSONResponse`` writes it."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


def _fragment(row: dict[str, Any]) -> bytes:
    """The row's JSON after ``{"rank":N,`` (rank is the first key of every row)."""
    return encode(row)[1:]


def built_from(store: LadderStore, game: str, version: int | None) -> BuiltLadder:
    """Every row read and encoded (``version`` read before them)."""
    entries = store.ladder(game)
    last = last_active(store, game, [entry.name for entry in entries])
    rows = [row_of(entry, last.get(entry.name)) for entry in entries]
    keys = [(-row["rating"], row["bot"]) for row in rows]
    return BuiltLadder(version, keys, rows, [_fragment(row) for row in rows],
                       {key[1]: key for key in keys})


def moved(built: BuiltLadder, version: int, entries: Mapping[str, LadderEntry],
          active: Mapping[str, float | None]) -> BuiltLadder:
    """``built`` with the rows of ``entries``' bots replaced (their last activity from
    ``active``), each put in its place by bisection. ``built`` itself is left as it was."""
    keys, rows, fragments = list(built.keys), list(built.entries), list(built.fragments)
    keyed = dict(built.keyed)
    for name in entries:
        old = keyed.get(name)
        if old is not None:
            index = bisect.bisect_left(keys, old)
            del keys[index], rows[index], fragments[index]
    for name, entry in entries.items():
        row = row_of(entry, active.get(name))
        key = keyed[name] = (-entry.rating, name)
        index = bisect.bisect_left(keys, key)
        keys.insert(index, key)
        rows.insert(index, row)
        fragments.insert(index, _fragment(row))
    return BuiltLadder(version, keys, rows, fragments, keyed)


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
