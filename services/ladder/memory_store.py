"""The in-process ladder store: plain dictionaries behind one lock.

It is the embedded default (``open_store(None)``): everything lives and dies with the
process, which suits tests, single-process tournaments and the CLI without ``--redis``.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from services.ladder.elo import DEFAULT_K
from services.ladder.records import (
    AppliedMatch,
    AppliedSolo,
    BotTally,
    LadderChanges,
    LadderEntry,
    RatingPoint,
    SoloEntry,
    settle_match,
)
from services.ladder.store import (
    DEFAULT_HISTORY,
    RECENT_MATCHES,
    BotAlreadyRegistered,
    LadderStore,
    conflict,
    solo_conflict,
)


class _GameLadder:
    """One game's ratings, skills, tallies and applied matches, and its solo standings."""

    def __init__(self) -> None:
        self.ratings: dict[str, float] = {}
        self.skills: dict[str, tuple[float, float]] = {}
        self.tallies: dict[str, BotTally] = {}
        self.matches: dict[str, AppliedMatch] = {}
        self.histories: dict[str, deque[RatingPoint]] = {}
        # The participants of the newest matches, newest last (seq, names).
        self.recent: deque[tuple[int, tuple[str, ...]]] = deque(maxlen=RECENT_MATCHES)
        self.solo: dict[str, SoloEntry] = {}
        self.solo_matches: dict[str, AppliedSolo] = {}

    def entry(self, name: str) -> LadderEntry:
        """The ladder entry of a rated bot."""
        return LadderEntry.from_tally(name, self.ratings[name], self.tallies[name],
                                      *self.skills[name])


class MemoryStore(LadderStore):
    """Thread-safe in-process :class:`LadderStore`."""

    def __init__(self, k: float = DEFAULT_K, history: int = DEFAULT_HISTORY) -> None:
        super().__init__(k, history)
        self._lock = threading.Lock()
        self._digest_to_name: dict[str, str] = {}
        self._name_to_digest: dict[str, str] = {}
        self._games: dict[str, _GameLadder] = {}
        self._queue_descriptions: dict[str, str] = {}

    def _save_queue(self, queue: str, description: str) -> None:
        with self._lock:
            self._queue_descriptions[queue] = description

    def _queues(self) -> dict[str, str]:
        with self._lock:
            return dict(self._queue_descriptions)

    def ping(self) -> None:
        """Always reachable: the store is this process's memory."""

    def close(self) -> None:
        """Nothing to release."""

    def registered_bots(self) -> list[str]:
        with self._lock:
            return sorted(self._name_to_digest)

    def _save_token(self, name: str, digest: str, rotate: bool) -> None:
        with self._lock:
            old = self._name_to_digest.get(name)
            if old is not None:
                if not rotate:
                    raise BotAlreadyRegistered(
                        f"bot {name!r} is already registered; rotate its token to replace it"
                    )
                del self._digest_to_name[old]
            self._name_to_digest[name] = digest
            self._digest_to_name[digest] = name

    def _name_for_digest(self, digest: str) -> str | None:
        with self._lock:
            return self._digest_to_name.get(digest)

    def _apply(
        self, game: str, match_id: str, participants: list[str], ranks: list[int]
    ) -> dict[str, float]:
        with self._lock:
            ladder = self._games.setdefault(game, _GameLadder())
            existing = ladder.matches.get(match_id)
            if existing is not None:
                if not existing.same_result(participants, ranks):
                    raise conflict(game, match_id, existing.participants, existing.ranks)
                return dict(existing.deltas)
            settlement = settle_match(
                match_id,
                len(ladder.matches) + 1,
                participants,
                ranks,
                {name: ladder.ratings.get(name) for name in participants},
                {name: ladder.tallies.get(name) for name in participants},
                self.k,
                {name: ladder.skills.get(name) for name in participants},
            )
            ladder.ratings.update(settlement.ratings)
            ladder.skills.update(settlement.skills)
            ladder.tallies.update(settlement.tallies)
            ladder.matches[match_id] = settlement.record
            ladder.recent.append((settlement.record.seq, tuple(settlement.ratings)))
            at = time.time_ns() // 1_000_000 / 1000  # ms, as the Redis store keeps it
            for name, rating in settlement.ratings.items():
                points = ladder.histories.get(name)
                if points is None:
                    points = ladder.histories[name] = deque(maxlen=self.history)
                points.append(RatingPoint(match_id, rating, at))
            return dict(settlement.record.deltas)

    def _applied_match(self, game: str, match_id: str) -> AppliedMatch | None:
        with self._lock:
            ladder = self._games.get(game)
            return None if ladder is None else ladder.matches.get(match_id)

    def _applied_matches(self, game: str) -> list[AppliedMatch]:
        with self._lock:
            ladder = self._games.get(game)
            return [] if ladder is None else list(ladder.matches.values())

    def _entries(self, game: str) -> list[LadderEntry]:
        with self._lock:
            ladder = self._games.get(game)
            if ladder is None:
                return []
            return [ladder.entry(name) for name in ladder.ratings]

    def _entry(self, game: str, name: str) -> LadderEntry | None:
        with self._lock:
            ladder = self._games.get(game)
            if ladder is None or name not in ladder.ratings:
                return None
            return ladder.entry(name)

    def _history(self, game: str, name: str, limit: int) -> list[RatingPoint]:
        with self._lock:
            ladder = self._games.get(game)
            points = None if ladder is None else ladder.histories.get(name)
            return [] if points is None else list(points)[-limit:]

    def _ladder_version(self, game: str) -> int:
        with self._lock:
            ladder = self._games.get(game)
            return 0 if ladder is None else len(ladder.matches)

    def _ladder_changes(self, game: str, since: int) -> LadderChanges | None:
        with self._lock:
            ladder = self._games.get(game)
            if ladder is None:
                return LadderChanges(0, {}) if since == 0 else None
            version = len(ladder.matches)
            behind = version - since
            if behind < 0 or behind > len(ladder.recent):
                return None
            moved: dict[str, LadderEntry] = {}
            for _seq, names in list(ladder.recent)[len(ladder.recent) - behind:]:
                for name in names:
                    moved[name] = ladder.entry(name)
            return LadderChanges(version, moved)

    def _last_rated(self, game: str, names: list[str]) -> dict[str, RatingPoint]:
        with self._lock:
            ladder = self._games.get(game)
            histories = {} if ladder is None else ladder.histories
            return {name: histories[name][-1] for name in names if histories.get(name)}

    def _apply_solo(self, game: str, match_id: str, name: str, score: float) -> bool:
        with self._lock:
            ladder = self._games.setdefault(game, _GameLadder())
            existing = ladder.solo_matches.get(match_id)
            if existing is not None:
                if (existing.name, existing.score) != (name, score):
                    raise solo_conflict(game, match_id, existing.name, existing.score)
                return False
            entry = ladder.solo.get(name) or SoloEntry(name, 0, 0.0, 0.0, 0)
            ladder.solo[name] = entry.counting(score)
            ladder.solo_matches[match_id] = AppliedSolo(match_id, name, score)
            return True

    def _applied_solo(self, game: str, match_id: str) -> AppliedSolo | None:
        with self._lock:
            ladder = self._games.get(game)
            return None if ladder is None else ladder.solo_matches.get(match_id)

    def _solo_entries(self, game: str) -> list[SoloEntry]:
        with self._lock:
            ladder = self._games.get(game)
            return [] if ladder is None else list(ladder.solo.values())

    def _solo_entry(self, game: str, name: str) -> SoloEntry | None:
        with self._lock:
            ladder = self._games.get(game)
            return None if ladder is None else ladder.solo.get(name)
